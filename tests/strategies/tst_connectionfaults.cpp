// Connections killed mid-run: workers reconnect, orders whose commit outcome was unknown
// are reconciled by request id, and none is lost or counted twice.
#include "app/db/databaseconnection.h"
#include "app/results/resultwriter.h"
#include "tests/support/faultstrategies.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <random>
#include <thread>

namespace {

// Kills lab connections every `periodMs`: either one at random, sparing the run's control
// connection (the first one the run opens, so the lowest id), or every connection of the
// lab's account but itself, the control connection included. The kills start once the
// run's clients are connected, so that the run is under way.
class ConnectionKiller {
public:
    enum class Victims { OneClient, Everyone };

    ConnectionKiller(int periodMs, Victims victims, int startAtConnections = 2)
    {
        m_thread = std::thread([this, periodMs, victims, startAtConnections] {
            DatabaseConnection admin;
            if (!admin.open(ServerFixture::params(), false))
                return;
            std::mt19937 rng(7);
            bool started = false;
            while (!m_stop.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(started ? periodMs : 10));
                const std::vector<long long> ids = ServerFixture::labConnectionIds(admin);
                started = started || static_cast<int>(ids.size()) >= startAtConnections;
                if (!started || ids.size() < 2)
                    continue;
                std::vector<long long> victims_;
                if (victims == Victims::Everyone)
                    victims_ = ids;
                else
                    victims_.push_back(ids[1 + rng() % (ids.size() - 1)]);
                for (const long long victim : victims_) {
                    if (admin.execute(QStringLiteral("KILL CONNECTION %1").arg(victim)))
                        m_kills.fetch_add(1);
                }
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

// The orders table's own count, on a connection of its own: what the JSON must match.
std::pair<long long, long long> ordersAndUnitsInTable()
{
    DatabaseConnection check;
    if (!check.open(ServerFixture::params()))
        return { -1, -1 };
    const auto orders = check.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders"));
    const auto units = check.queryInt(QStringLiteral("SELECT COALESCE(SUM(qty), 0) FROM orders"));
    return { orders.value_or(-1), units.value_or(-1) };
}

// Stock for a run long enough that kills every 100 ms land a few times in it: the fast
// strategies need more units than those that wait on the row.
std::int64_t stockFor(const QString& id)
{
    if (id == QLatin1String("procedure"))
        return 10000; // 2,500 units took it a third of a second
    if (id == QLatin1String("queued") || id == QLatin1String("slotted-partitioned")
        || id == QLatin1String("slotted-routed"))
        return 2500; // slotted-routed sold 1,000 units within two kills
    return 1000;
}

} // namespace

class TestConnectionFaults : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void killedConnectionsLoseNoOrder_data()
    {
        QTest::addColumn<QString>("id");
        const QStringList underSanitizer { QStringLiteral("pessimistic"), QStringLiteral("optimistic"),
            QStringLiteral("slotted-partitioned"), QStringLiteral("queued") };
        for (const QString& id : faultStrategies(WorkloadKind::Inventory, underSanitizer))
            QTest::newRow(qPrintable(id)) << id;
    }
    void killedConnectionsLoseNoOrder()
    {
        QFETCH(QString, id);
        Experiment e = ServerFixture::soldOutExperiment(stockFor(id));
        e.threads = 16;
        e.delayMs = 1; // widen the window in which a kill lands inside a transaction
        ConnectionKiller killer(100, ConnectionKiller::Victims::OneClient);
        const StrategyResult r = ServerFixture::runStrategy(id, e);
        killer.stop();

        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(killer.kills() >= 3, qPrintable(QStringLiteral("only %1 kills").arg(killer.kills())));
        QVERIFY(r.clients.error(ErrorClass::ConnectionLost) > 0);
        QCOMPARE(r.stopReason, StopReason::SoldOut);
        QCOMPARE(r.sold, e.initialStock);
        QCOMPARE(r.oversold, 0LL);
        QCOMPARE(r.lostUpdates, 0LL);
        QCOMPARE(r.unrecordedDecrements, 0LL);
        // Never lost, never counted twice: the clients' count equals the orders table.
        QCOMPARE(r.clients[ClientCount::Sold], r.orderRows);
        QCOMPARE(r.clients[ClientCount::SoldUnits], r.sold);
        QCOMPARE(r.clients[ClientCount::Unresolved], 0LL);
        qInfo("%s: %d kills, %lld reconciled, %lld retries", qPrintable(id), killer.kills(),
            r.clients[ClientCount::Reconciled], r.clients[ClientCount::Retries]);
    }

    void killingEveryLabConnectionKeepsTheFigures_data() { killedConnectionsLoseNoOrder_data(); }
    void killingEveryLabConnectionKeepsTheFigures()
    {
        // The control connection too, which the sampler, the live audit, the lock inspector
        // and the closing audit share: it is opened again, and the figures are all there.
        QFETCH(QString, id);
        Experiment e = ServerFixture::soldOutExperiment(std::min<std::int64_t>(stockFor(id), 2500));
        e.threads = 16;
        e.delayMs = 1;
        // Deadlock detection off for the run: the global must be back as it was afterwards,
        // though the control connection that changed it is killed again and again.
        e.deadlockDetect = KnobSwitch::Off;
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        const auto detectBefore = admin.queryInt(QStringLiteral("SELECT @@GLOBAL.innodb_deadlock_detect"));
        QCOMPARE(detectBefore, std::optional<std::int64_t>(1));
        ConnectionKiller killer(100, ConnectionKiller::Victims::Everyone, 3);
        const StrategyResult r = ServerFixture::runStrategy(id, e);
        killer.stop();
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_deadlock_detect")), QStringLiteral("OFF"));
        QCOMPARE(admin.queryInt(QStringLiteral("SELECT @@GLOBAL.innodb_deadlock_detect")), detectBefore);
        const QJsonObject json = ResultWriter::summaryJson(r);
        const auto [tableOrders, tableUnits] = ordersAndUnitsInTable();
        qInfo("%s: %d kills, %lld reconciled; JSON sold %s, order_rows %s, client_sold_orders %s; table %lld "
              "orders, %lld units: %s",
            qPrintable(id), killer.kills(), r.clients[ClientCount::Reconciled],
            qPrintable(json.value(QStringLiteral("sold")).toVariant().toString()),
            qPrintable(json.value(QStringLiteral("order_rows")).toVariant().toString()),
            qPrintable(json.value(QStringLiteral("client_sold_orders")).toVariant().toString()), tableOrders,
            tableUnits, qPrintable(r.verdictText()));

        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.audited(), qPrintable(r.auditIncomplete));
        // Each round kills the control connection too; queued sells out within a few rounds.
        QVERIFY2(killer.kills() >= 3, qPrintable(QStringLiteral("only %1 kills").arg(killer.kills())));
        QCOMPARE(r.verdict(), Verdict::Pass);
        QCOMPARE(tableUnits, static_cast<long long>(e.initialStock));
        QCOMPARE(json.value(QStringLiteral("sold")).toDouble(), static_cast<double>(tableUnits));
        QCOMPARE(json.value(QStringLiteral("order_rows")).toDouble(), static_cast<double>(tableOrders));
        QCOMPARE(
            json.value(QStringLiteral("client_sold_orders")).toDouble(), static_cast<double>(tableOrders));
        QCOMPARE(json.value(QStringLiteral("client_sold_units")).toDouble(), static_cast<double>(tableUnits));
    }
};

QTEST_GUILESS_MAIN(TestConnectionFaults)
#include "tst_connectionfaults.moc"
