#pragma once

#include "app/core/clientcounts.h"
#include "app/core/lockfigures.h"
#include "app/core/nodefigures.h"
#include "app/core/observingcost.h"
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
// run, handed to the observer and kept in its LockFigures; what each look cost the server is
// added to the run's `observing`. Lives on the run's thread.
class LockWatch {
public:
    struct Ids {
        int runId = 0;
        QString strategyId;
    };
    // `views`: Experiment::observedViews; an inspector or a deadlock reader not watched live
    // does not look during the run (the deadlocks are still collected after the stop).
    LockWatch(const ConnectionParams& params, QSqlDatabase control, bool mariaDb, Ids ids, int views,
        ObservingCost& observing);
    ~LockWatch();
    LockWatch(const LockWatch&) = delete;
    LockWatch& operator=(const LockWatch&) = delete;

    // Where the deadlocks start, and one look before the clients do, so that a blind
    // inspector is reported even for short runs.
    void start();
    // A picture of the locks, unless the last look was too recent for what it cost.
    void inspect(std::int64_t elapsedMs, double elapsedS, const RunObserver& observer);
    // Each sample's look for new deadlocks: none when they are not watched live.
    void lookForDeadlocks(double elapsedS, const RunObserver& observer);
    void collectDeadlocks(double elapsedS, const RunObserver& observer);
    // Once the last deadlocks are collected: those captured beside the server's count (a single
    // server's, or `nodes`' summed) and the clients' errors 1213.
    void account(long long serverDeadlocks, const ClientCounts& clients, const QList<NodeFigures>& nodes);
    const LockFigures& figures() const { return m_figures; }

private:
    std::unique_ptr<LockInspector> m_inspector;
    std::unique_ptr<DeadlockReader> m_deadlocks;
    long long m_captured = 0; // every deadlock collected, the ones not kept in full included
    int m_runId;
    QString m_strategyId;
    std::int64_t m_nextInspectMs = 0;
    bool m_inspectLive = true;
    bool m_deadlocksLive = true;
    ObservingCost& m_observing;
    LockFigures m_figures;
};
