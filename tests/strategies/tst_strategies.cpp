// Every strategy against the embedded MariaDB: the safe ones sell exactly their stock and
// oversell nothing; naive shows the anomaly it exists to show.
#include "app/core/experimentfields.h"
#include "strategies/strategyregistry.h"
#include "tests/support/faultstrategies.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QSignalSpy>
#include <QTest>

namespace {

// Two-SKU orders (sorted, so none deadlock) from four clients, until sold out or 60 s.
StrategyResult runTwoSkuToSoldOut(int skus, std::int64_t stockPerSku)
{
    Experiment e = ServerFixture::soldOutExperiment(stockPerSku);
    e.skus = skus;
    e.threads = 4;
    e.timeLimitMs = 60000;
    return ServerFixture::runStrategy(QStringLiteral("two-sku-sorted"), e);
}

} // namespace

class TestStrategies : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void declaresSchemaAndSql_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : StrategyRegistry::ids())
            QTest::newRow(qPrintable(id)) << id;
    }
    void declaresSchemaAndSql()
    {
        QFETCH(QString, id);
        const auto strategy = StrategyRegistry::create(id);
        QVERIFY(strategy);
        QCOMPARE(strategy->id(), id);
        QVERIFY(!strategy->title().isEmpty());
        QVERIFY(strategy->explanation().size() > 80);
        QVERIFY(!strategy->orderSql().isEmpty());
        QVERIFY(strategy->schemaSql().join(QLatin1Char(' ')).contains(QLatin1String("CREATE TABLE orders")));
        QCOMPARE(strategy->isSafe(), id != QLatin1String("naive"));
    }

    void safeStrategySellsExactlyItsStock_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("skew");
        QTest::addColumn<QString>("qty");
        QTest::addColumn<qlonglong>("skus");
        QTest::addColumn<qlonglong>("stock");
        // Under a sanitizer, which slows every client several times over, every strategy on the
        // hot SKU and three of them on the hot set: the same code paths in half the time.
        const QStringList hotSet = outsideSanitizers(StrategyRegistry::allIds(),
            { QStringLiteral("pessimistic"), QStringLiteral("slotted-routed"), QStringLiteral("queued") });
        for (const QString& id : StrategyRegistry::allIds()) {
            if (id == QLatin1String("naive"))
                continue;
            QTest::addRow("%s, one hot SKU", qPrintable(id))
                << id << QStringLiteral("uniform") << QStringLiteral("1") << 1LL << 1000LL;
            if (hotSet.contains(id))
                QTest::addRow("%s, 20 SKUs hot set, qty 1-3", qPrintable(id))
                    << id << QStringLiteral("hotset:80:2") << QStringLiteral("1-3") << 20LL << 200LL;
        }
    }
    void safeStrategySellsExactlyItsStock()
    {
        QFETCH(QString, id);
        QFETCH(QString, skew);
        QFETCH(QString, qty);
        QFETCH(qlonglong, skus);
        QFETCH(qlonglong, stock);
        Experiment e = ServerFixture::soldOutExperiment(stock);
        e.skus = skus;
        QVERIFY(!ExperimentFields::set(e, QStringLiteral("skew"), skew));
        QVERIFY(!ExperimentFields::set(e, QStringLiteral("qty"), qty));
        QVERIFY(validateExperiment(e, StrategyRegistry::needsOf({ id })).isEmpty());

        const StrategyResult r = ServerFixture::runStrategy(id, e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.stopReason, StopReason::SoldOut);
        QCOMPARE(r.sold, skus * stock);
        QCOMPARE(r.remaining, 0LL);
        QCOMPARE(r.oversold, 0LL);
        QCOMPARE(r.lostUpdates, 0LL);
        QCOMPARE(r.unrecordedDecrements, 0LL);
        // The clients' own count matches the orders table: nothing lost, nothing twice.
        QCOMPARE(r.clients[ClientCount::SoldUnits], r.sold);
        QCOMPARE(r.clients[ClientCount::Sold], r.orderRows);
        QCOMPARE(r.clients[ClientCount::Failed], 0LL);
        QVERIFY2(r.errorMessages.isEmpty(), qPrintable(r.errorMessages.join(QLatin1Char('\n'))));
        QCOMPARE(r.verdict(), Verdict::Pass);
        QVERIFY(!r.series.isEmpty());
    }

    void soldOutIsSeenByTheAuditWhenNoClientCanTell()
    {
        // A two-SKU order never marks a SKU dry on the client side (either line may have
        // failed); with two SKUs of equal stock both run out together, and only the audit's
        // count of SKUs that can still sell can end the run before its time limit.
        const StrategyResult r = runTwoSkuToSoldOut(2, 150);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.stopReason, StopReason::SoldOut);
        QCOMPARE(r.remaining, 0LL);
        QCOMPARE(r.sold, 300LL);
        QCOMPARE(r.oversold, 0LL);
        QCOMPARE(r.clients[ClientCount::SoldUnits], r.sold);
    }

    void twoSkuRunEndsWhenOneSkuIsLeft()
    {
        // 3 × 101 units and two units an order: one unit at least is always left, on one SKU,
        // and no order can take it. The run is sold out then, not at its time limit.
        const StrategyResult r = runTwoSkuToSoldOut(3, 101);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.stopReason, StopReason::SoldOut);
        QVERIFY2(r.remaining >= 1 && r.remaining % 2 == 1, qPrintable(QString::number(r.remaining)));
        QCOMPARE(r.sold + r.remaining, 303LL);
        QCOMPARE(r.oversold, 0LL);
        QCOMPARE(r.clients[ClientCount::SoldUnits], r.sold);
    }

    void naiveOversellsOnAHotSku()
    {
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("naive"), ServerFixture::soldOutExperiment(2000));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        // Lost updates let more orders through than there was stock. A stale write can even
        // put stock back after a client found it empty, so some may remain at sold-out.
        QVERIFY2(r.lostUpdates > 0, qPrintable(QString::number(r.lostUpdates)));
        QCOMPARE(r.lostUpdates, r.sold - (2000 - r.remaining));
        QCOMPARE(r.oversold, std::max(0LL, r.sold - 2000));
        QVERIFY(r.anomaly());
        QCOMPARE(r.verdictText(),
            r.oversold > 0 ? QStringLiteral("oversold (unsafe baseline)")
                           : QStringLiteral("lost updates (unsafe baseline)"));
        // Every order the clients saw commit is in the table, and no other.
        QCOMPARE(r.clients[ClientCount::Sold], r.orderRows);
    }

    void ordersStopPlacesExactlyThatManyOrders()
    {
        Experiment e = ServerFixture::soldOutExperiment(100000);
        e.stop = StopKind::Orders;
        e.totalOrders = 777;
        e.threads = 16;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("conditional"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.stopReason, StopReason::AllOrdersPlaced);
        QCOMPARE(r.clients[ClientCount::Sold] + r.clients[ClientCount::OutOfStock]
                + r.clients[ClientCount::Failed],
            777LL);
        QCOMPARE(r.orderRows, 777LL);
        QCOMPARE(r.remaining, 100000LL - 777LL);
    }

    void openLoopNeverRunsAheadOfItsSchedule()
    {
        Experiment e = ServerFixture::soldOutExperiment(100000);
        e.stop = StopKind::Duration;
        e.durationMs = 2000;
        e.arrival = ArrivalMode::Open;
        e.rate = 300;
        e.threads = 8;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("pessimistic"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.clients[ClientCount::Sold] > 0);
        // Order k is due at k/rate s from the start: no more can have been placed than were
        // due by the stop (durationS is whole milliseconds, hence the extra millisecond).
        QVERIFY2(r.clients[ClientCount::Sold]
                <= static_cast<long long>(std::floor(e.rate * (r.durationS + 0.001))) + 1,
            qPrintable(
                QStringLiteral("%1 orders in %2 s").arg(r.clients[ClientCount::Sold]).arg(r.durationS)));
        QCOMPARE(r.clients[ClientCount::Sold], r.orderRows);
    }

    void inTransactionDelayMakesRowLockWaitsVisible()
    {
        Experiment e = ServerFixture::soldOutExperiment(100000);
        e.stop = StopKind::Duration;
        e.durationMs = 1500;
        e.threads = 16;
        e.delayMs = 2;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("pessimistic"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        // With a 2 ms hold per order on one row, 16 clients cannot all hold it at once:
        // the server counts the waits, and the clients spend time in the locking read.
        QVERIFY(r.lockWaits > 0);
        QVERIFY(r.clientLockWaitS > 0.0);
        bool sawWaiters = false;
        for (const MetricsSample& sample : r.series)
            sawWaiters = sawWaiters || sample.waitingNow > 0;
        QVERIFY(sawWaiters);
    }

    // Large orders on many small slots strand stock: slotted-partitioned refuses orders the
    // SKU's slots could fill together; slotted-routed rebalances instead and sells all that an
    // order can still take.
    void routedSlotsRebalanceWhatPartitionedStrands()
    {
        Experiment e = ServerFixture::soldOutExperiment(2000);
        e.slotsPerSku = 64;
        e.threads = 16;
        QVERIFY(!ExperimentFields::set(e, QStringLiteral("qty"), QStringLiteral("5-20")));
        const StrategyResult partitioned
            = ServerFixture::runStrategy(QStringLiteral("slotted-partitioned"), e);
        QVERIFY2(partitioned.error.isEmpty(), qPrintable(partitioned.error));
        QCOMPARE(partitioned.verdict(), Verdict::Pass);
        const StrategyResult routed = ServerFixture::runStrategy(QStringLiteral("slotted-routed"), e);
        QVERIFY2(routed.error.isEmpty(), qPrintable(routed.error));
        QCOMPARE(routed.verdict(), Verdict::Pass);
        qInfo("partitioned: %lld refused with stock, %lld left; routed: %lld rebalances, %lld refused with "
              "stock, %lld left",
            partitioned.clients[ClientCount::RefusedWithStock], partitioned.remaining,
            routed.clients[ClientCount::Rebalances], routed.clients[ClientCount::RefusedWithStock],
            routed.remaining);
        QVERIFY(partitioned.clients[ClientCount::RefusedWithStock] > 0);
        QCOMPARE(partitioned.clients[ClientCount::Rebalances], 0LL);
        QVERIFY(routed.clients[ClientCount::Rebalances] > 0);
        QVERIFY2(routed.remaining < 5,
            "every unit an order of 5 could take was sold"); // less than the smallest order
        QCOMPARE(routed.sold + routed.remaining, 2000LL);
    }

    // The stored procedure: its out-of-stock SIGNAL reads as out of stock, not as an error, and
    // the orders it reports sold are the rows in the table.
    void procedureSignalsOutOfStockAndSellsExactly()
    {
        Experiment e = ServerFixture::soldOutExperiment(300);
        e.stop = StopKind::Duration; // goes on after the sell-out: the later calls find no stock
        e.durationMs = 1500;
        e.threads = 8;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("procedure"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.errorMessages.isEmpty(), qPrintable(r.errorMessages.join(QLatin1Char('\n'))));
        QCOMPARE(r.verdict(), Verdict::Pass);
        QCOMPARE(r.sold, 300LL);
        QCOMPARE(r.clients[ClientCount::Sold], r.orderRows);
        QVERIFY(r.clients[ClientCount::OutOfStock] > 0);
        QCOMPARE(r.clients[ClientCount::Failed], 0LL);
    }

    // NOWAIT on the same hot row: nobody waits in the server; the refusals come back at once
    // (1205 from MariaDB, counted as 3572) and are retried after a back-off, and the sale is
    // still exact.
    void nowaitRefusesInsteadOfWaiting()
    {
        Experiment e = ServerFixture::soldOutExperiment(600);
        e.threads = 16;
        e.delayMs = 2;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("pessimistic-nowait"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.verdict(), Verdict::Pass);
        QCOMPARE(r.sold, 600LL);
        const long long refusals = r.clients.error(ErrorClass::LockNowait);
        QVERIFY2(refusals > 0, "16 clients on one row held 2 ms each: some must have found it locked");
        QCOMPARE(r.clients.error(ErrorClass::LockWaitTimeout), 0LL);
        QVERIFY(r.clients[ClientCount::Retries] >= refusals - r.clients[ClientCount::Failed]);
        QCOMPARE(r.deadlocks, 0LL);
        // The few waits the server counts are not on the hot row's lock (at most the odd
        // page latch): far fewer than the refusals.
        QVERIFY2(r.lockWaits * 10 < refusals,
            qPrintable(QStringLiteral("%1 waits, %2 refusals").arg(r.lockWaits).arg(refusals)));
    }
};

QTEST_GUILESS_MAIN(TestStrategies)
#include "tst_strategies.moc"
