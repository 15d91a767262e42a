// Connections killed mid-run: workers reconnect, orders whose commit outcome was unknown
// are reconciled by request id, and none is lost or counted twice.
#include "app/db/mysqlconnection.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QtTest>

#include <atomic>
#include <random>
#include <thread>

namespace {

// Kills a random lab connection every `periodMs`, sparing the run's control connection
// (the first one the run opens, so the lowest id) and itself.
class ConnectionKiller {
public:
    explicit ConnectionKiller(int periodMs)
    {
        m_thread = std::thread([this, periodMs] {
            MysqlConnection admin;
            if (!admin.open(ServerFixture::params(), false))
                return;
            std::mt19937 rng(7);
            while (!m_stop.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(periodMs));
                std::vector<long long> ids;
                for (int i = 0;; ++i) {
                    const auto id = admin.queryInt(QStringLiteral(
                        "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = 'lockbench' AND ID <> CONNECTION_ID() "
                        "ORDER BY ID LIMIT 1 OFFSET %1").arg(i));
                    if (!id)
                        break;
                    ids.push_back(*id);
                }
                if (ids.size() < 2)
                    continue;
                const long long victim = ids[1 + rng() % (ids.size() - 1)];
                if (admin.execute(QStringLiteral("KILL CONNECTION %1").arg(victim)))
                    m_kills.fetch_add(1);
            }
        });
    }
    ~ConnectionKiller() { stop(); }
    void stop()
    {
        m_stop.store(true);
        if (m_thread.joinable())
            m_thread.join();
    }
    int kills() const { return m_kills.load(); }

private:
    std::atomic<bool> m_stop { false };
    std::atomic<int> m_kills { 0 };
    std::thread m_thread;
};

} // namespace

class TestConnectionFaults : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_SERVER();
    }

    void killedConnectionsLoseNoOrder_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("pessimistic") << QStringLiteral("pessimistic");
        QTest::newRow("conditional") << QStringLiteral("conditional");
        QTest::newRow("optimistic") << QStringLiteral("optimistic");
        QTest::newRow("slotted-partitioned") << QStringLiteral("slotted-partitioned");
        QTest::newRow("queued") << QStringLiteral("queued");
    }
    void killedConnectionsLoseNoOrder()
    {
        QFETCH(QString, id);
        Experiment e = ServerFixture::soldOutExperiment(2500);
        e.threads = 16;
        e.delayMs = 1; // widen the window in which a kill lands inside a transaction
        ConnectionKiller killer(100);
        const StrategyResult r = ServerFixture::runStrategy(id, e);
        killer.stop();

        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(killer.kills() >= 3, qPrintable(QStringLiteral("only %1 kills").arg(killer.kills())));
        QVERIFY(r.errors[static_cast<std::size_t>(ErrorClass::ConnectionLost)] > 0);
        QCOMPARE(r.stopReason, StopReason::SoldOut);
        QCOMPARE(r.sold, 2500LL);
        QCOMPARE(r.oversold, 0LL);
        QCOMPARE(r.lostUpdates, 0LL);
        QCOMPARE(r.unrecordedDecrements, 0LL);
        // Never lost, never counted twice: the clients' count equals the orders table.
        QCOMPARE(r.clientSoldOrders, r.orderRows);
        QCOMPARE(r.clientSoldUnits, r.sold);
        QCOMPARE(r.unresolved, 0LL);
        qInfo("%s: %d kills, %lld reconciled, %lld retries", qPrintable(id), killer.kills(), r.reconciled, r.retries);
    }
};

QTEST_GUILESS_MAIN(TestConnectionFaults)
#include "tst_connectionfaults.moc"
