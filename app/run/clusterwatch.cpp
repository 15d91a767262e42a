#include "app/run/clusterwatch.h"

#include "app/core/nodeagreement.h"
#include "app/db/qtsqlconnection.h"
#include "app/db/sqlerrortext.h"
#include "app/server/embeddedcluster.h"

#include <QElapsedTimer>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <cerrno>
#include <csignal>
#include <cstring>

ClusterWatch::ClusterWatch(const ConnectionParams& params, const Experiment& experiment)
    : m_params(params)
    , m_experiment(experiment)
{
}

ClusterWatch::~ClusterWatch() = default;

bool ClusterWatch::awaitSetup(const ConnectionParams& params, QString* error)
{
    for (int i = 1; i < params.nodeCount(); ++i) {
        QtSqlConnection connection;
        QString ignored;
        if (!connection.open(params.onNode(i), true, &ignored))
            continue;
        // Not Galera (Group Replication, a proxy): nothing to wait for here.
        if (!connection.exec(QStringLiteral("SET SESSION wsrep_sync_wait = 1"), &ignored))
            continue;
        QSqlQuery query(connection.database());
        if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM orders"))) {
            *error = tr("node %1 has not applied the run's tables: %2")
                         .arg(i + 1)
                         .arg(SqlErrorText::of(query.lastError()));
            return false;
        }
    }
    return true;
}

void ClusterWatch::start()
{
    m_nodes.clear();
    m_nodes.resize(static_cast<std::size_t>(m_params.nodeCount()));
    for (int i = 0; i < m_params.nodeCount(); ++i) {
        Node& node = m_nodes[static_cast<std::size_t>(i)];
        node.connection = std::make_unique<QtSqlConnection>();
        node.stallBreaker = std::make_unique<ApplierStallBreaker>(m_params.user, m_params.database);
        QString error;
        if (!node.connection->open(m_params.onNode(i), true, &error)) {
            node.gone = true;
            continue;
        }
        if (const std::optional<Status> status = read(node))
            node.baseline = node.last = *status;
    }
}

std::optional<ClusterWatch::Status> ClusterWatch::read(Node& node)
{
    if (node.gone)
        return std::nullopt;
    QSqlQuery query(node.connection->database());
    if (!query.exec(
            QStringLiteral("SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_local_cert_failures', "
                           "'wsrep_local_bf_aborts', "
                           "'wsrep_flow_control_paused_ns', 'wsrep_local_recv_queue', "
                           "'wsrep_local_send_queue', 'wsrep_local_commits', "
                           "'wsrep_local_state_comment', 'wsrep_last_committed', 'Innodb_deadlocks')"))) {
        // A node that stopped answering has left; its connection is not opened again mid-run.
        if (!node.connection->isAlive())
            node.gone = true;
        return std::nullopt;
    }
    Status status;
    while (query.next()) {
        const QString name = query.value(0).toString().toLower();
        const QVariant value = query.value(1);
        status.valid = true;
        if (name == QLatin1String("wsrep_local_cert_failures"))
            status.certFailures = value.toLongLong();
        else if (name == QLatin1String("wsrep_local_bf_aborts"))
            status.bfAborts = value.toLongLong();
        else if (name == QLatin1String("wsrep_flow_control_paused_ns"))
            status.flowControlPausedNs = value.toLongLong();
        else if (name == QLatin1String("wsrep_local_recv_queue"))
            status.recvQueue = value.toLongLong();
        else if (name == QLatin1String("wsrep_local_send_queue"))
            status.sendQueue = value.toLongLong();
        else if (name == QLatin1String("wsrep_local_commits"))
            status.localCommits = value.toLongLong();
        else if (name == QLatin1String("wsrep_last_committed"))
            status.lastCommitted = value.toLongLong();
        else if (name == QLatin1String("innodb_deadlocks"))
            status.deadlocks = value.toLongLong();
        else if (name == QLatin1String("wsrep_local_state_comment"))
            status.state = EmbeddedCluster::stateLabel(EmbeddedCluster::stateFromComment(value.toString()));
    }
    node.maxRecvQueue = std::max(node.maxRecvQueue, status.recvQueue);
    node.maxSendQueue = std::max(node.maxSendQueue, status.sendQueue);
    node.last = status;
    return status;
}

QString ClusterWatch::tick(std::int64_t elapsedMs)
{
    const QString news = m_news.join(QStringLiteral("; "));
    m_news.clear();
    const QString killed = killDueNode(elapsedMs);
    if (news.isEmpty() || killed.isEmpty())
        return news + killed;
    return news + QStringLiteral("; ") + killed;
}

QString ClusterWatch::killDueNode(std::int64_t elapsedMs)
{
    const int index = m_experiment.killNode - 1;
    if (m_killed || index < 1 || index >= m_params.nodeCount() || elapsedMs < m_experiment.killNodeAtMs)
        return {};
    m_killed = true;
    Node& node = m_nodes[static_cast<std::size_t>(index)];
    if (node.gone) // taken down in an earlier strategy's run, and not back
        return tr("node %1 is down already").arg(index + 1);
    const qint64 pid = m_params.nodes[index].pid;
    QString error;
    bool done = false;
    if (pid > 0)
        done = ::kill(static_cast<pid_t>(pid), SIGKILL) == 0;
    else
        // The server shuts down and drops this connection as it goes: that error is the success.
        done = node.connection->exec(QStringLiteral("SHUTDOWN"), &error) || !node.connection->isAlive();
    if (!done)
        return tr("could not take node %1 down: %2")
            .arg(index + 1)
            .arg(error.isEmpty() ? QString::fromLocal8Bit(std::strerror(errno)) : error);
    node.gone = true;
    node.leftAtS = static_cast<double>(elapsedMs) / 1000.0;
    return pid > 0 ? tr("killed node %1 (SIGKILL) at %2 s").arg(index + 1).arg(node.leftAtS, 0, 'f', 1)
                   : tr("shut node %1 down at %2 s").arg(index + 1).arg(node.leftAtS, 0, 'f', 1);
}

void ClusterWatch::fill(MetricsSample& sample)
{
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        Node& node = m_nodes[i];
        const std::optional<Status> status = read(node);
        if (status && status->lastCommitted >= 0)
            if (const QString done
                = node.stallBreaker->check(*node.connection, static_cast<int>(i) + 1, status->lastCommitted,
                    status->recvQueue, static_cast<long long>(sample.elapsedS * 1000.0));
                !done.isEmpty())
                m_news << done;
        const Status& now = status ? *status : node.last; // a node gone keeps what it had counted
        ClusterCounters mine;
        mine.answered = status.has_value() && now.valid && node.baseline.valid;
        if (now.valid && node.baseline.valid) {
            mine.certFailures = now.certFailures - node.baseline.certFailures;
            mine.bfAborts = now.bfAborts - node.baseline.bfAborts;
            mine.flowControlPausedNs = now.flowControlPausedNs - node.baseline.flowControlPausedNs;
            mine.localCommits = now.localCommits - node.baseline.localCommits;
            if (status) {
                mine.recvQueue = now.recvQueue;
                mine.sendQueue = now.sendQueue;
            }
            sample.clusterStatsValid = true;
            sample.cluster.certFailures += mine.certFailures;
            sample.cluster.bfAborts += mine.bfAborts;
            sample.cluster.flowControlPausedNs += mine.flowControlPausedNs;
            sample.cluster.localCommits += mine.localCommits;
            sample.cluster.recvQueue = std::max(sample.cluster.recvQueue, mine.recvQueue);
            sample.cluster.sendQueue = std::max(sample.cluster.sendQueue, mine.sendQueue);
        }
        sample.nodes.append(mine);
    }
}

QList<NodeFigures> ClusterWatch::finish(const AuditResult& reference, StockLayout layout, int smallestOrder,
    const Auditor::ExternalStock& externalStock)
{
    QList<NodeFigures> figures;
    const QList<int> clients
        = m_experiment.placement.clientsPerNode(m_experiment.threads, m_params.nodeCount());
    for (int i = 0; i < m_params.nodeCount(); ++i) {
        Node& node = m_nodes[static_cast<std::size_t>(i)];
        NodeFigures f;
        f.node = i + 1;
        // The lab's own nodes by their port: their socket paths say nothing to a reader.
        const ConnectionParams one = m_params.onNode(i);
        f.endpoint = one.socket.isEmpty() ? one.endpoint() : tr("port %1").arg(one.port);
        f.clients = clients.value(i);
        const std::optional<Status> status = read(node);
        const Status& now = status ? *status : node.last;
        f.statsValid = now.valid && node.baseline.valid;
        if (f.statsValid) {
            f.certFailures = now.certFailures - node.baseline.certFailures;
            f.bfAborts = now.bfAborts - node.baseline.bfAborts;
            f.deadlocks = now.deadlocks - node.baseline.deadlocks;
            f.flowControlPausedS
                = static_cast<double>(now.flowControlPausedNs - node.baseline.flowControlPausedNs) / 1e9;
        }
        f.maxRecvQueue = node.maxRecvQueue;
        if (node.stallBreaker) {
            f.applierStallsEnded = node.stallBreaker->stallsEnded();
            f.longestApplierStallS = node.stallBreaker->longestStallS();
        }
        f.maxSendQueue = node.maxSendQueue;
        f.left = node.gone;
        f.leftAtS = node.leftAtS;
        f.stateAtEnd = node.gone ? EmbeddedCluster::stateLabel(EmbeddedCluster::NodeState::Gone) : now.state;
        if (!node.gone)
            audit(i, f, reference, NodeAudit { layout, smallestOrder, externalStock });
        figures.append(f);
    }
    return figures;
}

bool ClusterWatch::awaitSynced(Node& node)
{
    // A node that left the group during the run (paused past the group's timeout) takes the
    // writes it missed when it comes back: until it is Synced again, what it holds is behind.
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < kSyncedWaitMs) {
        const std::optional<Status> status = read(node);
        if (!status) // not Galera, or the node cannot be asked: the audit says which
            return true;
        if (status->state == EmbeddedCluster::stateLabel(EmbeddedCluster::NodeState::Synced))
            return true;
        QThread::msleep(100);
    }
    return false;
}

void ClusterWatch::audit(int index, NodeFigures& figures, const AuditResult& reference, const NodeAudit& how)
{
    Node& node = m_nodes[static_cast<std::size_t>(index)];
    if (!awaitSynced(node)) {
        figures.auditError = tr("node %1 was not synced again within %2 s (%3)")
                                 .arg(index + 1)
                                 .arg(kSyncedWaitMs / 1000)
                                 .arg(node.last.state);
        return;
    }
    QtSqlConnection& connection = *node.connection;
    // Reads on this node wait until it has applied every write set the cluster committed
    // before them: the audit sees what the node will hold, not what it still has queued.
    QString error;
    if (!connection.exec(QStringLiteral("SET SESSION wsrep_sync_wait = 1"), &error)) {
        // Not Galera (Group Replication, a proxy): the audit reads what the node has now.
        if (!error.contains(QLatin1String("1193"))
            && !error.contains(QLatin1String("Unknown system variable"), Qt::CaseInsensitive)) {
            figures.auditError = error;
            return;
        }
    }
    Auditor auditor(connection.database(), how.layout, how.smallestOrder);
    // Redis's stock is one for every node: each node's orders are audited against it.
    if (how.layout == StockLayout::Redis)
        auditor.setExternalStock(how.externalStock);
    auditor.setFinal(true);
    figures.audit = auditor.run(&error);
    if (!figures.audit.valid) {
        figures.auditError = error;
        return;
    }
    if (reference.valid)
        figures.disagreement = NodeAgreement::disagreement(figures.node, figures.audit, reference);
}
