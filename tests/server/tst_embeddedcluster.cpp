// The lab's private Galera cluster on the real engine (galera-4): three nodes start and sync,
// a write on one node is read on another, a killed node is seen as gone while the others go
// on as a smaller cluster (in the node list of its liveness watch too), the lab's lease holds on
// every node, and stopping leaves no mariadbd behind.
#include "app/db/databaseconnection.h"
#include "app/db/lablease.h"
#include "app/server/embeddedcluster.h"
#include "app/server/serverliveness.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/labserverpids.h"

#include <QSignalSpy>
#include <QTest>

namespace {

std::optional<std::int64_t> statusOf(const ConnectionParams& params, const char* variable)
{
    DatabaseConnection connection;
    if (!connection.open(params, false))
        return std::nullopt;
    return connection.queryInt(QStringLiteral(
        "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = '%1'")
                                   .arg(QLatin1String(variable)));
}

// The cluster as a URL that lists its nodes in `order`.
ConnectionParams clusterUrl(const EmbeddedCluster& cluster, const QList<int>& order)
{
    ConnectionParams params = cluster.connectionParams(order.first(), QStringLiteral("lockbench_lease"));
    for (const int node : order) {
        const ConnectionParams one = cluster.connectionParams(node);
        params.nodes.append({ one.host, one.port, one.socket, 0, QString() });
    }
    return params;
}

} // namespace

class TestEmbeddedCluster : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    EmbeddedCluster m_cluster;

private slots:
    void initTestCase()
    {
        QCOMPARE(m_cluster.nodeCount(), 3);
        QString error;
        QStringList progress;
        QVERIFY2(
            m_cluster.start(&error, [&](const QString& message) { progress << message; }), qPrintable(error));
        QVERIFY(progress.contains(EmbeddedCluster::tr("starting cluster node %1 of %2").arg(3).arg(3)));
    }

    void threeNodesFormOneCluster()
    {
        for (int node = 1; node <= 3; ++node) {
            QCOMPARE(m_cluster.state(node), EmbeddedCluster::NodeState::Synced);
            QCOMPARE(statusOf(m_cluster.connectionParams(node), "WSREP_CLUSTER_SIZE"),
                std::optional<std::int64_t>(3));
        }

        // Written through node 1, read on node 3 once it has applied what came before the read.
        DatabaseConnection first;
        QVERIFY(first.open(m_cluster.connectionParams(1), false));
        QVERIFY(first.execute(QStringLiteral("CREATE DATABASE IF NOT EXISTS cluster_test")));
        QVERIFY(first.execute(
            QStringLiteral("CREATE OR REPLACE TABLE cluster_test.t (id INT PRIMARY KEY, v INT)")));
        QVERIFY(first.execute(QStringLiteral("INSERT INTO cluster_test.t VALUES (1, 42)")));
        DatabaseConnection third;
        QVERIFY(third.open(m_cluster.connectionParams(3), false));
        QVERIFY(third.execute(QStringLiteral("SET SESSION wsrep_sync_wait = 1")));
        QCOMPARE(third.queryInt(QStringLiteral("SELECT v FROM cluster_test.t WHERE id = 1")),
            std::optional<std::int64_t>(42));
    }

    // A named lock is one node's: the lab's lease is taken on every node its URL lists, so a
    // second lab whose URL starts at another node, or lists only one, is still refused.
    void aLeaseIsHeldOnEveryNodeWhateverOrderTheUrlGives()
    {
        QString error;
        LabLease first(clusterUrl(m_cluster, { 1, 2, 3 }));
        QVERIFY2(first.acquire(&error), qPrintable(error));
        LabLease second(clusterUrl(m_cluster, { 3, 2, 1 }));
        QVERIFY(!second.acquire(&error));
        QVERIFY2(error.contains(QStringLiteral("is in use by another lab")), qPrintable(error));
        QVERIFY(!second.isHeld());
        LabLease third(m_cluster.connectionParams(3, QStringLiteral("lockbench_lease")));
        QVERIFY(!third.acquire(&error));
        QVERIFY2(error.contains(QStringLiteral("is in use by another lab")), qPrintable(error));
        first.release();
        QVERIFY2(second.acquire(&error), qPrintable(error));
    }

    // A lab reached through one node takes the lease on the nodes the cluster names besides
    // (wsrep_incoming_addresses, with the same account over TCP): a second lab whose URL names
    // only another node meets it there.
    void aLeaseReachesTheNodesTheUrlLeavesOut()
    {
        DatabaseConnection root;
        QVERIFY(root.open(m_cluster.connectionParams(1), false));
        QVERIFY(root.execute(
            QStringLiteral("CREATE USER IF NOT EXISTS 'leaselab'@'127.0.0.1' IDENTIFIED BY 'leasepw'")));
        QVERIFY(root.execute(QStringLiteral("GRANT ALL ON *.* TO 'leaselab'@'127.0.0.1'")));
        const auto overTcp = [&](int node) {
            ConnectionParams params = m_cluster.connectionParams(node, QStringLiteral("lockbench_lease"));
            params.host = QStringLiteral("127.0.0.1");
            params.socket.clear();
            params.user = QStringLiteral("leaselab");
            params.password = QStringLiteral("leasepw");
            return params;
        };
        QString error;
        LabLease first(overTcp(1));
        QVERIFY2(first.acquire(&error), qPrintable(error));
        LabLease second(overTcp(3));
        const QString addresses = root.queryText(QStringLiteral("SELECT VARIABLE_VALUE FROM "
                                                                "information_schema.GLOBAL_STATUS WHERE "
                                                                "VARIABLE_NAME = 'WSREP_INCOMING_ADDRESSES'"))
                                      .value_or(QString());
        QVERIFY2(!second.acquire(&error), qPrintable(QStringLiteral("the cluster names %1").arg(addresses)));
        QVERIFY2(error.contains(QStringLiteral("is in use by another lab")), qPrintable(error));
        QVERIFY(!second.isHeld());
        first.release();
        QVERIFY2(second.acquire(&error), qPrintable(error));
    }

    void aKilledNodeIsGoneAndTheOthersGoOn()
    {
        // The node list the window shows, from the cluster's liveness watch.
        ConnectionParams lab = clusterUrl(m_cluster, { 1, 2, 3 });
        for (int node = 1; node <= 3; ++node)
            lab.nodes[node - 1].pid = m_cluster.server(node).serverPid();
        ServerLiveness liveness(lab);
        liveness.start();
        const QString synced = EmbeddedCluster::stateLabel(EmbeddedCluster::NodeState::Synced);
        QTRY_COMPARE_WITH_TIMEOUT(liveness.nodeStates(), QStringList({ synced, synced, synced }), 10000);
        QVERIFY(m_cluster.killNode(2));
        QTRY_COMPARE_WITH_TIMEOUT(m_cluster.state(2), EmbeddedCluster::NodeState::Gone, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(liveness.nodeStates(),
            QStringList({ synced, EmbeddedCluster::stateLabel(EmbeddedCluster::NodeState::Gone), synced }),
            10000);
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(m_cluster.connectionParams(1), "WSREP_CLUSTER_SIZE"),
            std::optional<std::int64_t>(2), 30000);
        QCOMPARE(m_cluster.state(3), EmbeddedCluster::NodeState::Synced);
        QVERIFY(!m_cluster.killNode(2)); // already gone

        // The cluster starts again whole, the killed node's leftovers notwithstanding.
        m_cluster.stop();
        QString error;
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
        QCOMPARE(
            statusOf(m_cluster.connectionParams(2), "WSREP_CLUSTER_SIZE"), std::optional<std::int64_t>(3));
    }

    void cleanupTestCase()
    {
        m_cluster.stop();
        for (int node = 1; node <= 3; ++node)
            QCOMPARE(m_cluster.state(node), EmbeddedCluster::NodeState::Stopped);
        QVERIFY2(labServerPids().isEmpty(), "a cluster node outlived stop()");
    }
};

QTEST_GUILESS_MAIN(TestEmbeddedCluster)
#include "tst_embeddedcluster.moc"
