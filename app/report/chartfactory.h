#pragma once

#include "app/core/strategyresult.h"

#include <QList>
#include <QString>

class QChart;

// Builds the lab's charts from finished results, for the comparison tab, export and reports.
// Each function returns a new QChart the caller owns.
namespace ChartFactory {

// A result and where it came from (empty for this session, else a results file's label),
// so that runs from different files overlay on one chart.
struct Source {
    QString label;
    StrategyResult result;
};

struct NamedChart {
    QString name; // file-name friendly, e.g. "orders-vs-threads"
    QChart* chart = nullptr;
};

QChart* ordersVersusThreads(const QList<Source>& sources);
QChart* p99VersusThreads(const QList<Source>& sources);
QChart* lockWaitsVersusThreads(const QList<Source>& sources);
QChart* ordersByStrategy(const QList<Source>& sources);
// One line per result over its elapsed time.
QChart* overTime(const QList<Source>& sources, const QString& title, const QString& unit,
                 double (*value)(const MetricsSample&));

// Every chart a report shows for these results: the time series, and the scaling curves
// when more than one thread count was run.
QList<NamedChart> reportCharts(const QList<Source>& sources);

// The name of a result's line: strategy, plus what distinguishes it in a sweep and its source.
QString lineName(const Source& source, bool withThreads);

} // namespace ChartFactory
