// Two labs on one PostgreSQL database, as two people would start them: the second is turned
// away before it touches anything, with the holder of the lease (an advisory lock) named; the
// first sells on as if alone, and its audit agrees with the table; once the first is done, the
// second runs.
#include "app/db/databaseconnection.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/postgresfixture.h"

#include <QSignalSpy>
#include <QTest>

namespace {

const QString kPgShared = QStringLiteral("lockbench_pg_shared");

Experiment pgExperiment(StopKind stop)
{
    Experiment e;
    e.database = kPgShared;
    e.skus = 10;
    e.initialStock = stop == StopKind::SoldOut ? 20 : 1'000'000;
    e.slotsPerSku = 4;
    e.threads = 2;
    e.stop = stop;
    e.durationMs = 24LL * 3600 * 1000; // until stopped
    e.timeLimitMs = 60'000;
    e.rttMs = 0;
    return e;
}

// The lab's tables by name and object id: a table dropped and made again has a new id.
QString pgTablesOf(DatabaseConnection& connection)
{
    return connection
        .queryText(QStringLiteral("SELECT string_agg(relname || ' ' || oid, ',' ORDER BY relname) FROM "
                                  "pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN "
                                  "('r', 'p')"))
        .value_or(QStringLiteral("none"));
}

std::int64_t pgOrdersIn(DatabaseConnection& connection)
{
    return connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")).value_or(-1);
}

} // namespace

class TestPgTwoLabs : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
    }

    void secondLabOnTheSameDatabaseWaitsForTheFirst()
    {
        const ConnectionParams shared = PostgresFixture::params(kPgShared);
        LabSession first;
        first.chooseServer(ServerChoice::at(shared));
        QSignalSpy firstSample(&first, &LabSession::sampleReady);
        QSignalSpy firstFinished(&first, &LabSession::finished);
        QString error;
        QVERIFY2(first.start({ { QStringLiteral("conditional"), pgExperiment(StopKind::Duration) } }, &error),
            qPrintable(error));
        QVERIFY(firstSample.wait(120000)); // its tables are filled and its clients are selling
        DatabaseConnection look;
        QVERIFY2(look.open(shared), qPrintable(look.lastError().toString()));
        const QString firstTables = pgTablesOf(look);
        QVERIFY2(firstTables.contains(QLatin1String("inventory ")), qPrintable(firstTables));
        const std::int64_t ordersBefore = pgOrdersIn(look);
        QVERIFY(ordersBefore >= 0);

        LabSession second;
        second.chooseServer(ServerChoice::at(shared));
        QSignalSpy refused(&second, &LabSession::refused);
        QSignalSpy secondFinished(&second, &LabSession::finished);
        QVERIFY2(second.start({ { QStringLiteral("slotted"), pgExperiment(StopKind::SoldOut) } }, &error),
            qPrintable(error));
        QVERIFY(secondFinished.wait(60000));
        QCOMPARE(refused.size(), 1);
        const QString reason = refused.first().first().toString();
        qInfo("%s", qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral("database %1 on ").arg(kPgShared)), qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral(
                     "is in use by another lab: its lease (lockbench.%1) is held by connection ")
                                     .arg(kPgShared)),
            qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral("(user %1 from ").arg(shared.user)), qPrintable(reason));
        QVERIFY(second.results().isEmpty());
        QCOMPARE(pgTablesOf(look), firstTables);
        QVERIFY(pgOrdersIn(look) >= ordersBefore);

        QVERIFY(first.isRunning());
        first.stop();
        QVERIFY(firstFinished.wait(120000));
        QCOMPARE(first.results().size(), 1);
        const StrategyResult& firstResult = first.results().first().result;
        QVERIFY2(firstResult.error.isEmpty(), qPrintable(firstResult.error));
        QVERIFY(firstResult.sold > 0);
        QVERIFY(firstResult.clientsAgree());
        QCOMPARE(firstResult.verdict(), Verdict::Pass);
        QCOMPARE(pgOrdersIn(look), firstResult.clients[ClientCount::Sold]);

        refused.clear();
        secondFinished.clear();
        QVERIFY2(second.start({ { QStringLiteral("slotted"), pgExperiment(StopKind::SoldOut) } }, &error),
            qPrintable(error));
        QVERIFY(secondFinished.wait(120000));
        QVERIFY(refused.isEmpty());
        QCOMPARE(second.results().size(), 1);
        QCOMPARE(second.results().first().result.sold, 200);
        QCOMPARE(second.results().first().result.verdict(), Verdict::Pass);
    }
};

QTEST_GUILESS_MAIN(TestPgTwoLabs)
#include "tst_pgtwolabs.moc"
