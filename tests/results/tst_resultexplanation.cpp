// The sentence that explains a result, from known figures: which bound it names, and the
// numbers it puts in the text and the JSON.
#include "app/results/boundmodel.h"
#include "app/results/resultexplanation.h"
#include "app/results/resultwriter.h"

#include <QSignalSpy>
#include <QTest>

namespace {

// The row's turns in the window: `commits` holds that sold, `rolledBack` that did not, each
// `holdMs` long and each handed over to a waiter in `handOverMs`.
void holdRow(ClientCounts& w, long long sold, long long commits, long long rolledBack, double holdMs,
    double handOverMs)
{
    const auto ns = [](long long times, double ms) { return static_cast<long long>(times * ms * 1e6); };
    w[ClientCount::Sold] = sold;
    w[ClientCount::LockHolds] = commits;
    w[ClientCount::LockHoldNs] = ns(commits, holdMs);
    w[ClientCount::RolledBackHolds] = rolledBack;
    w[ClientCount::RolledBackHoldNs] = ns(rolledBack, holdMs);
    w[ClientCount::HandOvers] = handOverMs > 0.0 ? commits + rolledBack : 0;
    w[ClientCount::HandOverNs] = ns(commits + rolledBack, handOverMs);
}

// One hot SKU, 1,000 orders/s over 10 s by 32 clients: each order held the row 0.8 ms and
// the lock took 0.1 ms more to reach the next waiter, so the row passes one order per 0.9 ms.
StrategyResult hotRowResult()
{
    StrategyResult r;
    r.strategy = QStringLiteral("pessimistic");
    r.experiment.skus = 1;
    r.experiment.threads = 32;
    r.durationS = 10.0;
    r.clients[ClientCount::Sold] = 10000;
    r.ordersPerS = 1000.0;
    r.measuredLockHolds = 10000;
    r.lockHoldMs = 0.8;
    ClientCounts& w = r.windowClients;
    holdRow(w, 10000, 10000, 0, 0.8, 0.1);
    // 32 ms per order: 32 clients allow the 1,000 orders/s.
    w[ClientCount::OrdersTimed] = 10000;
    w[ClientCount::OrderNs] = 10000 * 32'000'000LL;
    r.clientCpuS = 2.0;
    r.serverCpuS = 3.0;
    r.cpuWallS = 10.0;
    r.cores = 2;
    return r;
}

// The same rate over 10,000 uniform SKUs: no row is hot.
StrategyResult manySkusResult()
{
    StrategyResult r = hotRowResult();
    r.strategy = QStringLiteral("conditional");
    r.experiment.skus = 10000;
    return r;
}

double figure(const ResultExplanation::Explained& explained, const char* name)
{
    return explained.figures.value(QLatin1String(name)).toDouble();
}

} // namespace

class TestResultExplanation : public QObject {
    Q_OBJECT
private slots:
    void aSaturatedHotRowIsNamedWithItsHoldAndHandOver()
    {
        const auto explained = ResultExplanation::of(hotRowResult());
        QCOMPARE(explained.bound, Bound::RowLock);
        // 1 / (0.8 + 0.1) ms = 1,111 orders/s; 1,000 reached is 90 %.
        QCOMPARE(qRound(figure(explained, "ceiling_orders_per_s")), 1111);
        QCOMPARE(qRound(100 * figure(explained, "reach")), 90);
        QVERIFY2(explained.text.contains(QLatin1String("0.800 ms")), qPrintable(explained.text));
        QVERIFY2(explained.text.contains(QLatin1String("0.100 ms more to reach the next waiter")),
            qPrintable(explained.text));
        QVERIFY2(explained.text.contains(QLatin1String("90 %")), qPrintable(explained.text));
        QCOMPARE(explained.figures.value(QStringLiteral("bound")).toString(), QStringLiteral("row-lock"));
        // Every ceiling is in the JSON with its terms, the clients' too.
        const QJsonObject ceilings = explained.figures.value(QStringLiteral("ceilings")).toObject();
        QVERIFY(ceilings.contains(QStringLiteral("row-lock")));
        QVERIFY(ceilings.contains(QStringLiteral("cpu")));
        QCOMPARE(
            ceilings.value(QStringLiteral("clients")).toObject().value(QStringLiteral("order_ms")).toDouble(),
            32.0);
    }

    void lostCompareAndSetsAreTurnsOnTheRow()
    {
        // Optimistic: 9 of 10 attempts lose and hold the row until their ROLLBACK.
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("optimistic");
        r.ordersPerS = 90.0;
        holdRow(r.windowClients, 1000, 1000, 9000, 1.0, 0.1);
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.bound, Bound::RowLock);
        // 10 turns of 1.1 ms per sale: 90.9 orders/s.
        QCOMPARE(qRound(figure(explained, "ceiling_orders_per_s")), 91);
        QVERIFY2(explained.text.contains(QLatin1String("10.0 turns on the row")), qPrintable(explained.text));
    }

    void manyUniformSkusNameTheClients()
    {
        const auto explained = ResultExplanation::of(manySkusResult());
        QCOMPARE(explained.bound, Bound::Clients);
        QCOMPARE(figure(explained, "busiest_row_share"), 0.0); // not the bound's term
        const QJsonObject row = explained.figures.value(QStringLiteral("ceilings"))
                                    .toObject()
                                    .value(QStringLiteral("row-lock"))
                                    .toObject();
        QCOMPARE(row.value(QStringLiteral("busiest_row_share")).toDouble(), 1.0 / 10000);
        QCOMPARE(qRound(figure(explained, "reach") * 100), 100);
        QVERIFY2(explained.text.contains(QLatin1String("32 clients, each waiting 32.0 ms")),
            qPrintable(explained.text));
        QVERIFY2(explained.text.contains(QLatin1String("No shared resource was saturated")),
            qPrintable(explained.text));
    }

    void ordersOfTwoLinesDoubleWhatTheClientsAllow()
    {
        // Two SKUs per order: 5,000 orders of 64 ms in 10 s by 32 clients sold 10,000 lines,
        // and the lab's rate counts lines.
        StrategyResult r = manySkusResult();
        r.strategy = QStringLiteral("two-sku-sorted");
        r.windowClients[ClientCount::OrdersTimed] = 5000;
        r.windowClients[ClientCount::OrderNs] = 5000 * 64'000'000LL;
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.bound, Bound::Clients);
        QCOMPARE(qRound(figure(explained, "reach") * 100), 100);
        QCOMPARE(figure(explained, "lines_per_order"), 2.0);
        QVERIFY2(explained.text.contains(QLatin1String("selling 2.00 order lines per order on average, allow "
                                                       "1,000 order lines/s; the run reached 100 %")),
            qPrintable(explained.text));
    }

    void busyCoresNameTheCpu()
    {
        StrategyResult r = manySkusResult();
        r.clientCpuS = 8.0;
        r.serverCpuS = 9.0; // 17 s of CPU in 10 s on 2 cores: 85 % busy
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.bound, Bound::Cpu);
        QVERIFY2(explained.text.contains(QLatin1String("85 % of 2 cores")), qPrintable(explained.text));
        QCOMPARE(figure(explained, "client_cpu_ms_per_order"), 0.8);
        // 1.7 ms of CPU per order on 2 cores: 1,176 orders/s.
        QCOMPARE(qRound(figure(explained, "ceiling_orders_per_s")), 1176);
    }

    void aRateFarBelowEveryCeilingSaysTheModelFallsShort()
    {
        StrategyResult r = manySkusResult();
        r.ordersPerS = 500.0; // the clients' 32 ms per order would allow 1,000
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.bound, Bound::Clients);
        QVERIFY2(explained.text.contains(QLatin1String("falls short")), qPrintable(explained.text));
        QVERIFY2(explained.text.contains(QLatin1String("50 % of the time")), qPrintable(explained.text));
    }

    void anOpenLoopIsBoundByItsArrivals()
    {
        StrategyResult r = manySkusResult();
        r.experiment.arrival = ArrivalMode::Open;
        r.experiment.rate = 1010.0;
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.bound, Bound::Arrival);
        QVERIFY2(explained.text.contains(QLatin1String("1,010 a second")), qPrintable(explained.text));
        QVERIFY2(!explained.text.contains(QLatin1String("fell behind")), qPrintable(explained.text));

        // Behind the schedule at the end, whatever bound it: the orders never sent are said.
        MetricsSample last;
        last.backlog = 2500;
        r.series << last;
        r.experiment.rate = 2000.0;
        const auto behind = ResultExplanation::of(r);
        QVERIFY2(behind.text.contains(QLatin1String("2,500 orders were due and not yet sent")),
            qPrintable(behind.text));
    }

    void theQueueIsBoundByItsBusiestWriter()
    {
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("queued");
        r.experiment.writers = 4;
        ClientCounts& w = r.windowClients;
        holdRow(w, 10000, 1000, 0, 0.8, 0.0); // 10 orders per batch, 0.8 ms held each
        w[ClientCount::QueuedOrders] = 10000;
        w[ClientCount::WriterBusyNs] = 1000 * 9'500'000LL; // 9.5 ms per batch of 10
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.bound, Bound::Writer);
        // One SKU: one writer takes every order, 0.95 ms each.
        QCOMPARE(qRound(figure(explained, "ceiling_orders_per_s")), 1053);
        QVERIFY2(explained.text.contains(QLatin1String("batch of 10.0 orders")), qPrintable(explained.text));
    }

    void writersShareTheSkusBySkuNumber()
    {
        Experiment e;
        e.writers = 4;
        e.skus = 8;
        QCOMPARE(BoundModel::busiestWriterShare(e), 0.25);
        e.skus = 1;
        QCOMPARE(BoundModel::busiestWriterShare(e), 1.0);
        e.skus = 5; // SKUs 1 and 5 share writer 1
        QCOMPARE(BoundModel::busiestWriterShare(e), 0.4);
    }

    void aLockInsideTheServerIsJudgedByTheServersWaits()
    {
        // A stored procedure: no lock the client can time; the server saw 95 % of orders wait.
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("procedure");
        holdRow(r.windowClients, 10000, 0, 0, 0.0, 0.0);
        r.lockWaits = 9500;
        r.lockTimeMs = 19000;
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.bound, Bound::RowLock);
        QCOMPARE(explained.figures.value(QStringLiteral("bound_resource")).toString(),
            QStringLiteral("server-row-lock"));
        QCOMPARE(qRound(100 * figure(explained, "reach")), 95);
        QVERIFY2(explained.text.contains(QLatin1String("1.90 ms each")), qPrintable(explained.text));
    }

    void onPostgresTheLooksAtItsWaitersStandInForItsCount()
    {
        // PostgreSQL counts no lock waits: the procedure is judged by how often the sampler found
        // a transaction waiting, within the measured window only.
        StrategyResult r = hotRowResult();
        r.strategy = QStringLiteral("procedure");
        holdRow(r.windowClients, 10000, 0, 0, 0.0, 0.0);
        r.lockWaits = -1;
        r.lockTimeMs = -1;
        r.measuredFromS = 1.0;
        for (int i = 1; i <= 40; ++i) {
            MetricsSample s;
            s.elapsedS = 0.25 * i;
            s.intervalS = 0.25;
            s.serverStatsValid = true;
            s.waitingNow
                = s.elapsedS <= 1.0 || i % 10 != 0 ? 12 : 0; // 36 looks after the first second, 32 waiting
            r.series.append(s);
        }
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(explained.figures.value(QStringLiteral("bound_resource")).toString(),
            QStringLiteral("server-row-lock"));
        QCOMPARE(qRound(100 * figure(explained, "reach")), qRound(100 * 32.0 / 36.0));
        QVERIFY2(explained.text.contains(QLatin1String("of its 36 looks")), qPrintable(explained.text));
        // Nobody ever waiting: no row lock to speak of.
        for (MetricsSample& s : r.series)
            s.waitingNow = 0;
        QVERIFY(ResultExplanation::of(r).figures.value(QStringLiteral("bound_resource")).toString()
            != QLatin1String("server-row-lock"));
    }

    void slotsSpreadTheBusiestRowOnlyWhenOneSlotIsLocked()
    {
        StrategyResult r = hotRowResult();
        r.experiment.slotsPerSku = 16;
        r.strategy = QStringLiteral("slotted-partitioned");
        QCOMPARE(ResultExplanation::busiestRowShare(r), 1.0 / 16);
        // slotted's SUM … FOR UPDATE guard locks every slot of the SKU.
        r.strategy = QStringLiteral("slotted");
        QCOMPARE(ResultExplanation::busiestRowShare(r), 1.0);
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
        // 45 % of orders on each hot SKU; the rest go to the other 98.
        QCOMPARE(ResultExplanation::busiestRowShare(r), 0.45);
    }

    void whereTheOrdersTimeWentIsSaid()
    {
        StrategyResult r = hotRowResult();
        ClientCounts& w = r.windowClients;
        w[ClientCount::Statements] = 50000;
        w[ClientCount::NetworkNs] = 10000 * 5'000'000LL;
        w[ClientCount::LockStatements] = 10000;
        w[ClientCount::LockStatementNs] = 10000 * 26'000'000LL;
        w[ClientCount::ServerNs] = w[ClientCount::LockStatementNs];
        const auto explained = ResultExplanation::of(r);
        QVERIFY2(
            explained.text.contains(QLatin1String("Where an order's 32.0 ms went: 26.0 ms waiting for a row "
                                                  "lock, 5.00 ms crossing the network (5.0 round trips)")),
            qPrintable(explained.text));
        QCOMPARE(explained.figures.value(QStringLiteral("time_split"))
                     .toObject()
                     .value(QStringLiteral("lock_wait_ms"))
                     .toDouble(),
            26.0);
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
        holdRow(r.windowClients, 10000, 1000, 0, 0.8, 0.0); // 10 orders per commit
        r.ordersPerS = 12000.0;
        r.clientCpuS = 0.5;
        r.serverCpuS = 0.5; // 0.1 ms per order: the cores would allow 20,000 orders/s
        r.queueWaitMs = 12.5;
        const auto explained = ResultExplanation::of(r);
        QCOMPARE(figure(explained, "holds_per_order"), 0.1);
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
        QVERIFY(!explained.figures.value(QStringLiteral("ceilings"))
                     .toObject()
                     .contains(QStringLiteral("row-lock")));
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

    // A figure of the result that the explanation repeats is the result's, under the result's key:
    // a reader who meets "oversold" in both finds one number.
    void figuresTheExplanationRepeatsAreTheResultsOwn_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::newRow("naive") << QStringLiteral("naive");
        QTest::newRow("queued") << QStringLiteral("queued");
        QTest::newRow("slotted-routed") << QStringLiteral("slotted-routed");
    }

    void figuresTheExplanationRepeatsAreTheResultsOwn()
    {
        QFETCH(QString, strategy);
        StrategyResult r = hotRowResult();
        r.strategy = strategy;
        r.safe = strategy != QLatin1String("naive");
        r.lostUpdates = 7144;
        r.oversold = 12;
        r.queueWaitMs = 12.5;
        r.experiment.rttMs = 0.5;
        r.clients[ClientCount::RefusedWithStock] = 41;
        r.clients[ClientCount::Rebalances] = 5;
        r.clients[ClientCount::Cancelled] = 3;
        const QJsonObject figures = ResultExplanation::of(r).figures;
        const QJsonObject summary = ResultWriter::summaryJson(r);
        int repeated = 0;
        for (auto it = figures.begin(); it != figures.end(); ++it) {
            if (!summary.contains(it.key()) || !it.value().isDouble())
                continue;
            ++repeated;
            QVERIFY2(summary.value(it.key()).toDouble() == it.value().toDouble(), qPrintable(it.key()));
        }
        // The network, the cancelled orders and the strategy's own figures.
        QVERIFY2(repeated >= 3, qPrintable(QString::number(repeated)));
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
