#include "app/run/lockwatch.h"

#include "app/run/deadlockreader.h"
#include "app/run/lockinspector.h"

#include <QElapsedTimer>

namespace {

// The lock tables cost the server more the more transactions there are, and while it copies
// them every lock waits. Looked at for no more than 2 % of the time, the picture stays live
// where a look is cheap (10 a second below 2 ms) and thins out where it is not: at a tenth of
// the time, 256 clients on 16 slot rows lost 6 % of their orders/s (bench/observers.sh).
constexpr std::int64_t kInspectSpacing = 50;
} // namespace

LockWatch::LockWatch(const ConnectionParams& params, QSqlDatabase control, bool mariaDb, Ids ids, int views,
    ObservingCost& observing)
    : m_inspector(std::make_unique<LockInspector>(control, mariaDb))
    , m_deadlocks(std::make_unique<DeadlockReader>(params, control))
    , m_runId(ids.runId)
    , m_strategyId(std::move(ids.strategyId))
    , m_inspectLive((views & ObservingCost::bit(ObservingCost::View::Inspector)) != 0)
    , m_deadlocksLive((views & ObservingCost::bit(ObservingCost::View::Deadlocks)) != 0)
    , m_observing(observing)
{
}

LockWatch::~LockWatch() = default;

void LockWatch::start()
{
    m_deadlocks->start();
    if (m_inspectLive)
        m_figures.inspectorError = m_inspector->sample().error;
}

void LockWatch::inspect(std::int64_t elapsedMs, double elapsedS, const RunObserver& observer)
{
    if (!m_inspectLive || elapsedMs < m_nextInspectMs)
        return;
    QElapsedTimer clock;
    clock.start();
    LockSnapshot locks = m_inspector->sample();
    m_observing.add(ObservingCost::View::Inspector, clock.nsecsElapsed());
    m_nextInspectMs = elapsedMs + clock.elapsed() * kInspectSpacing;
    locks.lookMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    locks.nextLookAfterMs = static_cast<double>(clock.elapsed() * kInspectSpacing);
    locks.runId = m_runId;
    locks.strategy = m_strategyId;
    locks.elapsedS = elapsedS;
    m_figures.longestLockQueue = std::max(m_figures.longestLockQueue, locks.longestQueue());
    // What the inspector can do now: a look that failed while the server was silent (its
    // connection is cut then) says nothing once it reads the tables again.
    m_figures.inspectorError = locks.error;
    if (observer.locks)
        observer.locks(locks);
}

void LockWatch::lookForDeadlocks(double elapsedS, const RunObserver& observer)
{
    if (m_deadlocksLive)
        collectDeadlocks(elapsedS, observer);
}

void LockWatch::collectDeadlocks(double elapsedS, const RunObserver& observer)
{
    QElapsedTimer clock;
    clock.start();
    const QList<DeadlockRecord> found = m_deadlocks->poll();
    if (m_deadlocks->polls()) // following the error log asks nothing of the server
        m_observing.add(ObservingCost::View::Deadlocks, clock.nsecsElapsed());
    for (DeadlockRecord record : found) {
        record.runId = m_runId;
        record.strategy = m_strategyId;
        record.elapsedS = elapsedS;
        ++m_captured;
        if (m_figures.deadlockRecords.size() < LockFigures::kMostKept)
            m_figures.deadlockRecords.append(record);
        if (observer.deadlock)
            observer.deadlock(record);
    }
}

void LockWatch::account(
    long long serverDeadlocks, const ClientCounts& clients, const QList<NodeFigures>& nodes)
{
    DeadlockAccount& a = m_figures.deadlockAccount;
    a.captured = m_captured;
    a.server = serverDeadlocks;
    a.clients = clients.error(ErrorClass::Deadlock);
    a.polled = m_deadlocks->polls();
    a.clusterAborts = 0;
    if (!nodes.isEmpty()) { // every node's own count, and what replication aborted
        a.server = 0;
        for (const NodeFigures& node : nodes) {
            if (!node.statsValid)
                a.server = -1;
            else if (a.server >= 0)
                a.server += node.deadlocks;
            a.clusterAborts += node.bfAborts;
        }
    }
}
