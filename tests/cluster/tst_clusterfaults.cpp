// Faults on the lab's own three-node Galera cluster (`--server cluster:3`), for every strategy
// that claims safety, with its clients spread over the nodes: an acknowledged order deleted, or
// stock put back, on another node is a safety failure that names it; every lab connection on every node
// killed every 100 ms, a node paused by SIGSTOP and a node killed by SIGKILL and started again each end in a
// pass whose figures equal a count made on every node. A node that diverged is named.
#include "app/db/databaseconnection.h"
#include "app/server/embeddedcluster.h"
#include "app/server/embeddedredis.h"
#include "strategies/strategyregistry.h"
#include "tests/support/backgroundrun.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <functional>
#include <thread>

namespace {

// Stock that lasts: every run ends on its clock, with its clients two to a node.
Experiment clusterFaultExperiment(int durationMs)
{
    Experiment e;
    e.skus = 4;
    e.initialStock = 1'000'000;
    e.threads = 6;
    e.stop = StopKind::Duration;
    e.durationMs = durationMs;
    e.rttMs = 0;
    return e;
}

// A data row for every strategy that claims safety in the inventory workload: redis-split and
// the two-SKU orders included.
void everySafeInventoryStrategy()
{
    QTest::addColumn<QString>("id");
    for (const QString& id : StrategyRegistry::ids()) {
        const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
        if (strategy->isSafe() && strategy->workload() == WorkloadKind::Inventory)
            QTest::newRow(qPrintable(id)) << id;
    }
}

// The rows of a test that takes ten seconds or more a strategy: one strategy of each kind in CI
// (a row lock, an in-process queue, slots, Redis); LOCKBENCH_EVERY_STRATEGY=1 runs them all.
void slowRows()
{
    if (qEnvironmentVariableIntValue("LOCKBENCH_EVERY_STRATEGY") == 1) {
        everySafeInventoryStrategy();
        return;
    }
    QTest::addColumn<QString>("id");
    for (const char* id : { "pessimistic", "queued", "slotted-routed", "redis-split" })
        QTest::newRow(id) << QString::fromLatin1(id);
}

// Kills every connection to the lab's database on every node every `periodMs`, each through its
// own node (connection ids are per node), once the run has some; counts the rounds that killed
// on every node that had one.
class ClusterConnectionKiller {
public:
    ClusterConnectionKiller(const EmbeddedCluster& cluster, int periodMs)
    {
        QList<ConnectionParams> nodes;
        for (int node = 1; node <= cluster.nodeCount(); ++node)
            nodes << cluster.connectionParams(node);
        m_thread = std::thread([this, nodes, periodMs] {
            std::vector<std::unique_ptr<DatabaseConnection>> admins;
            for (const ConnectionParams& params : nodes) {
                admins.push_back(std::make_unique<DatabaseConnection>());
                if (!admins.back()->open(params, false))
                    return;
            }
            while (!m_stop.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(periodMs));
                int nodesKilledOn = 0;
                for (const auto& admin : admins)
                    nodesKilledOn += killAllOn(*admin) > 0 ? 1 : 0;
                if (nodesKilledOn == static_cast<int>(admins.size()))
                    m_rounds.fetch_add(1);
            }
        });
    }
    ~ClusterConnectionKiller() { stop(); }
    void stop()
    {
        m_stop.store(true);
        if (m_thread.joinable())
            m_thread.join();
    }
    int rounds() const { return m_rounds.load(); }

private:
    static int killAllOn(DatabaseConnection& admin)
    {
        int killed = 0;
        for (const long long id : ServerFixture::labConnectionIds(admin))
            killed += admin.execute(QStringLiteral("KILL CONNECTION %1").arg(id)) ? 1 : 0;
        return killed;
    }

    std::atomic<bool> m_stop { false };
    std::atomic<int> m_rounds { 0 };
    std::thread m_thread;
};

// A node's server stopped by SIGSTOP for as long as this lives, and continued by SIGCONT, also
// when a check fails on the way: a node left stopped would hang every test after it.
class NodePause {
public:
    explicit NodePause(qint64 pid)
        : m_pid(static_cast<pid_t>(pid))
        , m_paused(m_pid > 0 && ::kill(m_pid, SIGSTOP) == 0)
    {
    }
    ~NodePause()
    {
        if (m_paused)
            ::kill(m_pid, SIGCONT);
    }
    NodePause(const NodePause&) = delete;
    NodePause& operator=(const NodePause&) = delete;
    bool paused() const { return m_paused; }

private:
    pid_t m_pid;
    bool m_paused;
};

} // namespace

class TestClusterFaults : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    std::unique_ptr<EmbeddedCluster> m_cluster;
    QElapsedTimer m_sinceLastPause; // invalid until a node was paused
    EmbeddedRedis m_redis; // for redis-split, whose stock is there

    // The cluster as the lab's own `cluster:3` gives it to a run: node 1 first, every node's pid.
    ConnectionParams clusterParams() const
    {
        ConnectionParams params = m_cluster->connectionParams(1);
        for (int node = 1; node <= m_cluster->nodeCount(); ++node) {
            const ConnectionParams one = m_cluster->connectionParams(node);
            params.nodes.append({ one.host, one.port, one.socket, m_cluster->server(node).serverPid(),
                one.embeddedErrorLog });
        }
        params.redis = m_redis.endpoint();
        return params;
    }

    // Waits until the run's clients have written orders of this run (the tables of the run
    // before stay until it fills its own).
    bool writing(const BackgroundRun& run, DatabaseConnection& outsider)
    {
        return QTest::qWaitFor(
            [&] {
                return run.running(QStringLiteral(": running"))
                    && outsider.queryInt(QStringLiteral("SELECT COUNT(*) FROM lockbench.orders")).value_or(0)
                    >= 10;
            },
            60000);
    }

    // A pass, audited, whose JSON equals the orders table counted on every node once synced.
    void auditedAndEveryNodeAgrees(const QString& id, const StrategyResult& r)
    {
        qInfo("%s: %lld orders, %lld learned after reconnecting, verdict %s", qPrintable(id),
            r.clients[ClientCount::Sold], r.clients[ClientCount::Reconciled], qPrintable(r.verdictText()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.audited(), qPrintable(r.auditIncomplete));
        QCOMPARE(r.clients[ClientCount::Unresolved], 0LL);
        // redis-split takes the units from Redis before it writes the row: an order whose outcome
        // no node could tell when it failed keeps them, stranded, and the verdict says so.
        const bool stranded = id == QLatin1String("redis-split") && r.verdict() == Verdict::StrandedInRedis;
        QStringList nodes; // what each node's own audit found, when they disagree
        for (const NodeFigures& node : r.nodes)
            nodes << node.disagreement + node.auditError;
        QVERIFY2(r.verdict() == Verdict::Pass || stranded,
            qPrintable(r.verdictText() + QStringLiteral("; errors: ")
                + r.errorMessages.join(QStringLiteral("; ")) + QStringLiteral("; nodes: ")
                + nodes.join(QStringLiteral(" | "))));
        for (int node = 1; node <= m_cluster->nodeCount(); ++node) {
            const QString differs
                = ServerFixture::jsonDisagreesWithTableOn(r, m_cluster->connectionParams(node));
            QVERIFY2(differs.isEmpty(), qPrintable(QStringLiteral("node %1: %2").arg(node).arg(differs)));
        }
    }

    // Every node synced, as a run starts: a row after one that left the cluster short (a node
    // that did not come back) starts whole, with that node started again.
    void everyNodeSynced()
    {
        for (int node = 1; node <= m_cluster->nodeCount(); ++node) {
            QString error;
            if (!m_cluster->server(node).isRunning())
                QVERIFY2(m_cluster->restartNode(node, &error), qPrintable(error));
            // Waited for by the clock: a node slow to answer makes each look long.
            EmbeddedCluster::NodeState state = EmbeddedCluster::NodeState::Stopped;
            QVERIFY2(
                QTest::qWaitFor(
                    [&] { return (state = m_cluster->state(node)) == EmbeddedCluster::NodeState::Synced; },
                    60000),
                qPrintable(
                    QStringLiteral("node %1 is %2").arg(node).arg(EmbeddedCluster::stateLabel(state))));
        }
    }

    // Runs `id` and, once it has written orders, has another program on node 2 run the statement
    // `tamper` gives. A write there may lose to a replicated one (1213): tried again, as a program
    // would. The run's result, a safety failure; empty, with the test failed, when it was not.
    StrategyResult runTamperedWith(
        const QString& id, const std::function<QString(DatabaseConnection&)>& tamper)
    {
        everyNodeSynced();
        if (QTest::currentTestFailed())
            return {};
        DatabaseConnection outsider;
        if (!outsider.open(m_cluster->connectionParams(2), false)) {
            QTest::qFail(qPrintable(outsider.lastError().toString()), __FILE__, __LINE__);
            return {};
        }
        BackgroundRun run(id, clusterFaultExperiment(2000), clusterParams());
        const QString sql = writing(run, outsider) ? tamper(outsider) : QString();
        bool done = false;
        for (int attempt = 0; !sql.isEmpty() && !done && attempt < 20; ++attempt) {
            done = outsider.execute(sql) && outsider.affectedRows() == 1;
            if (!done)
                QThread::msleep(20);
        }
        if (!done)
            run.cancel();
        const StrategyResult r = run.wait();
        if (!done) {
            QTest::qFail(
                sql.isEmpty() ? "the run wrote no orders" : qPrintable(outsider.lastError().toString()),
                __FILE__, __LINE__);
            return {};
        }
        qInfo("%s: %s", qPrintable(id), qPrintable(r.verdictText()));
        if (!r.failsSafety())
            QTest::qFail(
                qPrintable(QStringLiteral("not a safety failure: ") + r.verdictText()), __FILE__, __LINE__);
        return r;
    }

private slots:
    void initTestCase()
    {
        const QString root = qEnvironmentVariable("LOCKBENCH_DATA_DIR") + QStringLiteral("/fixture-cluster");
        m_cluster = std::make_unique<EmbeddedCluster>(3, root);
        QString error;
        QVERIFY2(m_cluster->start(&error), qPrintable(error));
        QVERIFY2(m_redis.start(&error), qPrintable(error));
    }

    void cleanupTestCase()
    {
        if (m_cluster)
            m_cluster->stop();
    }

    void anOrderDeletedOnAnotherNodeIsASafetyFailure_data() { everySafeInventoryStrategy(); }
    void anOrderDeletedOnAnotherNodeIsASafetyFailure()
    {
        QFETCH(QString, id);
        // The oldest order found by a plain read, then deleted by its key alone: a delete that
        // scanned the table would lock it against the replicated inserts and lose to them every time.
        const StrategyResult r = runTamperedWith(id, [](DatabaseConnection& outsider) {
            const std::optional<std::int64_t> oldest = outsider.queryInt(
                QStringLiteral("SELECT request_id FROM lockbench.orders ORDER BY created_at LIMIT 1"));
            return oldest ? QStringLiteral("DELETE FROM lockbench.orders WHERE request_id = %1").arg(*oldest)
                          : QString();
        });
        if (QTest::currentTestFailed())
            return;
        // redis-split's stock is in Redis: the clients' count names the missing row there.
        QCOMPARE(r.verdict(),
            id == QLatin1String("redis-split") ? Verdict::ClientsDisagree : Verdict::StockWithoutOrder);
    }

    // Stock that reappears on a row, written on another node: more was sold than the stock went
    // down by, a lost update as far as the audit can tell.
    void stockPutBackOnAnotherNodeIsASafetyFailure_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : StrategyRegistry::ids()) {
            const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
            if (strategy->isSafe() && strategy->workload() == WorkloadKind::Inventory
                && strategy->layout() == StockLayout::Rows)
                QTest::newRow(qPrintable(id)) << id;
        }
    }
    void stockPutBackOnAnotherNodeIsASafetyFailure()
    {
        QFETCH(QString, id);
        const StrategyResult r = runTamperedWith(id, [](DatabaseConnection&) {
            return QStringLiteral("UPDATE lockbench.inventory SET stock = stock + 5 WHERE sku_id = 1");
        });
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(r.verdict(), Verdict::LostUpdates);
    }

    void everyLabConnectionKilledOnEveryNodeLosesNothing_data() { everySafeInventoryStrategy(); }
    void everyLabConnectionKilledOnEveryNodeLosesNothing()
    {
        QFETCH(QString, id);
        everyNodeSynced();
        if (QTest::currentTestFailed())
            return;
        Experiment e = clusterFaultExperiment(2500);
        e.delayMs = 1; // a kill lands inside a transaction more often
        BackgroundRun run(id, e, clusterParams());
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 60000);
        ClusterConnectionKiller killer(*m_cluster, 100);
        // Killed until the stop line: the closing audit, which looks up the orders whose reply
        // a kill took, then reads the nodes undisturbed. On a busy cluster a lookup killed every
        // 100 ms never finished, and the audit rightly said it was incomplete.
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": stopping")), 60000);
        killer.stop();
        const StrategyResult r = run.wait();
        QVERIFY2(killer.rounds() >= 5,
            qPrintable(QStringLiteral("%1 rounds killed on every node").arg(killer.rounds())));
        auditedAndEveryNodeAgrees(id, r);
    }

    // Node 3 paused by SIGSTOP for 5 s: its clients' statements hang, and the other nodes' commits
    // wait for the group until they suspect it.
    void aNodePausedLosesNothing_data() { slowRows(); }
    void aNodePausedLosesNothing()
    {
        QFETCH(QString, id);
        everyNodeSynced();
        if (QTest::currentTestFailed())
            return;
        BackgroundRun run(id, clusterFaultExperiment(8000), clusterParams());
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        {
            const NodePause pause(m_cluster->server(3).serverPid());
            QVERIFY(pause.paused());
            QTest::qWait(5000);
        }
        m_sinceLastPause.start();
        auditedAndEveryNodeAgrees(id, run.wait());
    }

    // Node 2 killed by SIGKILL and started again while the run goes on: it takes the cluster's
    // state afresh, and its clients have moved to the other nodes.
    void aNodeKilledAndRestartedLosesNothing_data() { slowRows(); }
    void aNodeKilledAndRestartedLosesNothing()
    {
        QFETCH(QString, id);
        everyNodeSynced();
        if (QTest::currentTestFailed())
            return;
        // After a pause the group's links to the paused node take seconds to settle: a node lost
        // meanwhile leaves no primary component (Galera's quorum, not the lab's).
        if (m_sinceLastPause.isValid())
            QTest::qWait(static_cast<int>(std::max<qint64>(0, 10000 - m_sinceLastPause.elapsed())));
        BackgroundRun run(id, clusterFaultExperiment(6000), clusterParams());
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        QVERIFY(m_cluster->killNode(2));
        QTRY_VERIFY_WITH_TIMEOUT(!m_cluster->server(2).isRunning(), 10000);
        QString error;
        const bool restarted = m_cluster->restartNode(2, &error);
        const StrategyResult r = run.wait();
        QVERIFY2(restarted, qPrintable(error));
        auditedAndEveryNodeAgrees(id, r);
    }

    // A row written on node 3 alone (replication off for that one session, as a careless
    // maintenance job would): node 3's own closing audit finds one order more than the run's,
    // and the run fails, naming the node and the figure.
    void aNodeThatDivergedIsNamed()
    {
        DatabaseConnection careless;
        QVERIFY(careless.open(m_cluster->connectionParams(3), false));
        BackgroundRun run(QStringLiteral("pessimistic"), clusterFaultExperiment(2500), clusterParams());
        const bool written = writing(run, careless);
        const bool diverged = written && careless.execute(QStringLiteral("SET SESSION wsrep_on = OFF"))
            && careless.execute(QStringLiteral(
                "INSERT INTO lockbench.orders (request_id, sku_id, qty) VALUES (9000000000000000000, 1, 1)"));
        if (!diverged)
            run.cancel();
        const StrategyResult r = run.wait();
        QVERIFY2(diverged, written ? qPrintable(careless.lastError().toString()) : "the run wrote no orders");
        qInfo("%s", qPrintable(r.verdictText()));
        QCOMPARE(r.verdict(), Verdict::NodesDisagree);
        QVERIFY(r.failsSafety());
        QCOMPARE(r.nodes.size(), 3);
        QVERIFY(r.nodes[0].agrees());
        QVERIFY(r.nodes[1].agrees());
        QVERIFY(!r.nodes[2].agrees());
        QVERIFY2(r.nodes[2].disagreement.contains(QLatin1String("node 3"))
                && r.nodes[2].disagreement.contains(QLatin1String("order rows")),
            qPrintable(r.nodes[2].disagreement));
    }
};

QTEST_GUILESS_MAIN(TestClusterFaults)
#include "tst_clusterfaults.moc"
