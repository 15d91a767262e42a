// The sentence that explains a result, from known figures: which bound it names, and the
// numbers it puts in the text and the JSON.
#include "app/results/resultexplanation.h"

#include <QSignalSpy>
#include <QTest>

using ResultExplanation::Bound;

namespace {

// One hot SKU, 1,000 orders/s over 10 s, each order holding the row 0.9 ms.
StrategyResult hotRowResult()
{
    StrategyResult r;
    r.strategy = QStringLiteral("pessimistic");
    r.experiment.skus = 1;
    r.durationS = 10.0;
    r.clients[ClientCount::Sold] = 10000;
    r.ordersPerS = 1000.0;
    r.measuredLockHolds = 10000;
    r.lockHoldMs = 0.9;
    r.clientCpuS = 2.0;
    r.serverCpuS = 3.0;
    r.cpuWallS = 10.0;
    r.cores = 2;
    return r;
}

} // namespace

class TestResultExplanation : public QObject {
    Q_OBJECT
private slots:
    void aSaturatedHotRowIsNamedWithItsCeiling()
    {
        const auto explained = ResultExplanation::of(hotRowResult());
        QCOMPARE(explained.bound, Bound::RowLock);
        // 1 / 0.9 ms = 1,111 orders/s; 1,000 reached is 90 %.
        QCOMPARE(qRound(explained.figures.value(QStringLiteral("ceiling_orders_per_s")).toDouble()), 1111);
        QCOMPARE(qRound(100 * explained.figures.value(QStringLiteral("reach")).toDouble()), 90);
        QVERIFY2(explained.text.contains(QLatin1String("0.900 ms")), qPrintable(explained.text));
        QVERIFY2(explained.text.contains(QLatin1String("90 %")), qPrintable(explained.text));
        QCOMPARE(explained.figures.value(QStringLiteral("bound")).toString(), QStringLiteral("row-lock"));
    }

    void manyUniformSkusDoNotBlameTheRowLock()
    {
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("conditional");
        r.experiment.skus = 10000;
        const auto explained = ResultExplanation::of(r);
        QVERIFY(explained.bound != Bound::RowLock);
        QCOMPARE(explained.figures.value(QStringLiteral("busiest_row_share")).toDouble(), 1.0 / 10000);
        QVERIFY2(explained.text.contains(QLatin1String("not the bound")), qPrintable(explained.text));
        QVERIFY2(explained.text.contains(QLatin1String("1 in 10")), qPrintable(explained.text));
    }

    void busyCoresWithoutALockBoundNameTheCpu()
    {
        StrategyResult r = hotRowResult();
        r.experiment.skus = 10000;
        r.clientCpuS = 8.0;
        r.serverCpuS = 9.0; // 17 s of CPU in 10 s on 2 cores: 85 % busy
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.bound, Bound::Cpu);
        QVERIFY2(explained.text.contains(QLatin1String("85 % of 2 cores")), qPrintable(explained.text));
        QCOMPARE(explained.figures.value(QStringLiteral("client_cpu_ms_per_order")).toDouble(), 0.8);
    }

    void slotsSpreadTheBusiestRow()
    {
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("slotted-partitioned");
        r.experiment.slotsPerSku = 16;
        QCOMPARE(ResultExplanation::busiestRowShare(r), 1.0 / 16);
        r.strategy = QStringLiteral("pessimistic");
        QCOMPARE(ResultExplanation::busiestRowShare(r), 1.0);
    }

    void hotSetShareIsTheHotSkusShare()
    {
        StrategyResult r = hotRowResult();
        r.experiment.skus = 100;
        r.experiment.skew = SkewKind::HotSet;
        r.experiment.hotSkus = 2;
        r.experiment.hotPercent = 90.0;
        // 45 % of orders on each hot SKU, plus its 0.1 % of the rest.
        QCOMPARE(ResultExplanation::busiestRowShare(r), 0.45 + 0.10 / 100);
    }

    void optimisticRetriesAndQueueWaitsAreStated()
    {
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("optimistic");
        r.clients[ClientCount::Retries] = 25000;
        r.clients[ClientCount::Failed] = 3;
        r.experiment.maxRetries = 100;
        QVERIFY(ResultExplanation::of(r).text.contains(QLatin1String("2.5 retries per sold order")));
        QVERIFY(
            ResultExplanation::of(r).text.contains(QLatin1String("3 orders gave up after 100 conflicts")));

        r = hotRowResult();
        r.strategy = QStringLiteral("queued");
        r.measuredLockHolds = 1000; // 10 orders per commit
        r.queueWaitMs = 12.5;
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.figures.value(QStringLiteral("orders_per_commit")).toDouble(), 10.0);
        QVERIFY2(explained.text.contains(QLatin1String("for 10.0 orders")), qPrintable(explained.text));
        QVERIFY2(explained.text.contains(QLatin1String("12.5 ms in the queue")), qPrintable(explained.text));
    }

    void soldOutAndDeadlocksAreStated()
    {
        StrategyResult r = hotRowResult();
        r.soldOutS = 4.25;
        r.attemptsAfterSoldOut = 777;
        r.deadlocks = 20;
        r.durationS = 10.0;
        const QString text = ResultExplanation::of(r).text;
        QVERIFY2(text.contains(QLatin1String("sold out at 4.25 s")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("777 attempts")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("20 deadlocks")), qPrintable(text));
    }

    void anUnsafeBaselineNamesNoRowLockCeiling()
    {
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("naive");
        r.safe = false;
        const auto explained = ResultExplanation::of(r);
        QVERIFY(explained.bound != Bound::RowLock);
        QVERIFY(!explained.figures.contains(QStringLiteral("ceiling_orders_per_s")));
    }

    void anUnsafeBaselineSaysWhatItLost()
    {
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("naive");
        r.safe = false;
        r.lostUpdates = 7144;
        r.oversold = 12;
        const QString text = ResultExplanation::of(r).text;
        QVERIFY2(
            text.contains(QLatin1String("7144 updates were lost and 12 units oversold")), qPrintable(text));
        r.lostUpdates = 0;
        r.oversold = 0;
        QVERIFY2(ResultExplanation::of(r).text.contains(QLatin1String("no two orders overlapped")),
            qPrintable(ResultExplanation::of(r).text));
    }

    // Every rate depends on the simulated network: every explanation says what it was, whether
    // or not a row lock was held across it, in both workloads.
    void everyExplanationNamesTheRoundTrip_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<bool>("holdsALock");
        QTest::addColumn<bool>("claims");
        QTest::newRow("pessimistic") << QStringLiteral("pessimistic") << true << false;
        QTest::newRow("optimistic") << QStringLiteral("optimistic") << false << false;
        QTest::newRow("naive") << QStringLiteral("naive") << false << false;
        QTest::newRow("redis-split") << QStringLiteral("redis-split") << false << false;
        QTest::newRow("claim-update") << QStringLiteral("claim-update") << false << true;
        QTest::newRow("claim-for-update") << QStringLiteral("claim-for-update") << true << true;
    }
    void everyExplanationNamesTheRoundTrip()
    {
        QFETCH(QString, strategy);
        QFETCH(bool, holdsALock);
        QFETCH(bool, claims);
        StrategyResult r = hotRowResult();
        r.strategy = strategy;
        r.safe = strategy != QLatin1String("naive");
        if (claims)
            r.experiment.workload = WorkloadKind::Claim;
        if (!holdsALock)
            r.measuredLockHolds = 0;
        r.experiment.rttMs = 1.5;
        const auto network = ResultExplanation::of(r);
        QVERIFY2(network.text.contains(QLatin1String("1.5 ms network round trip")), qPrintable(network.text));
        r.experiment.rttMs = 0.0;
        const auto loopback = ResultExplanation::of(r);
        QVERIFY2(
            loopback.text.contains(QLatin1String("No network was simulated")), qPrintable(loopback.text));
        QCOMPARE(loopback.figures.value(QStringLiteral("rtt_ms")).toDouble(), 0.0);
    }

    void aFailedRunIsNotExplained()
    {
        StrategyResult r = hotRowResult();
        r.error = QStringLiteral("lost the server");
        QVERIFY(ResultExplanation::of(r).text.isEmpty());
        QCOMPARE(ResultExplanation::of(r).bound, Bound::None);
    }
};

QTEST_GUILESS_MAIN(TestResultExplanation)
#include "tst_resultexplanation.moc"
