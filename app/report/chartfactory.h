#pragma once

#include "app/core/sourcedresult.h"

#include <QList>
#include <QString>

class QChart;

// Builds the lab's charts from finished results, for the comparison tab, export and reports.
// Each function returns a new QChart the caller owns.
namespace ChartFactory {

struct NamedChart {
    QString name; // file-name friendly, e.g. "orders-vs-threads"
    QChart* chart = nullptr;
};

QChart* ordersVersusThreads(const QList<SourcedResult>& sources);
QChart* p99VersusThreads(const QList<SourcedResult>& sources);
QChart* lockWaitsVersusThreads(const QList<SourcedResult>& sources);
QChart* ordersByStrategy(const QList<SourcedResult>& sources);
// Every chart a report shows for these results: the bars of each strategy's orders/s, each
// chart of the window's time tabs, the oversell check, the scaling curves when more than one
// thread count was run.
QList<NamedChart> reportCharts(const QList<SourcedResult>& sources);

// The name of a result's line: strategy, plus what distinguishes it in a sweep and its source.
QString lineName(const SourcedResult& source, bool withThreads);

} // namespace ChartFactory
