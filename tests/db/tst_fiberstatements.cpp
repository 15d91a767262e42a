// Statements on fibers, on the real server: each is sent, waited for while the scheduler runs
// the other clients, then read. Replies, result rows and the server's errors come back as
// from a blocking call, two slow statements on one thread overlap, and a server that stops
// answering ends the wait at the read timeout as a lost connection.
#include "app/db/databaseconnection.h"
#include "app/db/preparedstatement.h"
#include "app/fiber/clientwait.h"
#include "app/fiber/fiberscheduler.h"
#include "app/server/embeddedserver.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QTest>

#include <csignal>
#include <thread>

using namespace std::chrono_literals;

namespace {

ConnectionParams fiberDatabase()
{
    return ServerFixture::params(QStringLiteral("lockbench_fiber"));
}

// kill() returns before the signal has stopped every thread of the process: a statement sent
// at once may still be answered. Waits until each thread reads stopped in /proc (at most 5 s).
bool waitUntilStopped(pid_t pid)
{
    const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
    for (int tries = 0; tries < 500; ++tries) {
        bool allStopped = true;
        for (const QString& task : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile stat(tasks + QLatin1Char('/') + task + QStringLiteral("/stat"));
            if (!stat.open(QIODevice::ReadOnly))
                continue; // a thread that ended meanwhile
            const QByteArray line = stat.readAll();
            const qsizetype state = line.lastIndexOf(')') + 2; // the state follows the command's name
            if (state >= line.size() || (line[state] != 'T' && line[state] != 't'))
                allStopped = false;
        }
        if (allStopped)
            return true;
        std::this_thread::sleep_for(10ms);
    }
    return false;
}

} // namespace

class TestFiberStatements : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_SERVER();
        DatabaseConnection admin;
        QVERIFY2(admin.open(fiberDatabase(), false), qPrintable(admin.lastError().toString()));
        QVERIFY(admin.execute(QStringLiteral("CREATE DATABASE IF NOT EXISTS lockbench_fiber")));
    }

    void repliesRowsAndErrorsComeBackAsFromABlockingCall()
    {
        FiberScheduler scheduler;
        scheduler.spawn([] {
            DatabaseConnection connection;
            QVERIFY2(connection.open(fiberDatabase()), qPrintable(connection.lastError().toString()));
            QVERIFY(connection.isNonBlocking());
            QVERIFY(connection.execute(
                QStringLiteral("CREATE TEMPORARY TABLE fiber_rows (id BIGINT PRIMARY KEY)")));
            PreparedStatement insert;
            QVERIFY(insert.prepare(connection, QStringLiteral("INSERT INTO fiber_rows VALUES (?)")));
            QVERIFY(connection.begin());
            for (std::int64_t id : { 3, 5, 8 })
                QVERIFY2(insert.execute({ id }), qPrintable(insert.lastError().toString()));
            QCOMPARE(insert.affectedRows(), std::uint64_t(1));
            QVERIFY(!insert.execute({ 5 }));
            QCOMPARE(insert.lastError().code, 1062u); // the server's duplicate key
            QVERIFY(connection.commit());

            PreparedStatement sum;
            QVERIFY(sum.prepare(
                connection, QStringLiteral("SELECT SUM(id), COUNT(*) FROM fiber_rows WHERE id > ?")));
            QVERIFY(sum.execute({ 4 }));
            std::vector<std::optional<std::int64_t>> row;
            QVERIFY(sum.fetch(row));
            QCOMPARE(row, (std::vector<std::optional<std::int64_t>> { 13, 2 }));
            QVERIFY(!sum.fetch(row));

            QVERIFY(!connection.execute(QStringLiteral("SELEC 1")));
            QCOMPARE(connection.lastError().code, 1064u); // the server's syntax error
            QCOMPARE(connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM fiber_rows")), std::int64_t(3));
            QVERIFY(connection.rollback());
        });
        scheduler.run();
    }

    void twoSlowStatementsOnOneThreadOverlap()
    {
        FiberScheduler scheduler;
        int answered = 0;
        for (int i = 0; i < 2; ++i) {
            scheduler.spawn([&answered] {
                DatabaseConnection connection;
                QVERIFY(connection.open(fiberDatabase()));
                PreparedStatement sleep;
                QVERIFY(sleep.prepare(connection, QStringLiteral("SELECT SLEEP(?)")));
                QVERIFY(sleep.execute({ 1 }));
                QCOMPARE(sleep.fetchSingle(), std::optional<std::int64_t>(0));
                ++answered;
            });
        }
        const std::int64_t start = FiberScheduler::nowNs();
        scheduler.run();
        const double elapsedS = static_cast<double>(FiberScheduler::nowNs() - start) / 1e9;
        QCOMPARE(answered, 2);
        // One after the other would take 2 s: each fiber waited while the other's ran.
        QVERIFY2(elapsedS < 1.9, qPrintable(QString::number(elapsedS)));
    }

    void aSilentServerEndsTheWaitAtTheReadTimeoutAsALostConnection()
    {
        const auto pid = static_cast<pid_t>(ServerFixture::server().serverPid());
        QVERIFY(pid > 0);
        FiberScheduler scheduler;
        DatabaseError preparedError;
        DatabaseError queryError;
        double waitedS = 0;
        int ticks = 0;
        bool waiting = true;
        scheduler.spawn([&] {
            const auto done
                = qScopeGuard([&] { waiting = false; }); // a failed check must not hang the other fiber
            DatabaseConnection prepared;
            DatabaseConnection text;
            prepared.setTimeouts(5, 1);
            text.setTimeouts(5, 1);
            QVERIFY(prepared.open(fiberDatabase()));
            QVERIFY(text.open(fiberDatabase()));
            PreparedStatement select;
            QVERIFY(select.prepare(prepared, QStringLiteral("SELECT ?")));
            QCOMPARE(::kill(pid, SIGSTOP), 0);
            QVERIFY(waitUntilStopped(pid));
            const std::int64_t start = FiberScheduler::nowNs();
            QVERIFY(!select.execute({ 1 }));
            preparedError = select.lastError();
            QVERIFY(!text.execute(QStringLiteral("SELECT 1")));
            queryError = text.lastError();
            waitedS = static_cast<double>(FiberScheduler::nowNs() - start) / 1e9;
        });
        scheduler.spawn([&] { // the thread stays free for the other clients meanwhile
            while (waiting) {
                ClientWait::sleepFor(50ms);
                ++ticks;
            }
        });
        const auto resume = qScopeGuard([pid] { ::kill(pid, SIGCONT); });
        scheduler.run();
        qInfo(
            "waited %.2f s for two statements with a 1 s read timeout; %d ticks of the other fiber meanwhile",
            waitedS, ticks);
        QCOMPARE(preparedError.code, 2013u);
        QCOMPARE(queryError.code, 2013u);
        QVERIFY2(waitedS >= 1.9 && waitedS < 10, qPrintable(QString::number(waitedS)));
        QVERIFY2(ticks >= 20, qPrintable(QString::number(ticks)));
    }
};

QTEST_GUILESS_MAIN(TestFiberStatements)
#include "tst_fiberstatements.moc"
