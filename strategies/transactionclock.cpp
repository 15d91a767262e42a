#include "strategies/transactionclock.h"

#include "app/core/steadyclock.h"
#include "app/fiber/clientwait.h"
#include "strategies/runenvironment.h"

TransactionClock::TransactionClock(
    RunEnvironment& environment, WorkerCounters& counters, DatabaseConnection& connection)
    : m_counters(counters)
    , m_connection(connection)
    , m_delayMs(environment.experiment().delayMs)
    , m_hold(environment, counters)
{
}

void TransactionClock::startOrder()
{
    m_orderStart = m_connection.statementTime();
    m_spent = {};
}

void TransactionClock::startAttempt()
{
    m_hold.reset();
    m_commitFailed = false;
}

void TransactionClock::endOrder()
{
    const StatementTime& after = m_connection.statementTime();
    const StatementTime& before = m_orderStart;
    const std::int64_t weight = m_ordersPerTransaction;
    m_counters.add(ClientCount::NetworkNs, weight * (after.networkNs - before.networkNs));
    m_counters.add(ClientCount::LateWakeNs, weight * (after.lateWakeNs - before.lateWakeNs));
    m_counters.add(ClientCount::ServerNs, weight * (after.serverNs - before.serverNs));
    m_counters.add(ClientCount::Statements, weight * (after.statements - before.statements));
    m_counters.add(ClientCount::LockStatementNs, weight * m_spent.lockNs);
    m_counters.add(ClientCount::LockStatements, weight * m_spent.lockStatements);
    m_counters.add(ClientCount::CommitNs, weight * m_spent.commitNs);
    m_counters.add(ClientCount::Commits, weight * m_spent.commits);
    m_counters.add(ClientCount::BackoffNs, weight * m_spent.backoffNs);
    m_counters.add(ClientCount::WorkNs, weight * m_spent.workNs);
}

bool TransactionClock::timedLockingExecute(
    PreparedStatement& statement, std::span<const std::int64_t> params, LockedRow row)
{
    return timeLock(statement.execute(params), row);
}

bool TransactionClock::timedLockingExecute(
    PreparedStatement& statement, std::span<const SqlValue> params, LockedRow row)
{
    return timeLock(statement.execute(params), row);
}

bool TransactionClock::timeLock(bool ok, LockedRow row)
{
    const std::int64_t end = steadyNowNs();
    const std::int64_t start = m_connection.sentAtNs(); // the wait starts once the statement is on its way
    m_counters.add(ClientCount::LockWaitNs, end - start);
    m_spent.lockNs += end - start;
    ++m_spent.lockStatements;
    if (!m_hold.held())
        m_counters.timeline.record(TimelinePhase::LockWait, start, end);
    m_hold.locked(ok, start, end, row);
    return ok;
}

void TransactionClock::delayInTransaction()
{
    if (m_delayMs <= 0.0)
        return;
    const std::int64_t start = steadyNowNs();
    ClientWait::sleepFor(std::chrono::nanoseconds(static_cast<std::int64_t>(m_delayMs * 1e6)));
    m_spent.workNs += steadyNowNs() - start;
}

bool TransactionClock::commit()
{
    const bool committed = m_connection.commit();
    const std::int64_t sentAtNs = m_connection.sentAtNs(); // after the round trip the lock was held across
    const std::int64_t repliedAtNs = steadyNowNs();
    m_hold.committing(sentAtNs);
    m_spent.commitNs += repliedAtNs - sentAtNs;
    m_counters.timeline.record(TimelinePhase::Committing, sentAtNs, repliedAtNs);
    ++m_spent.commits;
    m_commitFailed = !committed;
    if (committed)
        m_hold.endCommitted();
    return committed;
}

bool TransactionClock::rollback()
{
    const bool rolledBack = m_connection.rollback();
    m_hold.endRolledBack(m_connection.sentAtNs());
    return rolledBack;
}
