#include "strategies/transactionretrier.h"

#include "app/core/steadyclock.h"
#include "app/db/finishedbackends.h"
#include "app/db/sqldialect.h"
#include "app/fiber/clientwait.h"

#include <chrono>
#include <thread>

namespace {

constexpr int kMaxErrorRetries = 200;
constexpr unsigned int kQueryInterrupted = 1317; // ER_QUERY_INTERRUPTED: KILL QUERY ended the statement

} // namespace

TransactionRetrier::TransactionRetrier(RunEnvironment& environment, WorkerCounters& counters, Prepare prepare)
    : m_environment(environment)
    , m_counters(counters)
    , m_prepare(std::move(prepare))
    , m_rng(environment.experiment().seed ^ reinterpret_cast<std::uintptr_t>(&counters))
    , m_hold(environment, counters)
{
    m_environment.registerConnection(&m_connection);
    m_connection.setTimeline(&m_counters.timeline);
}

TransactionRetrier::~TransactionRetrier()
{
    m_environment.unregisterConnection(&m_connection);
}

bool TransactionRetrier::connect(QString* error)
{
    m_node = m_environment.nextClientNode();
    m_params = m_environment.params().onNode(m_node);
    {
        const ClientWait::Permit turn(m_environment.sessionOpenings());
        // Another client could not open its session: the run will not start, and a server that
        // does not answer would hold each turn for the connect timeout.
        if (m_environment.runFailed() || m_environment.stopRequested()) {
            *error = tr("not connected: the run is not starting");
            return false;
        }
        if (!openOnSomeNode()) {
            *error = tr("cannot connect to %1: %2")
                         .arg(m_params.endpoint(), m_connection.lastError().toString());
            return false;
        }
        if (setUpSession(error))
            return true;
    }
    // Killed while it prepared its statements (the server is there: it just accepted the
    // connection): set up again on a new one rather than fail the run.
    if (m_connection.ping() || !reconnect())
        return false;
    error->clear(); // the set-up that failed was done again
    return true;
}

bool TransactionRetrier::setUpSession(QString* error)
{
    // A connection opened again keeps the network of the last one: its set-up is not timed either.
    m_connection.setRoundTrip(std::chrono::nanoseconds(0));
    const bool postgres = m_environment.params().isPostgres();
    const QString isolation = isolationSql(m_environment.experiment().isolation);
    if (!isolation.isEmpty() && !m_connection.execute(SqlDialect::of(postgres).setIsolation(isolation))) {
        m_reconnectError = m_connection.lastError();
        *error = tr("cannot set isolation level: %1").arg(m_connection.lastError().toString());
        return false;
    }
    if (const int timeout = m_environment.experiment().lockWaitTimeoutS;
        timeout > 0 && !m_connection.execute(SqlDialect::of(postgres).setLockWaitTimeout(timeout))) {
        m_reconnectError = m_connection.lastError();
        *error = tr("cannot set innodb_lock_wait_timeout: %1").arg(m_connection.lastError().toString());
        return false;
    }
    // What the server says the session runs under, not what was asked for.
    std::optional<QString> readIsolation;
    for (const QString& query : SqlDialect::of(postgres).readIsolation()) {
        if ((readIsolation = m_connection.queryText(query)))
            break;
    }
    const std::optional<QString> readTimeout
        = m_connection.queryText(SqlDialect::of(postgres).readLockWaitTimeout());
    if (readIsolation && readTimeout)
        m_environment.noteSessionSettings(
            readIsolation->replace(QLatin1Char('-'), QLatin1Char(' ')).toUpper(), *readTimeout);
    if (!m_probe.prepare(m_connection, SqlDialect::of(postgres).probeCommitted())) {
        m_reconnectError = m_probe.lastError();
        *error = tr("cannot prepare the reconciliation query: %1").arg(m_probe.lastError().toString());
        return false;
    }
    if (const DatabaseError prepareError = m_prepare(m_connection); prepareError.isSet()) {
        m_reconnectError = prepareError;
        *error = tr("cannot prepare the strategy's statements: %1").arg(prepareError.toString());
        return false;
    }
    // The shopper's network starts with its orders: setting the session up is not timed.
    m_connection.setRoundTrip(m_environment.roundTrip());
    m_sessionId = m_connection.threadId();
    m_environment.noteClientConnection(m_sessionId);
    return true;
}

OrderOutcome TransactionRetrier::run(const std::function<std::int64_t()>& probeRequestId,
    const std::function<Attempt()>& attempt, int maxConflicts)
{
    const StatementTime before = m_connection.statementTime();
    m_spent = {};
    const OrderOutcome outcome = runAttempts(probeRequestId, attempt, maxConflicts);
    countTimeSpent(before);
    return outcome;
}

void TransactionRetrier::countTimeSpent(const StatementTime& before)
{
    const StatementTime& after = m_connection.statementTime();
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

OrderOutcome TransactionRetrier::runAttempts(const std::function<std::int64_t()>& probeRequestId,
    const std::function<Attempt()>& attempt, int maxConflicts)
{
    int conflicts = 0;
    int errorRetries = 0;
    while (true) {
        m_counters.add(ClientCount::Attempts, 1);
        m_hold.reset();
        m_commitFailed = false;
        // A connection lost between orders has nothing under way: this order fails, it is not unknown.
        if (!m_connection.isOpen() && !reconnect()) {
            m_environment.errors().report(
                m_reconnectError.isSet() ? m_reconnectError : DatabaseError { 2006, tr("not connected") },
                tr("connection lost and not regained"));
            return OrderOutcome::Failed;
        }
        const Attempt result = attempt();
        std::optional<OrderOutcome> outcome;
        switch (result.kind) {
        case Attempt::Kind::Sold:
            m_hold.endCommitted();
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
    const ErrorClass errorClass = m_commitFailed ? classifyCommitError(error.code) : error.errorClass();
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
    if (errorClass == ErrorClass::ConnectionLost) {
        // The last statement may or may not have committed: reconnect, then ask.
        leaveNodeOutsideTheGroup(error);
        const unsigned long lostSession = m_sessionId;
        if (!reconnect()) {
            m_environment.errors().report(
                m_reconnectError.isSet() ? m_reconnectError : error, tr("connection lost and not regained"));
            return OrderOutcome::Unknown;
        }
        if (!awaitFinished(lostSession))
            return OrderOutcome::Unknown;
        return lookedUp(probeRequestId); // not committed: tried again
    }
    if (errorClass == ErrorClass::DuplicateKey) {
        // Our request id is already in the table: an earlier attempt committed.
        m_connection.rollback();
        const std::optional<bool> committed = isCommitted(probeRequestId());
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
        m_connection.rollback();
        m_environment.errors().report(error, QString());
        if (endsTheRun(error.code))
            m_environment.failRun(describeRunEndingError(error));
        return OrderOutcome::Failed;
    }
    // InnoDB's 1205 rolls back only the statement: the transaction and its locks stay. PostgreSQL
    // keeps any failed transaction open, refusing all but ROLLBACK, a deadlock's victim too.
    if ((errorClass != ErrorClass::Deadlock && errorClass != ErrorClass::CommitAbort)
        || m_connection.postgres())
        m_connection.rollback();
    return std::nullopt;
}

void TransactionRetrier::delayInTransaction()
{
    const double delayMs = m_environment.experiment().delayMs;
    if (delayMs <= 0.0)
        return;
    const std::int64_t start = steadyNowNs();
    ClientWait::sleepFor(std::chrono::nanoseconds(static_cast<std::int64_t>(delayMs * 1e6)));
    m_spent.workNs += steadyNowNs() - start;
}

bool TransactionRetrier::commit()
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

OrderOutcome TransactionRetrier::cancelledByStopNow(const std::function<std::int64_t()>& probeRequestId)
{
    // The statement ended, the transaction stays: rolled back, the order is cancelled. A
    // statement that commits (COMMIT, an autocommitted insert, CALL lab_sell) may have committed
    // before the stop reached it: the orders table says.
    m_hold.forget();
    if (!m_connection.rollback())
        m_connection.rollback(); // a KILL that came between two statements ends the next one
    return lookedUp(probeRequestId).value_or(OrderOutcome::Aborted);
}

bool TransactionRetrier::awaitFinished(unsigned long lostSession)
{
    // InnoDB's locking read waits for a commit in flight; PostgreSQL's snapshot does not see
    // one, so the lost connection's backend is waited for until it has finished.
    if (!m_connection.postgres())
        return true;
    const bool finished = FinishedBackends::await(
        { lostSession },
        [this](const QString& sql) -> std::optional<long long> {
            // The asking connection may be cut as well (a server ending backends one after
            // another): a new one asks again, or the order's outcome would stay unknown.
            for (int attempt = 0; attempt < 3; ++attempt) {
                if (const std::optional<QString> count = m_connection.queryText(sql))
                    return count->toLongLong();
                if (m_connection.lastError().errorClass() != ErrorClass::ConnectionLost || !reconnect())
                    break;
            }
            return std::nullopt;
        },
        [](std::chrono::milliseconds pause) { ClientWait::sleepFor(pause); });
    if (!finished)
        m_environment.errors().report(m_connection.lastError().isSet()
                ? m_connection.lastError()
                : DatabaseError { 0, tr("backend %1 is still running").arg(lostSession) },
            tr("cannot learn whether the order of a lost connection committed"));
    return finished;
}

std::optional<OrderOutcome> TransactionRetrier::lookedUp(const std::function<std::int64_t()>& probeRequestId)
{
    const std::optional<bool> committed = isCommitted(probeRequestId());
    if (!committed)
        return OrderOutcome::Unknown;
    if (*committed) {
        m_counters.add(ClientCount::Reconciled, 1);
        return OrderOutcome::Sold;
    }
    return std::nullopt;
}

bool TransactionRetrier::rollback()
{
    const bool rolledBack = m_connection.rollback();
    m_hold.endRolledBack(m_connection.sentAtNs());
    return rolledBack;
}

bool TransactionRetrier::timedLockingExecute(
    PreparedStatement& statement, std::span<const std::int64_t> params, LockedRow row)
{
    return timeLock(statement.execute(params), row);
}

bool TransactionRetrier::timedLockingExecute(
    PreparedStatement& statement, std::span<const SqlValue> params, LockedRow row)
{
    return timeLock(statement.execute(params), row);
}

bool TransactionRetrier::timeLock(bool ok, LockedRow row)
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

bool TransactionRetrier::reconnect()
{
    using namespace std::chrono;
    // A server that restarts is waited for as long as the run waits for a silent one; the
    // server watch says when it is gone for good.
    const auto wait = std::max<milliseconds>(
        seconds(30), milliseconds(m_environment.experiment().serverWaitMs) + seconds(5));
    const auto deadline = steady_clock::now() + wait;
    m_reconnectError = {};
    if (m_onConnectionLost)
        m_onConnectionLost();
    int round = 0;
    while (steady_clock::now() < deadline && !m_environment.serverLost() && !m_environment.runFailed()) {
        if (m_environment.serverSilent()) {
            if (givesUpAtStop())
                return false;
            ClientWait::sleepFor(milliseconds(50));
            continue;
        }
        if (openTakingTurns())
            return true;
        // The server answers but refuses this account (a revoked privilege, a dropped user or
        // database): waiting will not change that, and the run ends with the server's reason.
        if (endsTheRun(m_reconnectError.code)) {
            m_environment.failRun(describeRunEndingError(m_reconnectError));
            return false;
        }
        if (m_environment.stopRequested() && round > 20)
            return false;
        ClientWait::sleepFor(milliseconds(std::min(1000, 20 << std::min(round, 6))));
        ++round;
    }
    return false;
}

bool TransactionRetrier::givesUpAtStop() const
{
    // The stop line leaves an order whose reply was lost to the closing lookup. One whose units
    // are held outside the database waits on: the lookup comes too late to give them back. The
    // run waits for the silent server too, and marks it lost (ending this loop) when it gives up
    // on it; Stop now cancels what is under way, this wait with it.
    if (!m_environment.stopRequested())
        return false;
    return !m_waitsPastStop || m_environment.stopNowRequested();
}

bool TransactionRetrier::openTakingTurns()
{
    // After a restart every client reconnects at once, as at the start of a run.
    const ClientWait::Permit turn(m_environment.sessionOpenings());
    QString error;
    if (!openOnSomeNode()) {
        m_reconnectError = m_connection.lastError();
        return false;
    }
    return setUpSession(&error);
}

void TransactionRetrier::leaveNodeOutsideTheGroup(const DatabaseError& error)
{
    // A cluster node that lost the primary component accepts connections but refuses every
    // statement (1047) until it rejoins: the client moves on, as it does from a node that is down.
    const int nodes = m_environment.params().nodeCount();
    if (error.code != 1047 || nodes == 1)
        return;
    m_connection.close();
    m_node = (m_node + 1) % nodes;
    m_params = m_environment.params().onNode(m_node);
}

bool TransactionRetrier::openOnSomeNode()
{
    // A cluster's client whose node is down moves to the next node that answers, as an
    // application's connection pool would; a single server has only its one.
    const int nodes = m_environment.params().nodeCount();
    for (int tried = 0; tried < nodes; ++tried) {
        if (m_connection.open(m_params))
            return true;
        if (nodes == 1)
            return false;
        m_node = (m_node + 1) % nodes;
        m_params = m_environment.params().onNode(m_node);
    }
    return false;
}

std::optional<bool> TransactionRetrier::isCommitted(std::int64_t requestId)
{
    // On a cluster this node may not yet have applied a write set another node committed
    // (the order's own, when its node went away): the probe waits until it has.
    const bool cluster = m_environment.params().nodeCount() > 1;
    if (cluster)
        m_connection.execute(QStringLiteral("SET SESSION wsrep_sync_wait = 1"));
    const std::optional<bool> committed = probeCommitted(requestId);
    if (cluster && m_connection.isOpen())
        m_connection.execute(QStringLiteral("SET SESSION wsrep_sync_wait = 0"));
    return committed;
}

std::optional<bool> TransactionRetrier::isCommittedNow(std::int64_t requestId)
{
    if (!m_connection.isOpen())
        return std::nullopt; // reconnecting could wait for a server that is gone
    return isCommitted(requestId);
}

std::optional<bool> TransactionRetrier::probeCommitted(std::int64_t requestId)
{
    // A locking read waits for a transaction that is still finishing with this row,
    // so a commit in flight is seen, not missed.
    DatabaseError error;
    for (int tries = 0; tries < 5; ++tries) {
        if (m_probe.execute({ requestId })) {
            const std::optional<std::int64_t> count = m_probe.fetchSingle();
            if (count)
                return *count > 0;
        }
        error = m_probe.lastError();
        leaveNodeOutsideTheGroup(error);
        if (error.errorClass() == ErrorClass::ConnectionLost && !reconnect()) {
            if (m_reconnectError.isSet())
                error = m_reconnectError;
            break;
        }
    }
    m_environment.errors().report(error, tr("cannot learn whether request %1 committed").arg(requestId));
    return std::nullopt;
}

void TransactionRetrier::backoff(int attempt)
{
    // Jittered exponential backoff, capped at about 10 ms, so that losers do not retry in lockstep.
    const int capUs = std::min(10000, 50 << std::min(attempt, 8));
    std::uniform_int_distribution<int> jitter(0, capUs);
    const std::int64_t start = steadyNowNs();
    ClientWait::sleepFor(std::chrono::microseconds(jitter(m_rng)));
    m_spent.backoffNs += steadyNowNs() - start;
}
