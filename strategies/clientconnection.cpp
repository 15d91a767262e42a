#include "strategies/clientconnection.h"

#include "app/db/sqldialect.h"
#include "app/fiber/clientwait.h"
#include "strategies/runenvironment.h"

#include <chrono>

ClientConnection::ClientConnection(RunEnvironment& environment, WorkerCounters& counters)
    : m_environment(environment)
{
    m_environment.registerConnection(&m_connection);
    m_connection.setTimeline(&counters.timeline);
}

ClientConnection::~ClientConnection()
{
    m_environment.unregisterConnection(&m_connection);
}

bool ClientConnection::connect(QString* error)
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

bool ClientConnection::setUpSession(QString* error)
{
    // A connection opened again keeps the network of the last one: its set-up is not timed either.
    m_connection.setRoundTrip(std::chrono::nanoseconds(0));
    if (!applySettings(error))
        return false;
    for (const Preparation& preparation : m_preparations) {
        if (const DatabaseError failed = preparation.prepare(m_connection); failed.isSet()) {
            m_reconnectError = failed;
            *error = preparation.failure.arg(failed.toString());
            return false;
        }
    }
    // The shopper's network starts with its orders: setting the session up is not timed.
    m_connection.setRoundTrip(m_environment.roundTrip());
    m_sessionId = m_connection.threadId();
    m_environment.noteClientConnection(m_sessionId);
    return true;
}

bool ClientConnection::applySettings(QString* error)
{
    const SqlDialect& dialect = SqlDialect::of(m_environment.params().isPostgres());
    const QString isolation = isolationSql(m_environment.experiment().isolation);
    if (!isolation.isEmpty() && !m_connection.execute(dialect.setIsolation(isolation))) {
        m_reconnectError = m_connection.lastError();
        *error = tr("cannot set isolation level: %1").arg(m_connection.lastError().toString());
        return false;
    }
    if (const int timeout = m_environment.experiment().lockWaitTimeoutS;
        timeout > 0 && !m_connection.execute(dialect.setLockWaitTimeout(timeout))) {
        m_reconnectError = m_connection.lastError();
        *error = tr("cannot set innodb_lock_wait_timeout: %1").arg(m_connection.lastError().toString());
        return false;
    }
    // What the server says the session runs under, not what was asked for.
    std::optional<QString> readIsolation;
    for (const QString& query : dialect.readIsolation()) {
        if ((readIsolation = m_connection.queryText(query)))
            break;
    }
    const std::optional<QString> readTimeout = m_connection.queryText(dialect.readLockWaitTimeout());
    if (readIsolation && readTimeout)
        m_environment.noteSessionSettings(
            readIsolation->replace(QLatin1Char('-'), QLatin1Char(' ')).toUpper(), *readTimeout);
    return true;
}

bool ClientConnection::reconnect()
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

bool ClientConnection::givesUpAtStop() const
{
    // The stop line leaves an order whose reply was lost to the closing lookup. One whose units
    // are held outside the database waits on: the lookup comes too late to give them back. The
    // run waits for the silent server too, and marks it lost (ending this loop) when it gives up
    // on it; Stop now cancels what is under way, this wait with it.
    if (!m_environment.stopRequested())
        return false;
    return !m_waitsPastStop || m_environment.stopNowRequested();
}

bool ClientConnection::openTakingTurns()
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

void ClientConnection::leaveNodeOutsideTheGroup(const DatabaseError& error)
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

bool ClientConnection::openOnSomeNode()
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
