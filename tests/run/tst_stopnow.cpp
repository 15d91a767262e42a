// A crowd queued on one hot row, stopped. The first stop waits for the orders under way and
// counts them down; the second (Stop now) ends the statements they wait in: those orders are
// rolled back and counted as cancelled, never as sold, the queue's writer drops what is still
// queued, and the JSON's counts equal the orders table's own.
#include "app/core/clientcounts.h"
#include "app/results/resultexplanation.h"
#include "tests/support/backgroundrun.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QTest>

namespace {

// 200 clients on one SKU, each holding the row 20 ms: those waiting at the stop take 4 s to
// pass one by one.
Experiment crowdOnOneRow()
{
    Experiment e;
    e.skus = 1;
    e.initialStock = 1'000'000;
    e.threads = 200;
    e.delayMs = 20;
    e.stop = StopKind::Duration;
    e.durationMs = 120'000; // ended by the stops
    return e;
}

} // namespace

class TestStopNow : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void stopNowCancelsTheOrdersStillWaiting_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("pessimistic") << QStringLiteral("pessimistic"); // waiting for the row lock
        QTest::newRow("queued") << QStringLiteral("queued"); // waiting in the lab's queue
    }
    void stopNowCancelsTheOrdersStillWaiting()
    {
        QFETCH(QString, id);
        Experiment e = crowdOnOneRow();
        if (id == QLatin1String("queued"))
            e.batch = 4; // a batch of 4 holding the row 20 ms: 200 queued take a second to pass
        BackgroundRun run(id, e, ServerFixture::params(e.database));
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() >= 10, 30000); // the crowd is queued behind the first sales
        run.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral("orders still under way")), 10000);
        run.stopNow();
        const StrategyResult r = run.wait();

        const long long cancelled = r.clients[ClientCount::Cancelled];
        qInfo("%s: %lld sold, %lld cancelled, %lld finished after the stop line", qPrintable(id),
            r.clients[ClientCount::Sold], cancelled, r.lateOrders);
        QVERIFY2(cancelled > e.threads / 2, "most of the crowd was waiting, and was cancelled");
        QVERIFY(r.lateOrders + cancelled <= e.threads); // one order under way per client at most
        QVERIFY(run.running(QStringLiteral("cancelling the orders still waiting")));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.audited(), qPrintable(r.auditIncomplete));
        QCOMPARE(r.clients[ClientCount::Failed], 0LL); // an ended statement is no failure
        QCOMPARE(r.verdict(), Verdict::Pass);
        const QString differs = ServerFixture::jsonDisagreesWithTable(r);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        const QString why = ResultExplanation::of(r).text;
        QVERIFY2(why.contains(QStringLiteral("cancelled by the stop while under way: %1.").arg(cancelled)),
            qPrintable(why));
    }

    void aSingleStopWaitsForEveryOrderAndCancelsNone()
    {
        Experiment e = crowdOnOneRow();
        e.threads = 50; // a second to pass one by one
        BackgroundRun run(QStringLiteral("pessimistic"), e, ServerFixture::params(e.database));
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() >= 10, 30000); // the crowd is queued behind the first sales
        run.cancel();
        const StrategyResult r = run.wait();

        qInfo("%lld finished after the stop line", r.lateOrders);
        QCOMPARE(r.clients[ClientCount::Cancelled], 0LL);
        QVERIFY2(r.lateOrders > e.threads / 2, "the orders waiting at the stop were sold, not dropped");
        QVERIFY(run.running(QStringLiteral("orders still under way; stopping again cancels them")));
        QCOMPARE(r.verdict(), Verdict::Pass);
        const QString differs = ServerFixture::jsonDisagreesWithTable(r);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }
};

QTEST_GUILESS_MAIN(TestStopNow)
#include "tst_stopnow.moc"
