#pragma once

#include "app/core/strategyresult.h"
#include "app/db/connectionparams.h"
#include "app/run/runobserver.h"

#include <QSqlDatabase>
#include <QString>

#include <cstdint>
#include <memory>

class DeadlockReader;
class LockInspector;

// The run's look at its locks, on the run's control connection: the lock inspector's pictures
// (who holds, who waits for whom) and every deadlock the server reports, each stamped with the
// run and handed to the observer and kept in the result. Lives on the run's thread.
class LockWatch {
public:
    struct Ids {
        int runId = 0;
        QString strategyId;
    };
    // `views`: Experiment::observedViews; an inspector or a deadlock reader not watched live
    // does not look during the run (the deadlocks are still collected after the stop).
    LockWatch(const ConnectionParams& params, QSqlDatabase control, bool mariaDb, Ids ids, int views);
    ~LockWatch();
    LockWatch(const LockWatch&) = delete;
    LockWatch& operator=(const LockWatch&) = delete;

    // Where the deadlocks start, and one look before the clients do, so that a blind
    // inspector is reported even for short runs.
    void start(StrategyResult& result);
    // A picture of the locks, unless the last look was too recent for what it cost.
    void inspect(
        std::int64_t elapsedMs, double elapsedS, StrategyResult& result, const RunObserver& observer);
    // Each sample's look for new deadlocks: none when they are not watched live.
    void lookForDeadlocks(double elapsedS, StrategyResult& result, const RunObserver& observer);
    void collectDeadlocks(double elapsedS, StrategyResult& result, const RunObserver& observer);
    // Once the last deadlocks are collected: those captured beside the server's count (a single
    // server's, or `nodes`' summed) and the clients' errors 1213, into the result.
    void account(StrategyResult& result, long long serverDeadlocks, const ClientCounts& clients) const;

private:
    std::unique_ptr<LockInspector> m_inspector;
    std::unique_ptr<DeadlockReader> m_deadlocks;
    long long m_captured = 0; // every deadlock collected, the ones not kept in full included
    int m_runId;
    QString m_strategyId;
    std::int64_t m_nextInspectMs = 0;
    bool m_inspectLive = true;
    bool m_deadlocksLive = true;
};
