#include "strategies/commitlookup.h"

#include "app/db/finishedbackends.h"
#include "app/db/sqldialect.h"
#include "app/fiber/clientwait.h"
#include "strategies/runenvironment.h"

CommitLookup::CommitLookup(RunEnvironment& environment, ClientConnection& client)
    : m_environment(environment)
    , m_client(client)
{
}

ClientConnection::Preparation CommitLookup::preparation()
{
    return { tr("cannot prepare the reconciliation query: %1"), [this](DatabaseConnection& connection) {
                if (m_probe.prepare(
                        connection, SqlDialect::of(m_environment.params().isPostgres()).probeCommitted()))
                    return DatabaseError {};
                return m_probe.lastError();
            } };
}

std::optional<bool> CommitLookup::isCommitted(std::int64_t requestId)
{
    // On a cluster this node may not yet have applied a write set another node committed
    // (the order's own, when its node went away): the probe waits until it has.
    DatabaseConnection& connection = m_client.connection();
    const bool cluster = m_environment.params().nodeCount() > 1;
    if (cluster)
        connection.execute(QStringLiteral("SET SESSION wsrep_sync_wait = 1"));
    const std::optional<bool> committed = probe(requestId);
    if (cluster && connection.isOpen())
        connection.execute(QStringLiteral("SET SESSION wsrep_sync_wait = 0"));
    return committed;
}

std::optional<bool> CommitLookup::isCommittedNow(std::int64_t requestId)
{
    if (!m_client.isOpen())
        return std::nullopt; // reconnecting could wait for a server that is gone
    return isCommitted(requestId);
}

std::optional<bool> CommitLookup::probe(std::int64_t requestId)
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
        m_client.leaveNodeOutsideTheGroup(error);
        if (error.errorClass() == ErrorClass::ConnectionLost && !m_client.reconnect()) {
            if (m_client.reconnectError().isSet())
                error = m_client.reconnectError();
            break;
        }
    }
    m_environment.errors().report(error, tr("cannot learn whether request %1 committed").arg(requestId));
    return std::nullopt;
}

bool CommitLookup::awaitFinished(unsigned long lostSession)
{
    // InnoDB's locking read waits for a commit in flight; PostgreSQL's snapshot does not see
    // one, so the lost connection's backend is waited for until it has finished.
    if (!m_client.postgres())
        return true;
    DatabaseConnection& connection = m_client.connection();
    const bool finished = FinishedBackends::await(
        { lostSession },
        [this, &connection](const QString& sql) -> std::optional<long long> {
            // The asking connection may be cut as well (a server ending backends one after
            // another): a new one asks again, or the order's outcome would stay unknown.
            for (int attempt = 0; attempt < 3; ++attempt) {
                if (const std::optional<QString> count = connection.queryText(sql))
                    return count->toLongLong();
                if (connection.lastError().errorClass() != ErrorClass::ConnectionLost
                    || !m_client.reconnect())
                    break;
            }
            return std::nullopt;
        },
        [](std::chrono::milliseconds pause) { ClientWait::sleepFor(pause); });
    if (!finished)
        m_environment.errors().report(connection.lastError().isSet()
                ? connection.lastError()
                : DatabaseError { 0, tr("backend %1 is still running").arg(lostSession) },
            tr("cannot learn whether the order of a lost connection committed"));
    return finished;
}
