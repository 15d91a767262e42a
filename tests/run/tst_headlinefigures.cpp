// The figures a person reads first, checked against a real run on the embedded MariaDB:
// the rates cover the selling window and stop at the stop line, the latency percentiles are
// ordered and plausible, the settings a run reports are the server's, an open-loop run keeps
// its rate, optimistic gives up where it was told to, and the explanation names the real bound.
#include "app/results/resultexplanation.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QSignalSpy>
#include <QTest>

namespace {

// Two figures the lab computed in two ways agree to within rounding.
bool same(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max({ 1.0, std::abs(a), std::abs(b) });
}

void verifyPercentilesOrdered(const StrategyResult& r)
{
    QVERIFY2(r.p50Ms > 0.0 && r.p50Ms <= r.p95Ms && r.p95Ms <= r.p99Ms && r.p99Ms <= r.maxMs,
        qPrintable(QStringLiteral("p50 %1, p95 %2, p99 %3, max %4 ms")
                       .arg(r.p50Ms)
                       .arg(r.p95Ms)
                       .arg(r.p99Ms)
                       .arg(r.maxMs)));
}

} // namespace

class TestHeadlineFigures : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void soldOutRunRatesEndAtTheLastSale()
    {
        // A duration stop that outlives the stock: the clients go on finding nothing to sell.
        // 300 units sell in about 0.1 s on an idle machine, and took under a second beside two
        // other builds and suites (about 370 orders/s): 4 s outlives them on any machine that runs
        // the suite at all.
        Experiment e = ServerFixture::soldOutExperiment(300);
        e.threads = 16;
        e.stop = StopKind::Duration;
        e.durationMs = 4000;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("conditional"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.sold, 300LL);
        QVERIFY2(r.soldOut(), "the run sold out but has no sell-out time");
        QVERIFY2(r.soldOutS > 0.0 && r.soldOutS < r.durationS,
            qPrintable(QStringLiteral("sold out at %1 s of %2 s").arg(r.soldOutS).arg(r.durationS)));
        qInfo("sold out at %.3f s of %.3f s: %.0f orders/s, %lld attempts after", r.soldOutS, r.durationS,
            r.ordersPerS, r.attemptsAfterSoldOut);
        // orders/s is sold ÷ time to sell out, not sold ÷ the whole duration.
        QVERIFY(same(r.measuredS(), r.soldOutS - r.measuredFromS));
        QVERIFY2(same(r.ordersPerS, static_cast<double>(r.clients[ClientCount::Sold]) / r.measuredS()),
            qPrintable(QStringLiteral("%1 orders/s, %2 sold in %3 s")
                           .arg(r.ordersPerS)
                           .arg(r.clients[ClientCount::Sold])
                           .arg(r.measuredS())));
        // What came after is counted apart: only rejections, none in the rates.
        QVERIFY(r.attemptsAfterSoldOut > 0);
        QCOMPARE(r.lateOrders, 0LL);
        QVERIFY(r.attemptsPerS * r.measuredS()
            <= static_cast<double>(r.clients[ClientCount::Attempts] - r.attemptsAfterSoldOut) + 0.5);
        verifyPercentilesOrdered(r);
    }

    void ordersFinishedAfterTheStopLineAreCountedApart()
    {
        // A 10 ms hold on one hot row caps it near 100 orders/s. At the stop line every one
        // of the 32 clients has an order under way, queued on the row lock: they finish after it.
        Experiment e = ServerFixture::soldOutExperiment(1000000);
        e.threads = 32;
        e.delayMs = 10;
        e.stop = StopKind::Duration;
        e.durationMs = 1500;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("pessimistic"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        qInfo("%.1f orders/s over %.3f s, %lld late orders, client lock wait %.2f s", r.ordersPerS,
            r.measuredS(), r.lateOrders, r.clientLockWaitS);
        QVERIFY2(r.lateOrders > 0, "no order was under way at the stop line");
        QVERIFY(r.clientsAgree()); // the late orders are in the audit
        QVERIFY(same(
            r.ordersPerS, static_cast<double>(r.clients[ClientCount::Sold] - r.lateOrders) / r.measuredS()));
        const double ceiling = 1000.0 / e.delayMs;
        QVERIFY2(r.ordersPerS <= ceiling * 1.05,
            qPrintable(QStringLiteral("%1 orders/s with a 10 ms hold per order").arg(r.ordersPerS)));
        // Client time in the locking statement cannot exceed the clients' time in the window.
        QVERIFY2(r.clientLockWaitS <= e.threads * r.measuredS() * 1.02,
            qPrintable(QStringLiteral("%1 s of lock wait for %2 clients over %3 s")
                           .arg(r.clientLockWaitS)
                           .arg(e.threads)
                           .arg(r.measuredS())));
        // Every order holds the row for the delay, so even the median waits at least that long.
        QVERIFY2(r.p50Ms >= e.delayMs, qPrintable(QStringLiteral("p50 %1 ms").arg(r.p50Ms)));
        verifyPercentilesOrdered(r);
        for (const MetricsSample& sample : r.series)
            QVERIFY2(sample.ordersPerS <= ceiling * 1.3 || sample.intervalS < 0.1,
                qPrintable(QStringLiteral("%1 orders/s in the sample at %2 s")
                               .arg(sample.ordersPerS)
                               .arg(sample.elapsedS)));
    }

    void reportedSettingsAreReadBackFromTheServer()
    {
        Experiment e = ServerFixture::soldOutExperiment(200);
        e.threads = 4;
        e.isolation = Isolation::ReadCommitted;
        e.lockWaitTimeoutS = 7;
        e.deadlockDetect = KnobSwitch::Off;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("pessimistic"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.knobs.value(QStringLiteral("transaction_isolation")), QStringLiteral("READ COMMITTED"));
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_lock_wait_timeout")), QStringLiteral("7"));
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_deadlock_detect")), QStringLiteral("OFF"));
    }

    void openLoopRunReachesItsRate()
    {
        // 400 orders/s spread over 10,000 SKUs: far below what the server can take.
        Experiment e = ServerFixture::soldOutExperiment(1000);
        e.skus = 10000;
        e.threads = 16;
        e.arrival = ArrivalMode::Open;
        e.rate = 400;
        e.stop = StopKind::Duration;
        e.durationMs = 3000;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("conditional"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(!r.series.isEmpty());
        // The schedule is kept whatever CPU the machine has left for the clients (beside other
        // work it may have too little): what was not placed is the backlog at the end, and a run
        // that fell short says so.
        const double unsent = static_cast<double>(std::max(0LL, r.series.last().backlog));
        qInfo(
            "asked 400 orders/s, measured %.1f, %.0f due and not yet sent at the end", r.ordersPerS, unsent);
        QVERIFY2(std::abs(r.ordersPerS + unsent / r.measuredS() - e.rate) <= 0.05 * e.rate,
            qPrintable(QStringLiteral("%1 orders/s, %2 unsent").arg(r.ordersPerS).arg(unsent)));
        if (r.ordersPerS < 0.95 * e.rate) {
            const QString why = ResultExplanation::of(r).text;
            QVERIFY2(why.contains(QLatin1String("The server fell behind")), qPrintable(why));
        }
    }

    void anOverloadedOpenLoopKeepsItsScheduleAndSaysHowFarBehindItIs()
    {
        // Pessimistic on one hot row with 2 ms held in each transaction passes at most about
        // 1 / (2 ms + the hold's round trips) orders/s; orders arrive at 1,000 a second.
        Experiment e = ServerFixture::soldOutExperiment(1000000);
        e.threads = 32;
        e.rttMs = 1;
        e.delayMs = 2;
        e.arrival = ArrivalMode::Open;
        e.rate = 1000;
        e.stop = StopKind::Duration;
        e.durationMs = 3000;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("pessimistic"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error)); // behind, never aborted
        QVERIFY2(r.ordersPerS < 0.5 * e.rate, qPrintable(QString::number(r.ordersPerS)));
        // The backlog grows through the run, sample after sample, and is what the schedule says:
        // the orders due by the last sample less those the clients took.
        QList<long long> backlogs;
        for (const MetricsSample& sample : r.series)
            backlogs << sample.backlog;
        QVERIFY2(!backlogs.contains(-1), "a sample of an open loop without its backlog");
        QVERIFY2(backlogs.size() >= 4, qPrintable(QString::number(backlogs.size())));
        QVERIFY2(backlogs.last() > backlogs.at(backlogs.size() / 2) && backlogs.at(backlogs.size() / 2) > 0,
            qPrintable(QStringLiteral("backlogs %1").arg(backlogs.size())));
        const MetricsSample& last = r.series.last();
        const double due = last.elapsedS * e.rate;
        const double taken = static_cast<double>(last.clients[ClientCount::OrdersTimed]) + e.threads;
        QVERIFY2(std::abs(static_cast<double>(last.backlog) - (due - taken)) <= 0.05 * due,
            qPrintable(
                QStringLiteral("backlog %1, due %2, taken about %3").arg(last.backlog).arg(due).arg(taken)));
        // Latency counts from each order's due time: the late ones waited for the backlog.
        QVERIFY2(r.p99Ms > 500, qPrintable(QString::number(r.p99Ms)));
        const auto explained = ResultExplanation::of(r);
        qInfo("%.0f orders/s: %s", r.ordersPerS, qPrintable(explained.text));
        QVERIFY2(
            explained.text.contains(QLatin1String("The server fell behind")), qPrintable(explained.text));
        QVERIFY(r.clientsAgree());
    }

    void optimisticGivesUpAfterItsRetries()
    {
        Experiment e = ServerFixture::soldOutExperiment(1000000);
        e.threads = 16;
        e.maxRetries = 2;
        e.stop = StopKind::Duration;
        e.durationMs = 1500;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("optimistic"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        qInfo("%lld sold, %lld given up, %lld retries", r.clients[ClientCount::Sold],
            r.clients[ClientCount::Failed], r.clients[ClientCount::Retries]);
        QVERIFY2(r.clients[ClientCount::Failed] > 0,
            "16 clients on one row with 2 retries each: some must give up");
        QVERIFY(r.errorMessages.join(QLatin1Char('\n'))
                    .contains(QLatin1String("gave up after 2 version conflicts")));
        // No order retried more than it was allowed to.
        QVERIFY(r.clients[ClientCount::Retries]
            <= (r.clients[ClientCount::Sold] + r.clients[ClientCount::Failed] + r.lateOrders + e.threads)
                * e.maxRetries);
        QVERIFY(r.clientsAgree());
    }

    void heldRowLockExplainsThePessimisticRate()
    {
        // A 5 ms hold on one hot row: the ceiling 1/hold the explanation names is the rate.
        Experiment e = ServerFixture::soldOutExperiment(1000000);
        e.threads = 16;
        e.delayMs = 5;
        e.stop = StopKind::Duration;
        e.durationMs = 2000;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("pessimistic"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const auto explained = ResultExplanation::of(r);
        qInfo("%.0f orders/s: %s", r.ordersPerS, qPrintable(explained.text));
        QCOMPARE(explained.bound, Bound::RowLock);
        QVERIFY2(r.lockHoldMs >= e.delayMs, qPrintable(QStringLiteral("held %1 ms").arg(r.lockHoldMs)));
        const double ceiling = explained.figures.value(QStringLiteral("ceiling_orders_per_s")).toDouble();
        QVERIFY2(std::abs(ceiling - r.ordersPerS) <= 0.2 * r.ordersPerS,
            qPrintable(QStringLiteral("ceiling %1 against %2 orders/s").arg(ceiling).arg(r.ordersPerS)));
    }

    void theRowLockIsHeldAcrossEveryRoundTripAfterTheLockingStatement()
    {
        // Pessimistic sends UPDATE, INSERT and COMMIT after its SELECT … FOR UPDATE; conditional's
        // UPDATE is its locking statement, so only INSERT and COMMIT follow it.
        Experiment e = ServerFixture::soldOutExperiment(1000000);
        e.threads = 16;
        e.rttMs = 2;
        e.stop = StopKind::Duration;
        e.durationMs = 2000;
        const StrategyResult pessimistic = ServerFixture::runStrategy(QStringLiteral("pessimistic"), e);
        const StrategyResult conditional = ServerFixture::runStrategy(QStringLiteral("conditional"), e);
        QVERIFY2(pessimistic.error.isEmpty(), qPrintable(pessimistic.error));
        QVERIFY2(conditional.error.isEmpty(), qPrintable(conditional.error));
        for (const StrategyResult* r : { &pessimistic, &conditional })
            qInfo("%s: %.0f orders/s, held %.2f ms, p50 %.2f ms: %s", qPrintable(r->strategy), r->ordersPerS,
                r->lockHoldMs, r->p50Ms, qPrintable(ResultExplanation::of(*r).text));
        QVERIFY2(pessimistic.lockHoldMs >= 3 * e.rttMs,
            qPrintable(QStringLiteral("held %1 ms").arg(pessimistic.lockHoldMs)));
        QVERIFY2(conditional.lockHoldMs >= 2 * e.rttMs,
            qPrintable(QStringLiteral("held %1 ms").arg(conditional.lockHoldMs)));
        QVERIFY2(conditional.lockHoldMs < pessimistic.lockHoldMs,
            qPrintable(QStringLiteral("held %1 against %2 ms")
                           .arg(conditional.lockHoldMs)
                           .arg(pessimistic.lockHoldMs)));
        // Every order crosses the network once per statement, BEGIN included: five for pessimistic.
        QVERIFY2(
            pessimistic.p50Ms >= 5 * e.rttMs, qPrintable(QStringLiteral("p50 %1 ms").arg(pessimistic.p50Ms)));
        const auto explained = ResultExplanation::of(pessimistic);
        QCOMPARE(explained.bound, Bound::RowLock);
        QVERIFY2(explained.figures.value(QStringLiteral("round_trips_held")).toDouble() >= 3.0,
            qPrintable(explained.text));
    }

    void manyUniformSkusAreNotBlamedOnARowLock()
    {
        Experiment e = ServerFixture::soldOutExperiment(1000);
        e.skus = 10000;
        e.threads = 16;
        e.stop = StopKind::Duration;
        e.durationMs = 2000;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("conditional"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const auto explained = ResultExplanation::of(r);
        qInfo("%.0f orders/s: %s", r.ordersPerS, qPrintable(explained.text));
        QVERIFY(explained.bound != Bound::RowLock);
        QVERIFY(!explained.text.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHeadlineFigures)
#include "tst_headlinefigures.moc"
