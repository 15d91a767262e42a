#include "strategies/transactionretrier.h"

#include "app/core/steadyclock.h"
#include "app/fiber/clientwait.h"
#include "strategies/clientconnection.h"
#include "strategies/commitlookup.h"
#include "strategies/runenvironment.h"
#include "strategies/transactionclock.h"

#include <chrono>

namespace {

constexpr int kMaxErrorRetries = 200;
constexpr unsigned int kQueryInterrupted = 1317; // ER_QUERY_INTERRUPTED: KILL QUERY ended the statement

} // namespace

TransactionRetrier::TransactionRetrier(RunEnvironment& environment, WorkerCounters& counters,
    ClientConnection& client, CommitLookup& lookup, TransactionClock& clock)
    : m_environment(environment)
    , m_counters(counters)
    , m_client(client)
    , m_lookup(lookup)
    , m_clock(clock)
    , m_rng(environment.experiment().seed ^ reinterpret_cast<std::uintptr_t>(&counters))
{
}

OrderOutcome TransactionRetrier::run(const std::function<std::int64_t()>& probeRequestId,
    const std::function<Attempt()>& attempt, int maxConflicts)
{
    m_clock.startOrder();
    const OrderOutcome outcome = runAttempts(probeRequestId, attempt, maxConflicts);
    m_clock.endOrder();
    return outcome;
}

OrderOutcome TransactionRetrier::runAttempts(const std::function<std::int64_t()>& probeRequestId,
    const std::function<Attempt()>& attempt, int maxConflicts)
{
    int conflicts = 0;
    int errorRetries = 0;
    while (true) {
        m_counters.add(ClientCount::Attempts, 1);
        m_clock.startAttempt();
        // A connection lost between orders has nothing under way: this order fails, it is not unknown.
        if (!m_client.isOpen() && !m_client.reconnect()) {
            m_environment.errors().report(m_client.reconnectError().isSet()
                    ? m_client.reconnectError()
                    : DatabaseError { 2006, tr("not connected") },
                tr("connection lost and not regained"));
            return OrderOutcome::Failed;
        }
        const Attempt result = attempt();
        std::optional<OrderOutcome> outcome;
        switch (result.kind) {
        case Attempt::Kind::Sold:
            m_clock.sold();
            return OrderOutcome::Sold;
        case Attempt::Kind::OutOfStock:
            return OrderOutcome::OutOfStock;
        case Attempt::Kind::Conflict:
            outcome = afterConflict(++conflicts, maxConflicts);
            break;
        case Attempt::Kind::Error:
            outcome = afterError(result.error, probeRequestId, &errorRetries);
            break;
        }
        if (outcome)
            return *outcome;
    }
}

std::optional<OrderOutcome> TransactionRetrier::afterConflict(int conflicts, int maxConflicts)
{
    if (conflicts > maxConflicts) {
        // No context: the row it is reported in names its strategy, whichever retries conflicts.
        m_environment.errors().report(
            { 0, tr("gave up after %1 version conflicts").arg(maxConflicts) }, QString());
        return OrderOutcome::Failed;
    }
    m_counters.add(ClientCount::Retries, 1);
    if (m_environment.stopRequested())
        return OrderOutcome::Aborted;
    backoff(conflicts);
    return std::nullopt;
}

std::optional<OrderOutcome> TransactionRetrier::afterError(
    const DatabaseError& error, const std::function<std::int64_t()>& probeRequestId, int* errorRetries)
{
    // On a cluster COMMIT is where another node's write is found: certification aborts the
    // transaction there, which is no lock-wait deadlock and is counted apart.
    if (error.code == kQueryInterrupted && m_environment.stopNowRequested())
        return cancelledByStopNow(probeRequestId);
    const ErrorClass errorClass
        = m_clock.commitFailed() ? classifyCommitError(error.code) : error.errorClass();
    m_counters.countError(errorClass);
    if (const std::optional<OrderOutcome> settled = settleError(errorClass, error, probeRequestId))
        return settled;
    // A NOWAIT refusal is a lost race, as a version conflict is: retried as often as the
    // experiment allows (max-retries), and never less often than any other error.
    const int retryLimit = errorClass == ErrorClass::LockNowait
        ? std::max(kMaxErrorRetries, m_environment.experiment().maxRetries)
        : kMaxErrorRetries;
    if (++*errorRetries > retryLimit) {
        m_environment.errors().report(error, tr("gave up after %1 retries").arg(retryLimit));
        return OrderOutcome::Failed;
    }
    m_counters.add(ClientCount::Retries, 1);
    if (m_environment.stopRequested())
        return OrderOutcome::Aborted;
    if (errorClass != ErrorClass::ConnectionLost)
        backoff(std::min(*errorRetries, 6));
    return std::nullopt;
}

std::optional<OrderOutcome> TransactionRetrier::settleError(
    ErrorClass errorClass, const DatabaseError& error, const std::function<std::int64_t()>& probeRequestId)
{
    if (errorClass == ErrorClass::ConnectionLost)
        return afterLostConnection(error, probeRequestId);
    if (errorClass == ErrorClass::DuplicateKey) {
        // Our request id is already in the table: an earlier attempt committed.
        m_client.connection().rollback();
        const std::optional<bool> committed = m_lookup.isCommitted(probeRequestId());
        if (!committed)
            return OrderOutcome::Unknown; // the row is there or on its way, and nobody could say which
        if (*committed) {
            m_counters.add(ClientCount::Reconciled, 1);
            return OrderOutcome::Sold;
        }
        m_environment.errors().report(error, QString());
        return OrderOutcome::Failed;
    }
    if (!isRetryable(errorClass)) {
        m_client.connection().rollback();
        m_environment.errors().report(error, QString());
        if (endsTheRun(error.code))
            m_environment.failRun(describeRunEndingError(error));
        return OrderOutcome::Failed;
    }
    // InnoDB's 1205 rolls back only the statement: the transaction and its locks stay. PostgreSQL
    // keeps any failed transaction open, refusing all but ROLLBACK, a deadlock's victim too.
    if ((errorClass != ErrorClass::Deadlock && errorClass != ErrorClass::CommitAbort) || m_client.postgres())
        m_client.connection().rollback();
    return std::nullopt;
}

std::optional<OrderOutcome> TransactionRetrier::afterLostConnection(
    const DatabaseError& error, const std::function<std::int64_t()>& probeRequestId)
{
    // The last statement may or may not have committed: reconnect, then ask.
    m_client.leaveNodeOutsideTheGroup(error);
    const unsigned long lostSession = m_client.sessionId();
    if (!m_client.reconnect()) {
        m_environment.errors().report(m_client.reconnectError().isSet() ? m_client.reconnectError() : error,
            tr("connection lost and not regained"));
        return OrderOutcome::Unknown;
    }
    if (!m_lookup.awaitFinished(lostSession))
        return OrderOutcome::Unknown;
    return lookedUp(probeRequestId); // not committed: tried again
}

OrderOutcome TransactionRetrier::cancelledByStopNow(const std::function<std::int64_t()>& probeRequestId)
{
    // The statement ended, the transaction stays: rolled back, the order is cancelled. A
    // statement that commits (COMMIT, an autocommitted insert, CALL lab_sell) may have committed
    // before the stop reached it: the orders table says.
    m_clock.forgetHold();
    if (!m_client.connection().rollback())
        m_client.connection().rollback(); // a KILL that came between two statements ends the next one
    return lookedUp(probeRequestId).value_or(OrderOutcome::Aborted);
}

std::optional<OrderOutcome> TransactionRetrier::lookedUp(const std::function<std::int64_t()>& probeRequestId)
{
    const std::optional<bool> committed = m_lookup.isCommitted(probeRequestId());
    if (!committed)
        return OrderOutcome::Unknown;
    if (*committed) {
        m_counters.add(ClientCount::Reconciled, 1);
        return OrderOutcome::Sold;
    }
    return std::nullopt;
}

void TransactionRetrier::backoff(int attempt)
{
    // Jittered exponential backoff, capped at about 10 ms, so that losers do not retry in lockstep.
    const int capUs = std::min(10000, 50 << std::min(attempt, 8));
    std::uniform_int_distribution<int> jitter(0, capUs);
    const std::int64_t start = steadyNowNs();
    ClientWait::sleepFor(std::chrono::microseconds(jitter(m_rng)));
    m_clock.addBackoffNs(steadyNowNs() - start);
}
