// Every deadlock accounted for, on the embedded MariaDB: two-SKU orders in random order on a
// few SKUs deadlock by the hundred; the reports the lab captured, the server's own count and
// the clients' errors 1213 agree. Polling a server by URL misses some, and says how many.
#include "app/run/strategyrun.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QTest>

namespace {

Experiment deadlockingExperiment()
{
    Experiment e = ServerFixture::soldOutExperiment(1000000);
    e.skus = 4;
    e.threads = 32;
    e.stop = StopKind::Duration;
    e.durationMs = 2500;
    return e;
}

} // namespace

class TestEveryDeadlock : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void capturedServerAndClientsAgree()
    {
        const HangWatchdog watchdog;
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("two-sku-random"), deadlockingExperiment());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const DeadlockAccount& a = r.deadlockAccount;
        qInfo("%s", qPrintable(a.sentence()));
        QVERIFY2(a.captured >= 100, qPrintable(a.sentence()));
        QVERIFY(!a.polled);
        QCOMPARE(a.captured, a.server);
        QCOMPARE(a.server, a.clients);
        QVERIFY(a.sentence().startsWith(QLatin1String("Every deadlock accounted for")));
        // What observing asked of the server meanwhile: the log's reader asked nothing.
        using View = ObservingCost::View;
        QVERIFY(r.observing.looks(View::Sampler) > 0 && r.observing.looks(View::Inspector) > 0);
        QVERIFY(r.observing.looks(View::Audit) > 0);
        QCOMPARE(r.observing.looks(View::Deadlocks), 0);
        // Each one with the statements of its transactions.
        QVERIFY(!r.deadlockRecords.isEmpty());
        for (const DeadlockRecord& record : r.deadlockRecords) {
            QVERIFY(record.transactions.size() >= 2);
            QVERIFY(!record.transactions.first().statement.isEmpty());
        }
    }

    void nothingWatchedLiveStillCountsEverything()
    {
        // --observe none: no live look at the server, yet the counts taken at the stop line and
        // the deadlocks read from the log after it are all there.
        const HangWatchdog watchdog;
        Experiment experiment = deadlockingExperiment();
        experiment.observedViews = 0;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("two-sku-random"), experiment);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        using View = ObservingCost::View;
        QCOMPARE(r.observing.looks(View::Inspector), 0);
        QCOMPARE(r.observing.looks(View::Audit), 0);
        QVERIFY(r.observing.looks(View::Sampler) <= 3); // the warm-up's and the stop line's counts
        QVERIFY(r.series.size() > 2);
        for (qsizetype i = 0; i + 1 < r.series.size(); ++i)
            QVERIFY(!r.series[i].audit.valid);
        QVERIFY(r.series.last().audit.valid); // the closing audit's, at the stop line
        const DeadlockAccount& a = r.deadlockAccount;
        qInfo("%s", qPrintable(a.sentence()));
        QVERIFY2(a.captured >= 100, qPrintable(a.sentence()));
        QCOMPARE(a.captured, a.server);
        QCOMPARE(a.server, a.clients);
        QVERIFY(r.lockWaits > 0); // the server's count, read at the warm-up and the stop line
        QCOMPARE(r.oversold, 0);
        QVERIFY2(r.auditIncomplete.isEmpty(), qPrintable(r.auditIncomplete));
    }

    void pollingNamesWhatItMissed()
    {
        // The same server as one by URL: no error log to follow, SHOW ENGINE INNODB STATUS polled.
        const HangWatchdog watchdog;
        ConnectionParams byUrl = ServerFixture::params();
        byUrl.embeddedErrorLog.clear();
        const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(QStringLiteral("two-sku-random"));
        const std::atomic<bool> cancel { false };
        const Experiment experiment = deadlockingExperiment(); // the run keeps a reference to it
        StrategyRun run(experiment, byUrl, *strategy, 1, cancel);
        const StrategyResult r = run.execute(RunObserver {});
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const DeadlockAccount& a = r.deadlockAccount;
        qInfo("%s", qPrintable(a.sentence()));
        QVERIFY(a.polled);
        QVERIFY(r.observing.looks(ObservingCost::View::Deadlocks) > 0); // each poll a query
        QVERIFY2(a.server >= 100, qPrintable(a.sentence()));
        QCOMPARE(a.server, a.clients);
        QVERIFY(a.captured >= 1 && a.captured < a.server); // hundreds in 2.5 s, polled a few times a second
        QVERIFY2(
            a.sentence().contains(QStringLiteral("%1 came between two reads of SHOW ENGINE INNODB STATUS")
                                      .arg(a.server - a.captured)),
            qPrintable(a.sentence()));
    }
};

QTEST_GUILESS_MAIN(TestEveryDeadlock)
#include "tst_everydeadlock.moc"
