// A server the lab does not own dies and comes back (kill -9, then a restart on the same
// address, as systemd would do it): the run waits for it, its clients reconnect and learn
// what became of the orders under way, and the closing audit runs. The JSON's counts equal
// the orders table's own, and "lost" is never said. A claim run through a restart counts no
// double claim.
#include "app/server/embeddedserver.h"
#include "tests/support/backgroundrun.h"
#include "tests/support/faultstrategies.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <csignal>

constexpr const char* kRecoveryBroke
    = "InnoDB's recovery from the kill -9 aborted in trx0purge.cc line 277 at every start (MariaDB's own "
      "recovery, not the lab's); the next row starts on a new data directory";

class TestServerRestarts : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    // A row whose restart failed leaves the server down; the next row starts from a running one.
    void init()
    {
        if (!ServerFixture::server().isRunning())
            startThroughRecovery(ServerFixture::server());
        if (!QTest::currentTestFailed() && restartIfItDiesInRecovery(ServerFixture::server()))
            QSKIP(kRecoveryBroke);
    }

    void externalServerKilledAndRestartedIsWaitedForAndAudited_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : faultStrategies(
                 WorkloadKind::Inventory, { QStringLiteral("pessimistic"), QStringLiteral("queued") }))
            QTest::newRow(qPrintable(id)) << id;
        QTest::newRow("two-sku-sorted") << QStringLiteral("two-sku-sorted"); // every line of an order counts
    }
    void externalServerKilledAndRestartedIsWaitedForAndAudited()
    {
        QFETCH(QString, id);
        Experiment e;
        e.skus = 4;
        e.initialStock = 1'000'000;
        e.threads = 8;
        e.stop = StopKind::Duration;
        e.durationMs = 8000;
        e.rttMs = 0; // loopback: as many orders in flight as the server takes when it dies

        BackgroundRun run(id, e, externalParams());
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        if (killAndRestart(run, 0))
            QSKIP(kRecoveryBroke);
        if (QTest::currentTestFailed())
            return;
        const StrategyResult r = run.wait();

        qInfo("%s: %lld orders, %lld learned after reconnecting, %lld unresolved, verdict %s", qPrintable(id),
            r.clients[ClientCount::Sold], r.clients[ClientCount::Reconciled],
            r.clients[ClientCount::Unresolved], qPrintable(r.verdictText()));
        checkAuditedAndAgreeing(run, r);
    }

    // The claim workload through a restart that keeps the server away for 5 s: every worker's
    // connection dies without the lab killing it, the sweeper gives their claims back once
    // they are older than the claim timeout, and other workers take them. That is no double
    // claim: the old holders' connections are gone (and their ids may be new connections').
    void aClaimRunThroughARestartCountsNoDoubleClaim_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : faultStrategies(WorkloadKind::Claim, { QStringLiteral("claim-update") }))
            QTest::newRow(qPrintable(id)) << id;
    }
    void aClaimRunThroughARestartCountsNoDoubleClaim()
    {
        QFETCH(QString, id);
        Experiment e;
        e.workload = WorkloadKind::Claim;
        e.tasks = 100'000;
        e.batch = 16;
        e.threads = 8;
        e.delayMs = 20; // the work: each worker holds its claims most of the time
        e.claimTimeoutMs = 1000;
        e.stop = StopKind::Duration;
        e.durationMs = 300'000; // stopped by the test, 3 s after the server answers again
        e.rttMs = 0;

        BackgroundRun run(id, e, externalParams());
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        if (killAndRestart(run, 5000))
            QSKIP(kRecoveryBroke);
        if (QTest::currentTestFailed())
            return;
        // Three claim timeouts with the server back, however long its recovery took on a busy
        // machine: a run stopped by the clock once ended before the sweeper's first look.
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral("answers again")), 60000);
        QTest::qWait(3 * e.claimTimeoutMs);
        run.cancel();
        const StrategyResult r = run.wait();

        qInfo("%s: %lld tasks done, %lld given back, %lld double claims, verdict %s", qPrintable(id),
            r.clients[ClientCount::Sold], r.clients[ClientCount::TasksReleased],
            r.clients[ClientCount::DoubleClaims], qPrintable(r.verdictText()));
        // claim-update's claims outlive their connections until the sweeper gives them back;
        // a locking claim's go back with its transaction.
        if (id == QLatin1String("claim-update"))
            QVERIFY2(
                r.clients[ClientCount::TasksReleased] > 0, "no claim of a dead connection was given back");
        QCOMPARE(r.clients[ClientCount::DoubleClaims], 0LL);
        QCOMPARE(r.oversold, 0LL); // no task completed twice
        checkAuditedAndAgreeing(run, r);
    }

private:
    // The embedded server, reached as any server is: by TCP address, with no process to watch.
    static ConnectionParams externalParams()
    {
        ConnectionParams external = ServerFixture::params();
        external.host = QStringLiteral("127.0.0.1");
        external.socket.clear();
        external.embeddedPid = 0;
        external.embeddedErrorLog.clear();
        return external;
    }

    // kill -9 mid-run, `downMs` (at least a second) with no server, then a restart on the same port.
    // True when InnoDB's own recovery broke the data for good (the row is skipped, saying so).
    static bool killAndRestart(const BackgroundRun& run, int downMs)
    {
        EmbeddedServer& server = ServerFixture::server();
        const int port = server.port();
        const auto pid = static_cast<pid_t>(server.serverPid());
        if (pid <= 0) { // never kill(0): that is the test's own process group
            if (recoveryBrokeForGood(server))
                return true;
            QTest::qFail("the server died before the test killed it", __FILE__, __LINE__);
            return false;
        }
        if (::kill(pid, SIGKILL) != 0) {
            QTest::qFail("cannot kill the server", __FILE__, __LINE__);
            return false;
        }
        if (!QTest::qWaitFor([&] { return !server.isRunning(); }, 10000)
            || !QTest::qWaitFor([&] { return run.running(QStringLiteral("not answering")); }, 5000)) {
            QTest::qFail("the server or the run did not notice the kill", __FILE__, __LINE__);
            return false;
        }
        // At least a second, and until the data files have stopped changing: writes the killed
        // server had handed to the kernel (io_uring) may still be landing, and a server that
        // recovered from the log meanwhile found it corrupt ("Data structure corruption", or an
        // assertion in purge) on a machine busy with other tests.
        QTest::qWait(std::max(downMs, 1000));
        startThroughRecovery(server);
        if (QTest::currentTestFailed())
            return false;
        if (server.port() != port) {
            QTest::qFail("the server came back on another port", __FILE__, __LINE__);
            return false;
        }
        return restartIfItDiesInRecovery(server);
    }

    // MariaDB 10.11 has been seen to abort in its own recovery from a kill -9 on a busy machine,
    // during start-up or just after it ("trx0purge.cc line 277"). A service manager would start
    // it again, and so does the test, saying so: its subject is the lab, not InnoDB's recovery.
    static void startThroughRecovery(EmbeddedServer& server)
    {
        QString error;
        for (int attempt = 0; attempt < 3; ++attempt) {
            waitUntilFilesSettle(server.dataDirectory());
            if (server.start(&error))
                return;
            qWarning("the server did not start after the kill (attempt %d), started again: %s", attempt + 1,
                qPrintable(error.right(2000)));
        }
        QFAIL(qPrintable(error));
    }

    // True when the server kept dying because InnoDB's recovery broke its data (made anew).
    static bool restartIfItDiesInRecovery(EmbeddedServer& server)
    {
        for (int attempt = 0; attempt < 2; ++attempt) {
            QElapsedTimer watched;
            watched.start();
            while (server.isRunning() && watched.elapsed() < 5000)
                QTest::qWait(100);
            if (server.isRunning())
                return false;
            QFile log(server.errorLogPath());
            if (log.open(QIODevice::ReadOnly) && log.size() > 2000)
                log.seek(log.size() - 2000);
            qWarning("the server died %lld ms after its restart, started again; the end of its log:\n%s",
                static_cast<long long>(watched.elapsed()), log.readAll().constData());
            startThroughRecovery(server);
            if (QTest::currentTestFailed())
                return false;
        }
        return !server.isRunning() && recoveryBrokeForGood(server);
    }

    // The recovery itself aborting each time in the same assertion: the data files it left are
    // what InnoDB cannot read, however often it starts. The next row gets a new data directory,
    // and this one says why it did not run to its end.
    static bool recoveryBrokeForGood(EmbeddedServer& server)
    {
        QFile log(server.errorLogPath());
        if (!log.open(QIODevice::ReadOnly) || log.readAll().count("trx0purge.cc line 277") < 2)
            return false;
        log.close();
        server.stop();
        QString error;
        if (!QDir(server.dataDirectory()).removeRecursively() || !server.start(&error))
            qFatal("no new data directory after InnoDB's recovery broke the old one: %s", qPrintable(error));
        return true;
    }

    // Until no file of the data directory has changed its size or time for half a second (at
    // most 10 s).
    static void waitUntilFilesSettle(const QString& directory)
    {
        const auto state = [&directory] {
            QStringList files;
            QDirIterator it(directory, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QFileInfo file(it.next());
                files << QStringLiteral("%1 %2 %3")
                             .arg(file.filePath())
                             .arg(file.size())
                             .arg(file.lastModified().toMSecsSinceEpoch());
            }
            return files;
        };
        QElapsedTimer clock;
        clock.start();
        QStringList last = state();
        QElapsedTimer still;
        still.start();
        while (still.elapsed() < 500 && clock.elapsed() < 10000) {
            QTest::qWait(100);
            if (QStringList now = state(); now != last) {
                last = now;
                still.restart();
            }
        }
    }

    static void checkAuditedAndAgreeing(const BackgroundRun& run, const StrategyResult& r)
    {
        QVERIFY(run.statusAt(QStringLiteral("lost the server")) < 0);
        QVERIFY(!r.serverLost);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.audited(), qPrintable(r.auditIncomplete));
        QCOMPARE(r.clients[ClientCount::Unresolved], 0LL);
        QCOMPARE(r.verdict(), Verdict::Pass);
        const QString differs = ServerFixture::jsonDisagreesWithTable(r);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }
};

QTEST_GUILESS_MAIN(TestServerRestarts)
#include "tst_serverrestarts.moc"
