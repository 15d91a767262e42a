// The lab's private Galera cluster on the real engine (galera-4): three nodes start and sync,
// a write on one node is read on another, a killed node is seen as gone while the others go
// on as a smaller cluster, and stopping leaves no mariadbd behind.
#include "app/db/mysqlconnection.h"
#include "app/server/embeddedcluster.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/labserverpids.h"

#include <QSignalSpy>
#include <QTest>

namespace {

std::optional<std::int64_t> statusOf(const ConnectionParams& params, const char* variable)
{
    MysqlConnection connection;
    if (!connection.open(params, false))
        return std::nullopt;
    return connection.queryInt(QStringLiteral(
        "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = '%1'")
                                   .arg(QLatin1String(variable)));
}

} // namespace

class TestEmbeddedCluster : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;

private slots:
    void threeNodesFormOneCluster()
    {
        EmbeddedCluster cluster;
        QCOMPARE(cluster.nodeCount(), 3);
        QString error;
        QStringList progress;
        QVERIFY2(
            cluster.start(&error, [&](const QString& message) { progress << message; }), qPrintable(error));
        QVERIFY(progress.contains(EmbeddedCluster::tr("starting cluster node %1 of %2").arg(3).arg(3)));
        for (int node = 1; node <= 3; ++node) {
            QCOMPARE(cluster.state(node), EmbeddedCluster::NodeState::Synced);
            QCOMPARE(statusOf(cluster.connectionParams(node), "WSREP_CLUSTER_SIZE"),
                std::optional<std::int64_t>(3));
        }

        // Written through node 1, read on node 3 once it has applied what came before the read.
        MysqlConnection first;
        QVERIFY(first.open(cluster.connectionParams(1), false));
        QVERIFY(first.execute(QStringLiteral("CREATE DATABASE IF NOT EXISTS cluster_test")));
        QVERIFY(first.execute(
            QStringLiteral("CREATE OR REPLACE TABLE cluster_test.t (id INT PRIMARY KEY, v INT)")));
        QVERIFY(first.execute(QStringLiteral("INSERT INTO cluster_test.t VALUES (1, 42)")));
        MysqlConnection third;
        QVERIFY(third.open(cluster.connectionParams(3), false));
        QVERIFY(third.execute(QStringLiteral("SET SESSION wsrep_sync_wait = 1")));
        QCOMPARE(third.queryInt(QStringLiteral("SELECT v FROM cluster_test.t WHERE id = 1")),
            std::optional<std::int64_t>(42));

        cluster.stop();
        for (int node = 1; node <= 3; ++node)
            QCOMPARE(cluster.state(node), EmbeddedCluster::NodeState::Stopped);
        QVERIFY2(labServerPids().isEmpty(), "a cluster node outlived stop()");
    }

    void aKilledNodeIsGoneAndTheOthersGoOn()
    {
        EmbeddedCluster cluster;
        QString error;
        QVERIFY2(cluster.start(&error), qPrintable(error));
        QVERIFY(cluster.killNode(2));
        QTRY_COMPARE_WITH_TIMEOUT(cluster.state(2), EmbeddedCluster::NodeState::Gone, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(cluster.connectionParams(1), "WSREP_CLUSTER_SIZE"),
            std::optional<std::int64_t>(2), 30000);
        QCOMPARE(cluster.state(3), EmbeddedCluster::NodeState::Synced);
        QVERIFY(!cluster.killNode(2)); // already gone

        // The cluster starts again whole, the killed node's leftovers notwithstanding.
        cluster.stop();
        QVERIFY2(cluster.start(&error), qPrintable(error));
        QCOMPARE(statusOf(cluster.connectionParams(2), "WSREP_CLUSTER_SIZE"), std::optional<std::int64_t>(3));
    }
};

QTEST_GUILESS_MAIN(TestEmbeddedCluster)
#include "tst_embeddedcluster.moc"
