#include "app/db/lablease.h"

#include "app/db/sqldialect.h"

#include "app/db/iodeadline.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QLocale>

#include <QSet>

#include <algorithm>
#include <tuple>
#include <utility>

namespace {

constexpr qsizetype kMaxLockName = 64; // MySQL refuses longer names; MariaDB takes them
// The lease connection only waits: the server's own idle limit (often minutes on a shared
// server) must not close it, and with it free the lease, in the middle of a long plan.
constexpr int kIdleLimitS = 31'536'000; // a year, the largest wait_timeout the server accepts
// How long one of its statements may take before the lease gives up on the server.
constexpr unsigned int kStatementTimeoutS = 5;

} // namespace

LabLease::LabLease(const ConnectionParams& params)
    : m_name(lockName(params.database))
{
    for (int index = 0; index < params.nodeCount(); ++index)
        m_nodes.push_back(nodeLock(params.onNode(index)));
    std::sort(m_nodes.begin(), m_nodes.end(),
        [](const auto& a, const auto& b) { return a->params.endpoint() < b->params.endpoint(); });
}

std::unique_ptr<LabLease::NodeLock> LabLease::nodeLock(const ConnectionParams& params)
{
    auto node = std::make_unique<NodeLock>();
    node->params = params;
    // Its statements never wait on anything (GET_LOCK with no wait, RELEASE_LOCK): a server
    // that does not answer in seconds is paused, and a run stopped then must not wait for it.
    node->connection.setTimeouts(5, kStatementTimeoutS);
    return node;
}

void LabLease::identify(NodeLock& node)
{
    // Without the database: the lease comes before the lab creates it, or touches it at all.
    if (!node.connection.isOpen() && !node.connection.open(node.params, false))
        return;
    node.identity = node.connection.globalStatus(QStringLiteral("WSREP_GCOMM_UUID")).value_or(QString());
}

void LabLease::addUnlistedNodes()
{
    if (m_nodes.front()->params.isPostgres())
        return; // no Galera there
    QSet<QString> known;
    QStringList addresses;
    for (const auto& node : m_nodes) {
        identify(*node);
        known.insert(node->identity);
        if (addresses.isEmpty() && !node->identity.isEmpty())
            addresses = node->connection.globalStatus(QStringLiteral("WSREP_INCOMING_ADDRESSES"))
                            .value_or(QString())
                            .split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    for (const QString& address : addresses) {
        // "host:port", "[::1]:3306"; "AUTO" or a port left out names nothing to reach.
        const qsizetype colon = address.lastIndexOf(QLatin1Char(':'));
        bool isPort = false;
        const int port = address.mid(colon + 1).toInt(&isPort);
        if (colon <= 0 || !isPort)
            continue;
        ConnectionParams params = m_nodes.front()->params;
        params.host = address.left(colon).remove(QLatin1Char('[')).remove(QLatin1Char(']')).trimmed();
        params.port = port;
        params.socket.clear();
        std::unique_ptr<NodeLock> node = nodeLock(params);
        identify(*node);
        // Unreachable with this account, or a node the URL lists under another address.
        if (node->identity.isEmpty() || known.contains(node->identity))
            continue;
        known.insert(node->identity);
        m_nodes.push_back(std::move(node));
    }
    // One order for every lab: the nodes' UUIDs; a server without Galera, or a node that did not
    // answer, by address after them.
    std::sort(m_nodes.begin(), m_nodes.end(), [](const auto& a, const auto& b) {
        return std::make_tuple(a->identity.isEmpty(), a->identity, a->params.endpoint())
            < std::make_tuple(b->identity.isEmpty(), b->identity, b->params.endpoint());
    });
}

LabLease::~LabLease()
{
    release();
}

QString LabLease::lockName(const QString& database)
{
    // The server compares lock names without case, and database names (on Linux) with it:
    // a name with capitals, or one too long for a lock, is named by its hash.
    const QString name = QStringLiteral("lockbench.") + database;
    if (name.size() <= kMaxLockName && database == database.toLower())
        return name;
    return QStringLiteral("lockbench.")
        + QString::fromLatin1(QCryptographicHash::hash(database.toUtf8(), QCryptographicHash::Sha1).toHex());
}

bool LabLease::acquire(QString* error)
{
    if (!std::exchange(m_clusterAsked, true))
        addUnlistedNodes();
    QString unreachable;
    bool held = false;
    for (const auto& node : m_nodes) {
        QString why;
        if (acquireOn(*node, &why)) {
            held = true;
            continue;
        }
        if (node->takenByOther || m_nodes.size() == 1) {
            release();
            *error = why;
            return false;
        }
        unreachable = why; // a cluster node that is down: the lease holds on the others
    }
    if (!held)
        *error = unreachable;
    return held;
}

bool LabLease::isHeld() const
{
    return std::any_of(m_nodes.begin(), m_nodes.end(), [](const auto& node) { return node->held; });
}

unsigned long LabLease::connectionId() const
{
    for (const auto& node : m_nodes) {
        if (node->held)
            return node->connection.threadId();
    }
    return 0;
}

bool LabLease::acquireOn(NodeLock& node, QString* error)
{
    if (node.held)
        return true;
    DatabaseConnection& connection = node.connection;
    const ConnectionParams& params = node.params;
    if (!connection.isOpen() && !connection.open(params, false)) {
        *error = tr("cannot connect to %1 to reserve database %2: %3")
                     .arg(params.maskedUrl(), params.database, connection.lastError().toString());
        return false;
    }
    const bool postgres = params.isPostgres(); // PostgreSQL closes no idle session unless told to
    if (!postgres)
        connection.execute(QStringLiteral("SET SESSION wait_timeout = %1").arg(kIdleLimitS)); // best effort
    // The name comes from a database name checked to be letters, digits and underscores.
    const QString quotedName = QLatin1Char('\'') + m_name + QLatin1Char('\'');
    node.takenByOther = false;
    // Twice: the holder may let go between our refusal and the look at who it was.
    for (int attempt = 0; attempt < 2; ++attempt) {
        const std::optional<std::int64_t> taken
            = connection.queryInt(SqlDialect::of(postgres).takeNamedLock(quotedName));
        if (taken == 1) {
            node.held = true;
            return true;
        }
        if (!taken) {
            *error = tr("cannot reserve database %1 on %2: %3")
                         .arg(params.database, params.maskedUrl(),
                             connection.lastError().isSet() ? connection.lastError().toString()
                                                            : tr("GET_LOCK returned NULL"));
            return false;
        }
        const std::optional<std::int64_t> holder
            = connection.queryInt(SqlDialect::of(postgres).namedLockHolder(quotedName));
        if (holder) {
            node.takenByOther = true;
            *error
                = tr("database %1 on %2 is in use by another lab: its lease (%3) is held by %4. Two labs on "
                     "one database would drop each other's tables: wait for that run to end, or choose "
                     "another database")
                      .arg(params.database, params.maskedUrl(), m_name, describeHolder(node, *holder));
            return false;
        }
    }
    node.takenByOther = true;
    *error = tr(
        "database %1 on %2 is in use by another lab that keeps taking and giving back its lease; try again")
                 .arg(params.database, params.maskedUrl());
    return false;
}

bool LabLease::keep(QString* error)
{
    for (const auto& node : m_nodes) {
        if (!keepOn(*node, error))
            return false;
    }
    return true;
}

bool LabLease::keepOn(NodeLock& node, QString* error)
{
    if (node.held && node.connection.idleAndAlive())
        return true;
    if (!node.held && !node.lost)
        return true; // never taken (a cluster node that was down), or given back
    node.held = false;
    node.lost = true;
    node.connection.close();
    QString why;
    if (acquireOn(node, &why)) {
        node.lost = false;
        return true;
    }
    if (!node.takenByOther)
        return true; // the server cannot be asked now: asked again at the next look
    *error = tr("the lab lost its lease on database %1 with its connection, and another lab took "
                "it: %2")
                 .arg(node.params.database, why);
    return false;
}

void LabLease::releaseWithin(std::chrono::milliseconds wait)
{
    const IoDeadline deadline(wait, [this] {
        for (const auto& node : m_nodes)
            node->connection.abortFromAnyThread();
    });
    release();
}

void LabLease::release()
{
    for (const auto& node : m_nodes) {
        node->lost = false;
        if (node->held && node->connection.isOpen())
            node->connection.execute(SqlDialect::of(node->params.isPostgres())
                                         .releaseNamedLock(QLatin1Char('\'') + m_name + QLatin1Char('\'')));
        node->held = false;
        node->connection.close(); // closing alone frees the lock as well
    }
}

QString LabLease::describeHolder(NodeLock& node, std::int64_t connectionId)
{
    // Another account's connections are listed only with the PROCESS privilege.
    const std::optional<QString> row = node.connection.queryText(
        SqlDialect::of(node.params.isPostgres()).describeConnection(connectionId));
    const QString id = QString::number(connectionId);
    const QStringList fields = row ? row->split(QLatin1Char('\t')) : QStringList();
    if (fields.size() != 4)
        return tr("connection %1 (who and where is shown only to an account with the PROCESS privilege)")
            .arg(id);
    // A lab's lease connection says nothing after it takes the lease: its idle time is the
    // lease's age.
    if (fields[2] == QLatin1String("Sleep")) {
        const qint64 idleS = fields[3].toLongLong();
        return tr("connection %1 (user %2 from %3, since %4, %5 s ago)")
            .arg(id, fields[0], fields[1],
                QDateTime::currentDateTime().addSecs(-idleS).toString(QStringLiteral("HH:mm:ss")),
                QLocale(QLocale::English).toString(idleS));
    }
    return tr("connection %1 (user %2 from %3)").arg(id, fields[0], fields[1]);
}
