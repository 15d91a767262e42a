// A crowd from one lab: 2,000 clients, each with its own connection and order stream, on the
// embedded server. Left to choose, the lab runs them as fibers on one thread per core, and
// every order is counted once, against an independent count of the tables.
#include "app/core/experimentfields.h"
#include "app/run/processcpu.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QSignalSpy>
#include <QTest>

class TestManyClients : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void twoThousandClientsLoseNoOrder_data()
    {
        QTest::addColumn<QString>("strategy");
        for (const char* id : { "pessimistic", "conditional", "queued" })
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void twoThousandClientsLoseNoOrder()
    {
        QFETCH(QString, strategy);
        Experiment e = ServerFixture::soldOutExperiment(100000);
        e.threads = 2000;
        e.skus = 50; // 40 shoppers per SKU: a crowd on every row, yet a few seconds' test
        e.stop = StopKind::Duration;
        e.durationMs = 4000;
        QCOMPARE(e.clientIo, ClientIo::Auto);
        const StrategyResult r = ServerFixture::runStrategy(strategy, e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(effectiveClientIo(r.experiment), ClientIo::Events);
        QCOMPARE(clientThreadCount(r.experiment, r.cores), ProcessCpu::cores());
        QCOMPARE(r.verdict(), Verdict::Pass);
        QVERIFY2(r.sold > 0, "nothing sold");
        QCOMPARE(r.clients[ClientCount::Unresolved], 0LL);
        QCOMPARE(r.oversold, 0LL);
        const QString disagreement = ServerFixture::jsonDisagreesWithTable(r);
        QVERIFY2(disagreement.isEmpty(), qPrintable(disagreement));
        qInfo("%s: %lld sold by 2,000 clients on %d thread(s), %.0f orders/s", qPrintable(strategy), r.sold,
            clientThreadCount(r.experiment, r.cores), r.ordersPerS);
    }
};

QTEST_GUILESS_MAIN(TestManyClients)
#include "tst_manyclients.moc"
