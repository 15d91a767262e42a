// Two labs on one server, as two people would start them: a second lab on the database a
// running lab uses is turned away before it touches anything, with the holder named, and the
// first runs on as if alone; a lab on another database runs beside it; once the first is done,
// the second runs.
#include "app/db/databaseconnection.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QSignalSpy>
#include <QTest>

namespace {

const QString kShared = QStringLiteral("lockbench_shared");
const QString kOther = QStringLiteral("lockbench_beside");

Experiment experiment(const QString& database, StopKind stop)
{
    Experiment e;
    e.database = database;
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

// The tables of a database with when each was made: what a lab that dropped and made them
// again would change.
QString tablesOf(const QString& database)
{
    DatabaseConnection connection;
    if (!connection.open(ServerFixture::params(database), false))
        return connection.lastError().toString();
    return connection
        .queryText(QStringLiteral("SELECT GROUP_CONCAT(TABLE_NAME, ' ', CREATE_TIME ORDER BY TABLE_NAME) "
                                  "FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%1'")
                       .arg(database))
        .value_or(QStringLiteral("none"));
}

// The orders a lab has recorded: they only grow while it runs, and start again from none
// when another lab makes the tables again.
std::int64_t ordersIn(const QString& database)
{
    DatabaseConnection connection;
    if (!connection.open(ServerFixture::params(database)))
        return -1;
    return connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")).value_or(-1);
}

} // namespace

class TestTwoLabs : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

    // A second lab on the shared database: refused, the holder named, nothing changed.
    static void checkRefused(LabSession& second, const QString& firstTables, std::int64_t ordersBefore)
    {
        QSignalSpy refused(&second, &LabSession::refused);
        QSignalSpy secondFinished(&second, &LabSession::finished);
        QSignalSpy secondStarted(&second, &LabSession::strategyStarted);
        QString error;
        QVERIFY2(
            second.start({ { QStringLiteral("slotted"), experiment(kShared, StopKind::SoldOut) } }, &error),
            qPrintable(error));
        QVERIFY(secondFinished.wait(60000));
        QCOMPARE(refused.size(), 1);
        const QString reason = refused.first().first().toString();
        qInfo("%s", qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral("database %1 on ").arg(kShared)), qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral(
                     "is in use by another lab: its lease (lockbench.%1) is held by connection ")
                                     .arg(kShared)),
            qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral("(user root from localhost")), qPrintable(reason));
        QCOMPARE(second.refusal(), reason);
        QCOMPARE(secondFinished.first().first().toBool(), false);
        QVERIFY(secondStarted.isEmpty());
        QVERIFY(second.results().isEmpty());
        QCOMPARE(tablesOf(kShared), firstTables);
        QVERIFY(ordersIn(kShared) >= ordersBefore);
    }

    // A lab on another database of the same server is not held up.
    static void runBeside()
    {
        LabSession beside;
        beside.chooseServer(ServerChoice::at(ServerFixture::params(kOther)));
        QSignalSpy besideFinished(&beside, &LabSession::finished);
        QString error;
        QVERIFY2(beside.start(
                     { { QStringLiteral("pessimistic"), experiment(kOther, StopKind::SoldOut) } }, &error),
            qPrintable(error));
        QVERIFY(besideFinished.wait(120000));
        QVERIFY2(beside.refusal().isEmpty(), qPrintable(beside.refusal()));
        QCOMPARE(beside.results().size(), 1);
        QCOMPARE(beside.results().first().result.verdict(), Verdict::Pass);
    }

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void secondLabOnTheSameDatabaseWaitsForTheFirst()
    {
        LabSession first;
        first.chooseServer(ServerChoice::at(ServerFixture::params(kShared)));
        QSignalSpy firstSample(&first, &LabSession::sampleReady);
        QSignalSpy firstFinished(&first, &LabSession::finished);
        QString error;
        QVERIFY2(first.start(
                     { { QStringLiteral("conditional"), experiment(kShared, StopKind::Duration) } }, &error),
            qPrintable(error));
        QVERIFY(firstSample.wait(120000)); // its tables are filled and its clients are selling
        const QString firstTables = tablesOf(kShared);
        QVERIFY2(firstTables.contains(QLatin1String("inventory ")), qPrintable(firstTables));
        const std::int64_t ordersBefore = ordersIn(kShared);
        QVERIFY(ordersBefore >= 0);

        // The second lab is refused, names the holder, and changes nothing.
        LabSession second;
        second.chooseServer(ServerChoice::at(ServerFixture::params(kShared)));
        checkRefused(second, firstTables, ordersBefore);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(first.isRunning());
        runBeside();
        if (QTest::currentTestFailed())
            return;

        // The first ran as if alone: it sold without a fault, and its audit agrees.
        QVERIFY(first.isRunning());
        first.stop();
        QVERIFY(firstFinished.wait(120000));
        QVERIFY(first.refusal().isEmpty());
        QCOMPARE(first.results().size(), 1);
        const StrategyResult& firstResult = first.results().first().result;
        QVERIFY2(firstResult.error.isEmpty(), qPrintable(firstResult.error));
        QVERIFY(firstResult.sold > 0);
        QVERIFY(firstResult.clientsAgree());
        QCOMPARE(firstResult.verdict(), Verdict::Pass);

        // With the first done, the second runs.
        QSignalSpy refused(&second, &LabSession::refused);
        QSignalSpy secondFinished(&second, &LabSession::finished);
        QVERIFY2(
            second.start({ { QStringLiteral("slotted"), experiment(kShared, StopKind::SoldOut) } }, &error),
            qPrintable(error));
        QVERIFY(secondFinished.wait(120000));
        QVERIFY(refused.isEmpty());
        QVERIFY(second.refusal().isEmpty());
        QCOMPARE(second.results().size(), 1);
        QCOMPARE(second.results().first().result.sold, 200);
        QCOMPARE(second.results().first().result.verdict(), Verdict::Pass);
    }

    // Refused before it touches anything: not even the database is created.
    void aRefusedLabCreatesNothing()
    {
        const QString fresh = QStringLiteral("lockbench_never");
        DatabaseConnection holder;
        QVERIFY(holder.open(ServerFixture::params(fresh), false));
        QVERIFY(holder.execute(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(fresh)));
        QCOMPARE(holder.queryInt(QStringLiteral("SELECT GET_LOCK('lockbench.%1', 0)").arg(fresh)), 1);
        LabSession lab;
        lab.chooseServer(ServerChoice::at(ServerFixture::params(fresh)));
        QSignalSpy finished(&lab, &LabSession::finished);
        QString error;
        QVERIFY2(
            lab.start({ { QStringLiteral("conditional"), experiment(fresh, StopKind::SoldOut) } }, &error),
            qPrintable(error));
        QVERIFY(finished.wait(60000));
        QVERIFY2(lab.refusal().contains(QStringLiteral("is held by connection %1 ").arg(holder.threadId())),
            qPrintable(lab.refusal()));
        QVERIFY(!ServerFixture::schemaExists(fresh));
    }
};

QTEST_GUILESS_MAIN(TestTwoLabs)
#include "tst_twolabs.moc"
