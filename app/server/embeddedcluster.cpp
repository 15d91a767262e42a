#include "app/server/embeddedcluster.h"

#include "app/db/databaseconnection.h"
#include "app/server/loopbackport.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <grp.h>
#include <pwd.h>
#include <unistd.h>

namespace {

// A joiner receives the donor's whole data directory: on loopback, seconds; on a slow disk, more.
constexpr int kSyncTimeoutMs = 180000;
constexpr int kSyncPollMs = 200;
// Group communication, state transfer, incremental transfer, SQL, and the extra port.
constexpr int kPortsPerNode = 5;

// Galera's transfer of state runs an rsync daemon, which drops root's rights to "nobody": a
// joiner's data directory must be that user's to write. mariadbd, as root, reads it all the same.
bool handToTransferUser(const QString& directory, QString* error)
{
    if (::geteuid() != 0)
        return true; // the daemon runs as the lab's own user, who owns the directory
    const passwd* user = ::getpwnam("nobody");
    const group* users = ::getgrnam("nogroup");
    if (!user) {
        *error = EmbeddedCluster::tr("there is no user \"nobody\" for the cluster's state transfer");
        return false;
    }
    const gid_t groupId = users ? users->gr_gid : user->pw_gid;
    QDirIterator it(directory, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
        QDirIterator::Subdirectories);
    QStringList paths { directory };
    while (it.hasNext())
        paths << it.next();
    for (const QString& path : paths) {
        if (::lchown(QFile::encodeName(path).constData(), user->pw_uid, groupId) != 0) {
            *error = EmbeddedCluster::tr("cannot hand %1 to the state transfer's user: %2")
                         .arg(path, QString::fromLocal8Bit(::strerror(errno)));
            return false;
        }
    }
    return true;
}

} // namespace

EmbeddedCluster::EmbeddedCluster(int nodes, QString dataRoot)
    : m_dataRoot(std::move(dataRoot))
{
    for (int node = 1; node <= std::clamp(nodes, 1, kMaxNodes); ++node)
        m_nodes.push_back(std::make_unique<EmbeddedServer>(m_dataRoot + QStringLiteral("/node%1").arg(node)));
}

EmbeddedCluster::~EmbeddedCluster()
{
    stop();
}

QString EmbeddedCluster::defaultDataRoot()
{
    return EmbeddedServer::defaultDataRoot() + QStringLiteral("/cluster");
}

QString EmbeddedCluster::findProvider()
{
    for (const char* path : { "/usr/lib/galera/libgalera_smm.so", "/usr/lib/libgalera_smm.so",
             "/usr/lib64/galera-4/libgalera_smm.so" }) {
        if (QFile::exists(QLatin1String(path)))
            return QLatin1String(path);
    }
    return {};
}

bool EmbeddedCluster::findStateTransfer(QString* error)
{
    // A joiner takes its state from a donor through MariaDB's rsync script, which runs rsync.
    const QStringList debian { QStringLiteral("/usr/bin"), QStringLiteral("/bin") };
    const auto found = [&](const QString& name) {
        return !QStandardPaths::findExecutable(name).isEmpty()
            || !QStandardPaths::findExecutable(name, debian).isEmpty();
    };
    if (!found(QStringLiteral("wsrep_sst_rsync"))) {
        *error = tr("no wsrep_sst_rsync found, which the cluster's nodes take their state with; install the "
                    "mariadb-server package (it also enables a mariadb service, which the lab does not use: "
                    "systemctl disable --now mariadb turns it off)");
        return false;
    }
    if (!found(QStringLiteral("rsync"))) {
        *error = tr("no rsync found, which the cluster's state transfer runs; install the rsync package");
        return false;
    }
    return true;
}

bool EmbeddedCluster::start(QString* error, const Progress& progress)
{
    const QString provider = findProvider();
    if (provider.isEmpty()) {
        *error = tr("no Galera provider found (libgalera_smm.so); install the galera-4 package");
        return false;
    }
    if (!findStateTransfer(error))
        return false;
    // Every port of every node is known before the first starts: each node's address names them
    // all. They are taken in one go, so that no two coincide (a joiner whose state-transfer port
    // was its own group port could not receive the state), the servers' own two among them.
    const std::vector<int> free = LoopbackPort::distinct(kPortsPerNode * nodeCount());
    if (free.empty()) {
        *error = tr("no free loopback ports for %1 cluster nodes").arg(nodeCount());
        return false;
    }
    m_ports.clear();
    for (int node = 1; node <= nodeCount(); ++node) {
        const std::size_t first = static_cast<std::size_t>(kPortsPerNode * (node - 1));
        m_ports << Ports { free[first], free[first + 1], free[first + 2] };
        if (server(node).port() == 0) { // a restarted node keeps the ports its clients know
            server(node).setPort(free[first + 3]);
            server(node).setExtraPort(free[first + 4]);
        }
    }
    for (int node = 1; node <= nodeCount(); ++node) {
        if (progress)
            progress(tr("starting cluster node %1 of %2").arg(node).arg(nodeCount()));
        if (!prepareDataDirectory(node, node > 1, error))
            return false;
        if (!startNode(node, provider, node > 1, error, progress) || !waitUntilSynced(node, error)) {
            *error = tr("cluster node %1: %2").arg(node).arg(*error);
            stop();
            return false;
        }
    }
    return true;
}

bool EmbeddedCluster::restartNode(int node, QString* error)
{
    if (node < 1 || node > nodeCount() || m_ports.isEmpty()) {
        *error = tr("node %1 is not part of a started cluster").arg(node);
        return false;
    }
    if (server(node).isRunning()) {
        *error = tr("node %1 is still running").arg(node);
        return false;
    }
    if (!waitUntilLeft(node, error) || !prepareDataDirectory(node, true, error))
        return false;
    if (!startNode(node, findProvider(), true, error) || !waitUntilSynced(node, error)) {
        *error = tr("cluster node %1: %2").arg(node).arg(*error);
        return false;
    }
    return true;
}

bool EmbeddedCluster::startNode(
    int node, const QString& provider, bool joining, QString* error, const Progress& progress)
{
    EmbeddedServer& s = server(node);
    s.setExtraArguments(wsrepArguments(node, provider, joining));
    if (s.start(error, progress))
        return true;
    if (!joining)
        return false;
    // Galera ends a joiner whose state transfer failed ("restart required", its log says): the
    // node is started once more, as an operator would, and both failures are said if it fails again.
    const QString first = *error;
    qWarning("lockbench: cluster node %d ended while taking its state: %s", node, qPrintable(first));
    if (progress)
        progress(tr("cluster node %1 ended while taking its state; starting it again").arg(node));
    if (waitUntilLeft(node, error) && prepareDataDirectory(node, joining, error) && s.start(error, progress))
        return true;
    *error = tr("%1\nStarted again, it ended as well: %2").arg(first, *error);
    return false;
}

bool EmbeddedCluster::waitUntilLeft(int node, QString* error) const
{
    // A node back at its old address while the others still suspect its last instance can split
    // them into components of one, none of them primary: the others first see it leave.
    QList<int> others;
    for (int other = 1; other <= nodeCount(); ++other) {
        if (other != node && server(other).isRunning())
            others << other;
    }
    QElapsedTimer clock;
    clock.start();
    for (const int other : others) {
        while (true) {
            DatabaseConnection probe;
            const std::optional<QString> size = probe.open(server(other).connectionParams(), false)
                ? probe.globalStatus(QStringLiteral("WSREP_CLUSTER_SIZE"))
                : std::nullopt;
            bool counted = false;
            if (size && size->toLongLong(&counted) <= others.size() && counted)
                break;
            if (clock.elapsed() > kSyncTimeoutMs) {
                *error = tr("node %1 still counts node %2 in the cluster").arg(other).arg(node);
                return false;
            }
            QThread::msleep(kSyncPollMs);
        }
    }
    return true;
}

bool EmbeddedCluster::prepareDataDirectory(int node, bool joining, QString* error)
{
    EmbeddedServer& s = server(node);
    if (!s.ensureInitialised(error))
        return false;
    // Each start forms a new cluster from the first node, and the others take its state whole:
    // the lab's tables are made afresh by every run, so nothing older is worth keeping, and a
    // node left behind by a killed run never refuses to bootstrap or to join.
    QFile::remove(s.dataDirectory() + QStringLiteral("/grastate.dat"));
    QFile::remove(s.dataDirectory() + QStringLiteral("/gvwstate.dat"));
    return !joining || handToTransferUser(s.dataDirectory(), error);
}

QStringList EmbeddedCluster::wsrepArguments(int node, const QString& provider, bool joining) const
{
    QStringList members;
    for (const Ports& ports : m_ports)
        members << QStringLiteral("127.0.0.1:%1").arg(ports.group);
    const Ports& own = m_ports.at(node - 1);
    return {
        QStringLiteral("--wsrep-on=ON"),
        QStringLiteral("--wsrep-provider=") + provider,
        QStringLiteral("--wsrep-cluster-name=lockbench"),
        // The first node forms the cluster (an empty address); the others join any member.
        QStringLiteral("--wsrep-cluster-address=gcomm://")
            + (joining ? members.join(QLatin1Char(',')) : QString()),
        QStringLiteral("--wsrep-node-name=node%1").arg(node),
        QStringLiteral("--wsrep-node-address=127.0.0.1:%1").arg(own.group),
        // Where clients reach it, for wsrep_incoming_addresses (a lease finds the nodes a URL
        // leaves out there); left to itself the node says "AUTO".
        QStringLiteral("--wsrep-node-incoming-address=127.0.0.1:%1").arg(server(node).port()),
        QStringLiteral("--wsrep-provider-options=base_port=%1;ist.recv_addr=127.0.0.1:%2;gcache.size=64M")
            .arg(own.group)
            .arg(own.incrementalTransfer),
        QStringLiteral("--wsrep-sst-method=rsync"),
        QStringLiteral("--wsrep-sst-receive-address=127.0.0.1:%1").arg(own.stateTransfer),
        // What Galera requires of every node: row events, and interleaved auto-increment locks.
        QStringLiteral("--binlog-format=ROW"),
        QStringLiteral("--innodb-autoinc-lock-mode=2"),
    };
}

bool EmbeddedCluster::waitUntilSynced(int node, QString* error) const
{
    QElapsedTimer clock;
    clock.start();
    NodeState last = NodeState::Stopped;
    while (clock.elapsed() < kSyncTimeoutMs) {
        last = state(node);
        if (last == NodeState::Synced)
            return true;
        if (last == NodeState::Gone) {
            *error
                = tr("the node stopped while joining the cluster; see %1").arg(server(node).errorLogPath());
            return false;
        }
        QThread::msleep(kSyncPollMs);
    }
    *error = tr("not synced with the cluster after %1 s (%2); see %3")
                 .arg(kSyncTimeoutMs / 1000)
                 .arg(stateLabel(last), server(node).errorLogPath());
    return false;
}

void EmbeddedCluster::stop()
{
    for (int node = nodeCount(); node >= 1; --node)
        server(node).stop();
}

ConnectionParams EmbeddedCluster::connectionParams(int node, const QString& database) const
{
    return server(node).connectionParams(database);
}

EmbeddedCluster::NodeState EmbeddedCluster::state(int node) const
{
    const EmbeddedServer& s = server(node);
    if (!s.isRunning())
        return s.died() ? NodeState::Gone : NodeState::Stopped;
    DatabaseConnection probe;
    if (!probe.open(s.connectionParams(), false))
        return NodeState::Joining; // running, not yet taking connections: receiving its state
    const std::optional<QString> comment = probe.globalStatus(QStringLiteral("WSREP_LOCAL_STATE_COMMENT"));
    if (!comment)
        return NodeState::Joining;
    return stateFromComment(*comment);
}

EmbeddedCluster::NodeState EmbeddedCluster::stateFromComment(const QString& comment)
{
    if (comment.compare(QLatin1String("Synced"), Qt::CaseInsensitive) == 0)
        return NodeState::Synced;
    if (comment.startsWith(QLatin1String("Donor"), Qt::CaseInsensitive))
        return NodeState::Donor;
    return NodeState::Joining; // Joining, Joined, Initialized
}

QString EmbeddedCluster::stateLabel(NodeState state)
{
    switch (state) {
    case NodeState::Stopped:
        return tr("stopped");
    case NodeState::Joining:
        return tr("joining");
    case NodeState::Donor:
        return tr("donor");
    case NodeState::Synced:
        return tr("synced");
    case NodeState::Gone:
        break;
    }
    return tr("gone");
}

bool EmbeddedCluster::killNode(int node)
{
    if (node < 1 || node > nodeCount() || !server(node).isRunning())
        return false;
    return ::kill(static_cast<pid_t>(server(node).serverPid()), SIGKILL) == 0;
}
