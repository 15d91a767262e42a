#pragma once

#include "app/core/deadlockrecord.h"
#include "app/core/metricssample.h"
#include "app/core/repeatsummary.h"
#include "app/core/strategyresult.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QTextStream>

// Prints a live line per second while a strategy runs, and the final table.
class ConsoleReporter : public QObject {
    Q_OBJECT
public:
    explicit ConsoleReporter(bool live, QObject* parent = nullptr);

    void onStatus(int runId, const QString& message);
    void onSample(const MetricsSample& sample);
    void onStrategyFinished(const StrategyResult& result);
    void onDeadlock(const DeadlockRecord& deadlock);
    void printTable(const QList<StrategyResult>& results);

private:
    void printSpread(const QList<RepeatSummary>& summaries);
    // The finished strategy's line: its stop, its audit and its verdict.
    static QString headline(const StrategyResult& r);
    static QString settings(const StrategyResult& r);

    bool m_live;
    double m_lastPrintedS = -1.0;
    QHash<QString, MetricsSample> m_previous; // each strategy's last sample, for the rates per interval
    int m_deadlocksPrinted = 0;
    QTextStream m_out;
};
