// What real servers do mid-run: die (kill -9), pause (SIGSTOP), turn read-only, time out lock waits. The
// lab must say so, keep what it measured, and never count an order the server did not keep.
#include "app/audit/recoveryaudit.h"
#include "app/db/connectionparams.h"
#include "app/db/databaseconnection.h"
#include "app/db/labdatabase.h"
#include "app/results/resultwriter.h"
#include "app/run/closingaudit.h"
#include "app/run/leftstock.h"
#include "app/run/strategyrun.h"
#include "app/server/embeddedredis.h"
#include "app/server/embeddedserver.h"
#include "strategies/strategyregistry.h"
#include "tests/support/backgroundrun.h"
#include "tests/support/cpuhog.h"
#include "tests/support/faultstrategies.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <csignal>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace {

// An account allowed `connections` at once, on a database of its own named after it.
ConnectionParams limitedAccount(DatabaseConnection& admin, const QString& user, int connections)
{
    const QString database = QStringLiteral("lockbench_") + user;
    const bool created
        = admin.execute(QStringLiteral("CREATE USER IF NOT EXISTS '%1'@'localhost' IDENTIFIED BY 'p' "
                                       "WITH MAX_USER_CONNECTIONS %2")
                            .arg(user)
                            .arg(connections))
        && admin.execute(QStringLiteral("GRANT ALL ON %1.* TO '%2'@'localhost'").arg(database, user));
    if (!created)
        qFatal(
            "cannot create the account %s: %s", qPrintable(user), qPrintable(admin.lastError().toString()));
    ConnectionParams params = ServerFixture::params(database);
    params.user = user;
    params.password = QStringLiteral("p");
    return params;
}

} // namespace

class TestServerFaults : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack
    CpuHog m_hog; // under ctest, spinning beside the test: the faults land on a busy machine
    EmbeddedRedis m_redis; // redis-split's stock, which must outlive a lost run to be audited

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_SERVER();
        QString error;
        QVERIFY2(m_redis.start(&error), qPrintable(error));
    }

    void pausedServerIsWaitedForAndAudited_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : faultStrategies(
                 WorkloadKind::Inventory, { QStringLiteral("pessimistic"), QStringLiteral("queued") }))
            QTest::newRow(qPrintable(id)) << id;
        for (const QString& id : faultStrategies(WorkloadKind::Claim, { QStringLiteral("claim-update") }))
            QTest::newRow(qPrintable(id)) << id;
    }
    void pausedServerIsWaitedForAndAudited()
    {
        // SIGSTOP for 5 s across the stop line of a 3 s run: the run says the server is silent,
        // waits for it, and audits; nothing is called lost, and the JSON matches the table.
        QFETCH(QString, id);
        Experiment e = ServerFixture::longFaultRun(8);
        e.durationMs = 3000;
        e.workload = StrategyRegistry::create(id)->workload();
        e.tasks = 1'000'000;
        // Longer than the pause: claim-update's sweeper gives back claims older than this, and
        // after 5 s of silence it would give back those of live workers, which another then
        // claims. That double claim is real (the verdict says so), but not this test's subject.
        e.claimTimeoutMs = 30000;
        BackgroundRun run(id, e, ServerFixture::params());
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        // The pause starts a second into the 3 s run, well before its stop line: a pause the
        // stop line's own look meets first is aServerPausedJustBeforeTheStopLineIsWaitedFor's.
        QTest::qWait(1000);
        const auto pid = static_cast<pid_t>(ServerFixture::server().serverPid());
        QVERIFY(pid > 0);
        const qint64 stoppedAt = run.elapsedMs();
        QCOMPARE(::kill(pid, SIGSTOP), 0);
        QTest::qWait(5000);
        QCOMPARE(::kill(pid, SIGCONT), 0);
        const StrategyResult r = run.wait();

        const qint64 saidAt = run.statusAt(QStringLiteral("not answering"));
        qInfo("%s: said the server was silent %lld ms after SIGSTOP; %lld orders, verdict %s", qPrintable(id),
            saidAt - stoppedAt, r.clients[ClientCount::Sold], qPrintable(r.verdictText()));
        QVERIFY2(saidAt >= 0, "the run never said the server was not answering");
        QVERIFY(run.statusAt(QStringLiteral("answers again")) > saidAt);
        QVERIFY(run.statusAt(QStringLiteral("lost the server")) < 0);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(!r.serverLost);
        QVERIFY2(r.audited(), qPrintable(r.auditIncomplete));
        QCOMPARE(r.verdict(), Verdict::Pass);
        const QString differs = ServerFixture::jsonDisagreesWithTable(r);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    // The server stops answering a moment before the stop line, and is waited for, said to answer
    // again, and audited. Sampled as usual, a sample meets the silence and the watch says it
    // before the stop line. With no sample before the stop line, the stop line's own look is the
    // first to meet it, and the watch, which needs a second to call a silence, cuts that look
    // short: the run waits as if the server had been silent at the stop line.
    void aServerPausedJustBeforeTheStopLineIsWaitedFor_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("sampleIntervalMs"); // 0: the experiment's own
        QTest::addColumn<int>("beforeStopMs");
        QTest::newRow("conditional, sampled") << QStringLiteral("conditional") << 0 << 300;
        QTest::newRow("conditional, no sample before") << QStringLiteral("conditional") << 10000 << 400;
        QTest::newRow("claim-update, no sample before") << QStringLiteral("claim-update") << 10000 << 400;
    }
    void aServerPausedJustBeforeTheStopLineIsWaitedFor()
    {
        QFETCH(QString, id);
        QFETCH(int, sampleIntervalMs);
        QFETCH(int, beforeStopMs);
        Experiment e = ServerFixture::longFaultRun(8);
        e.durationMs = 3000;
        if (sampleIntervalMs > 0)
            e.sampleIntervalMs = sampleIntervalMs;
        e.workload = StrategyRegistry::create(id)->workload();
        e.tasks = 1'000'000;
        e.claimTimeoutMs = 30000; // longer than the pause (see pausedServerIsWaitedForAndAudited)
        BackgroundRun run(id, e, ServerFixture::params());
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        const qint64 runningAt = run.statusAt(QStringLiteral(": running"));
        QTRY_VERIFY_WITH_TIMEOUT(run.elapsedMs() >= runningAt + e.durationMs - beforeStopMs, 30000);
        const auto pid = static_cast<pid_t>(ServerFixture::server().serverPid());
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid, SIGSTOP), 0);
        QTest::qWait(4000);
        QCOMPARE(::kill(pid, SIGCONT), 0);
        const StrategyResult r = run.wait();
        qInfo("%s, paused %d ms before the stop line: %lld orders, verdict %s", qPrintable(id), beforeStopMs,
            r.clients[ClientCount::Sold], qPrintable(r.verdictText()));
        const qint64 saidAt = run.statusAt(QStringLiteral("not answering"));
        QVERIFY2(saidAt >= 0, "the watch saw the silence");
        QVERIFY2(run.statusAt(QStringLiteral("answers again")) > saidAt,
            "the run ended before the server was back");
        QVERIFY2(r.audited(), qPrintable(r.auditIncomplete));
        QVERIFY(!r.serverLost);
        QCOMPARE(r.verdict(), Verdict::Pass);
        const QString differs = ServerFixture::jsonDisagreesWithTable(r);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    void cancelWhileTheServerIsSilentEndsAtOnceAndKeepsTheFigures()
    {
        // Statements blocked on a paused server would wait out their 120 s read timeout: one
        // cancel ends the run within seconds, with what the clients measured and "audit incomplete".
        Experiment e = ServerFixture::longFaultRun(8);
        BackgroundRun run(QStringLiteral("pessimistic"), e, ServerFixture::params());
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        const auto pid = static_cast<pid_t>(ServerFixture::server().serverPid());
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid, SIGSTOP), 0);
        const std::unique_ptr<void, std::function<void(void*)>> resume(
            &run, [pid](void*) { ::kill(pid, SIGCONT); });
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral("not answering")), 5000);
        const qint64 cancelledAt = run.elapsedMs();
        run.cancel();
        const StrategyResult r = run.wait();
        const qint64 endedAfterMs = run.elapsedMs() - cancelledAt;
        ::kill(pid, SIGCONT);
        qInfo("ended %lld ms after the cancel; %lld orders sold by the clients, %lld without reply: %s",
            endedAfterMs, r.clients[ClientCount::Sold], r.clients[ClientCount::Unresolved],
            qPrintable(r.auditIncomplete));

        QVERIFY2(endedAfterMs < 30000, "the run waited for the blocked statements' read timeout");
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.verdict(), Verdict::AuditIncomplete);
        QVERIFY(r.clients[ClientCount::Sold] > 0);
        QVERIFY(r.ordersPerS > 0.0);
        QVERIFY(!r.series.isEmpty());
        const QJsonObject json = ResultWriter::summaryJson(r);
        QVERIFY(json.value(QStringLiteral("sold")).isNull());
        QVERIFY(json.value(QStringLiteral("clients_agree")).isNull());
        QCOMPARE(json.value(QStringLiteral("client_sold_orders")).toDouble(),
            static_cast<double>(r.clients[ClientCount::Sold]));
        // Once the server runs again, its table holds every acknowledged order, and at most
        // the unanswered ones besides.
        DatabaseConnection check;
        QVERIFY(check.open(ServerFixture::params()));
        const long long rows = check.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")).value_or(-1);
        QVERIFY2(rows >= r.clients[ClientCount::Sold]
                && rows <= r.clients[ClientCount::Sold] + r.clients[ClientCount::Unresolved],
            qPrintable(QStringLiteral("%1 rows for %2 acknowledged and %3 unanswered")
                           .arg(rows)
                           .arg(r.clients[ClientCount::Sold])
                           .arg(r.clients[ClientCount::Unresolved])));
    }

    void killedServerIsReportedAndLosesNoAcknowledgedOrder_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("swapped"); // an acknowledged order renumbered after the restart
        QTest::newRow("pessimistic") << QStringLiteral("pessimistic") << false;
        QTest::newRow("slotted-partitioned") << QStringLiteral("slotted-partitioned") << false;
        QTest::newRow("queued") << QStringLiteral("queued") << false;
        QTest::newRow("two-sku-sorted") << QStringLiteral("two-sku-sorted") << false; // every line counts
        QTest::newRow("redis-split") << QStringLiteral("redis-split") << false; // Redis's stock audited
        // One acknowledged order gone and a row no client placed, of the same SKU and quantity:
        // stock and counts agree, and only the audit's own findings can fail the verdict.
        QTest::newRow("pessimistic, an order swapped") << QStringLiteral("pessimistic") << true;
    }
    void killedServerIsReportedAndLosesNoAcknowledgedOrder()
    {
        QFETCH(QString, id);
        QFETCH(bool, swapped);
        ConnectionParams params = ServerFixture::params();
        params.redis = m_redis.endpoint(); // outlives the run, as a Redis given by URL does
        const Experiment experiment = ServerFixture::longFaultRun(16);
        BackgroundRun run(id, experiment, params);
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        const qint64 pid = ServerFixture::server().serverPid();
        QVERIFY(pid > 0);
        const qint64 killedAt = run.elapsedMs();
        QCOMPARE(::kill(static_cast<pid_t>(pid), SIGKILL), 0);

        const StrategyResult r = run.wait();
        const qint64 saidAt = run.statusAt(QStringLiteral("lost the server"));
        QVERIFY2(saidAt >= 0, "the run never said it lost the server");
        qInfo("%s: the run said it lost the server %lld ms after the kill; %lld orders acknowledged, %lld "
              "without reply",
            qPrintable(id), saidAt - killedAt, r.clients[ClientCount::Sold],
            r.clients[ClientCount::Unresolved]);
        QVERIFY(r.serverLost);
        QCOMPARE(r.stopReason, StopReason::ServerLost);
        QVERIFY2(r.error.contains(QStringLiteral("lost the server")), qPrintable(r.error));
        // The partial run is kept: its series and the clients' counts.
        QVERIFY(!r.series.isEmpty());
        QVERIFY(r.clients[ClientCount::Sold] > 0);
        QVERIFY(r.acknowledged);
        QCOMPARE(r.acknowledged->count(), r.clients[ClientCount::Sold]);
        // Written before any audit (a server by URL, or a restart declined): the tables' figures
        // were never read, so they are unknown, not 0.
        const QJsonObject unaudited = ResultWriter::summaryJson(r);
        for (const char* key : { "sold", "remaining", "oversold", "order_rows", "clients_agree" })
            QVERIFY2(unaudited.value(QLatin1String(key)).isNull(), key);
        QVERIFY(!unaudited.value(QStringLiteral("audit_incomplete")).toString().isEmpty());

        // Restart on the same data directory, then audit what the crash left behind.
        QString error;
        QVERIFY2(ServerFixture::ensureStarted(&error), qPrintable(error));
        if (swapped) {
            DatabaseConnection saboteur;
            QVERIFY(saboteur.open(ServerFixture::params()));
            QVERIFY(saboteur.execute(
                QStringLiteral("UPDATE orders SET request_id = -request_id ORDER BY request_id LIMIT 1")));
        }
        const std::optional<Auditor::ExternalStock> stock = LeftStock::reader(id, experiment, params, &error);
        QVERIFY2(stock, qPrintable(error));
        const RecoveryReport report = RecoveryAudit::check(
            ServerFixture::params(), run.layout(), *r.acknowledged, *r.unresolvedOrders, *stock);
        qInfo("%s: after the restart: %s", qPrintable(id), qPrintable(report.summary()));
        if (swapped) {
            QVERIFY2(report.valid, qPrintable(report.error));
            QCOMPARE(report.missing, 1LL);
            QCOMPARE(report.strangers(), 1LL);
            StrategyResult audited = r;
            audited.takeRecovery(report.tables());
            QCOMPARE(audited.verdict(), Verdict::ClientsDisagree);
            QVERIFY(audited.failsSafety());
            const QJsonObject written = ResultWriter::summaryJson(audited);
            QCOMPARE(written.value(QStringLiteral("acknowledged_missing")).toInt(), 1);
            QCOMPARE(written.value(QStringLiteral("stranger_rows")).toInt(), 1);
            QCOMPARE(written.value(QStringLiteral("clients_agree")).toBool(true), false);
            return;
        }
        QVERIFY2(report.valid, qPrintable(report.error));
        QCOMPARE(report.missing, 0LL);
        QCOMPARE(report.audit.oversold, 0LL);
        QCOMPARE(report.audit.lostUpdates, 0LL);
        const bool redis = run.layout() == StockLayout::Redis;
        // Units Redis gave to orders whose row the crash kept out: stranded there, never sold.
        const long long notCommitted = r.clients[ClientCount::Unresolved] - report.unresolvedFound.orders;
        if (redis)
            QVERIFY(report.audit.unrecordedDecrements <= notCommitted * experiment.qtyMax);
        else
            QVERIFY(report.audit.clean());
        // Rows no client saw acknowledged are exactly the committed ones among the orders without reply.
        QVERIFY(r.unresolvedOrders);
        QCOMPARE(report.unresolvedOrders, r.clients[ClientCount::Unresolved]);
        QCOMPARE(report.strangers(), 0LL);
        QVERIFY(report.unresolvedFound.orders <= r.clients[ClientCount::Unresolved]);
        QVERIFY(report.unresolvedFound.rows <= r.unresolvedOrders->lines());

        // The lost run, completed by that audit, is what the JSON says: sold and the clients'
        // count equal the table's own.
        StrategyResult audited = r;
        audited.takeRecovery(report.tables());
        QCOMPARE(audited.verdict(),
            redis && report.audit.unrecordedDecrements > 0 ? Verdict::StrandedInRedis : Verdict::Pass);
        QVERIFY(!audited.failsSafety());
        QCOMPARE(audited.clients[ClientCount::Unresolved], 0LL);
        const QString differs = ServerFixture::jsonDisagreesWithTable(audited);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    // The server goes away as the closing audit begins and comes back 5 s later (a supervisor
    // restarting it): the audit waits for it as the run waits for a silent server, rather than
    // giving up after 4 s with "audit incomplete".
    void aServerRestartingDuringTheClosingAuditIsWaitedFor()
    {
        std::atomic<bool> ready { false };
        std::atomic<bool> killed { false };
        ClosingAudit::Outcome outcome;
        qint64 auditMs = 0;
        std::thread audit([&] {
            // By its port, which the restarted server keeps (its socket's folder is new).
            ConnectionParams params = ServerFixture::params(QStringLiteral("lockbench_closing"));
            params.socket.clear();
            params.host = QStringLiteral("127.0.0.1");
            LabDatabase database(params);
            QString error;
            Experiment e;
            e.skus = 4;
            if (!database.open(&error) || !database.prepareTables(StockLayout::Rows, e, &error)) {
                outcome.error = error;
                ready.store(true);
                return;
            }
            Auditor auditor(database.connection().database(), StockLayout::Rows);
            ready.store(true);
            while (!killed.load())
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            QElapsedTimer clock;
            clock.start();
            outcome = ClosingAudit(database, auditor, std::chrono::seconds(60)).run({}, {});
            auditMs = clock.elapsed();
        });
        QTRY_VERIFY_WITH_TIMEOUT(ready.load(), 30000);
        const qint64 pid = ServerFixture::server().serverPid();
        const int portBefore = ServerFixture::params().port;
        QVERIFY(pid > 0);
        QCOMPARE(::kill(static_cast<pid_t>(pid), SIGKILL), 0);
        killed.store(true);
        QTRY_VERIFY_WITH_TIMEOUT(!ServerFixture::server().isRunning(), 10000);
        QTest::qWait(5000);
        QString error;
        const bool restarted = ServerFixture::server().start(&error);
        audit.join();
        QVERIFY2(restarted, qPrintable(error));
        QCOMPARE(ServerFixture::params().port, portBefore); // the same address, as a supervisor restarts it
        qInfo("the closing audit ended %lld ms after the server went away: %s", auditMs,
            qPrintable(outcome.error.isEmpty() ? QStringLiteral("audited") : outcome.error));
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QVERIFY(outcome.audit.valid);
        QVERIFY(outcome.audit.clean());
        QVERIFY(auditMs >= 5000);
    }

    void revokedPrivilegesEndTheRunWithTheServersReason()
    {
        // The account loses its rights on the lab's database and its clients' connections are
        // killed: they cannot come back (1044), and the run ends with that reason. The orders
        // whose reply was lost are looked up through the control connection, which still works,
        // so the verdict is the error, not a false safety failure.
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        QVERIFY(admin.execute(
            QStringLiteral("CREATE USER IF NOT EXISTS 'revoked'@'localhost' IDENTIFIED BY 'r'")));
        QVERIFY(admin.execute(QStringLiteral("GRANT ALL ON lockbench_rv.* TO 'revoked'@'localhost'")));
        ConnectionParams params = ServerFixture::params(QStringLiteral("lockbench_rv"));
        params.user = QStringLiteral("revoked");
        params.password = QStringLiteral("r");
        Experiment e = ServerFixture::longFaultRun(8);
        e.database = QStringLiteral("lockbench_rv");

        BackgroundRun run(QStringLiteral("pessimistic"), e, params);
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        QVERIFY(admin.execute(
            QStringLiteral("REVOKE ALL PRIVILEGES ON lockbench_rv.* FROM 'revoked'@'localhost'")));
        // Every connection of the account but the first the run opened, its control connection.
        const QStringList ids
            = admin
                  .queryText(QStringLiteral("SELECT GROUP_CONCAT(ID ORDER BY ID) FROM "
                                            "information_schema.PROCESSLIST WHERE USER = 'revoked'"))
                  .value_or(QString())
                  .split(QLatin1Char(','), Qt::SkipEmptyParts);
        // The first client killed reconnects into the refusal and ends the run, which may close
        // the connections still on the list before their turn comes (1094: no such thread).
        int kills = 0;
        int closedByTheRun = 0;
        for (qsizetype i = 1; i < ids.size(); ++i) {
            if (admin.execute(QStringLiteral("KILL CONNECTION %1").arg(ids[i])))
                ++kills;
            else if (admin.lastError().code == 1094)
                ++closedByTheRun;
        }
        const StrategyResult r = run.wait();
        QVERIFY(admin.execute(QStringLiteral("GRANT ALL ON lockbench_rv.* TO 'revoked'@'localhost'")));
        qInfo(
            "killed %d connections, %d closed by the run first; the run ended after %.1f s: %s; %lld orders, "
            "%lld learned after the loss, %lld unresolved",
            kills, closedByTheRun, r.durationS, qPrintable(r.error), r.clients[ClientCount::Sold],
            r.clients[ClientCount::Reconciled], r.clients[ClientCount::Unresolved]);

        QVERIFY(ids.size() - 1 >= e.threads); // every client had its connection
        QVERIFY(kills >= 1);
        QCOMPARE(kills + closedByTheRun, static_cast<int>(ids.size() - 1));
        // Clients killed mid-order could not learn its outcome themselves: the run looked them up.
        QVERIFY(run.running(QStringLiteral("looked up the")));
        QCOMPARE(r.stopReason, StopReason::Error);
        QVERIFY2(r.error.contains(QStringLiteral("1044")), qPrintable(r.error));
        QCOMPARE(r.verdict(), Verdict::Error);
        QVERIFY(!r.failsSafety());
        QCOMPARE(r.clients[ClientCount::Unresolved], 0LL);
        QVERIFY2(r.audited(), qPrintable(r.auditIncomplete));
        const QString differs = ServerFixture::jsonDisagreesWithTable(r, e.database);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    void readOnlyServerStopsTheRunWithAClearError()
    {
        // Accounts with the SUPER or READ_ONLY ADMIN privilege ignore read_only; a lab account has neither.
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        QVERIFY(admin.execute(
            QStringLiteral("CREATE USER IF NOT EXISTS 'shopwriter'@'localhost' IDENTIFIED BY 'w'")));
        QVERIFY(admin.execute(QStringLiteral("GRANT ALL ON lockbench_ro.* TO 'shopwriter'@'localhost'")));
        ConnectionParams params = ServerFixture::params(QStringLiteral("lockbench_ro"));
        params.user = QStringLiteral("shopwriter");
        params.password = QStringLiteral("w");
        Experiment e = ServerFixture::longFaultRun(8);
        e.database = QStringLiteral("lockbench_ro");
        // Turning read_only on waits for commits, a commit can wait on a row lock held by a
        // statement the global read lock blocks: a short lock wait timeout breaks that cycle.
        e.lockWaitTimeoutS = 2;

        BackgroundRun run(QStringLiteral("conditional"), e, params);
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        const qint64 readOnlyAt = run.elapsedMs();
        QVERIFY(admin.execute(QStringLiteral("SET GLOBAL read_only = ON")));
        const qint64 readOnlyDone = run.elapsedMs();
        const StrategyResult r = run.wait();
        qInfo("read_only set at %lld ms, took %lld ms; the run ended after %.1f s", readOnlyAt,
            readOnlyDone - readOnlyAt, r.durationS);
        QVERIFY(admin.execute(QStringLiteral("SET GLOBAL read_only = OFF")));

        qInfo("read-only: %s", qPrintable(r.error));
        QCOMPARE(r.stopReason, StopReason::Error);
        QVERIFY2(r.error.contains(QStringLiteral("read-only")), qPrintable(r.error));
        // Nothing counted that the server did not commit.
        QVERIFY(r.clients[ClientCount::Sold] > 0);
        QVERIFY(r.clientsAgree());
        QCOMPARE(r.oversold, 0LL);
    }

    void droppedTableEndsTheRunAndKeepsTheClientsCounts()
    {
        // Someone drops the orders table mid-run: the run ends with that reason, and what the
        // clients counted is kept and written; what only the table could say is unknown, not 0.
        Experiment e = ServerFixture::longFaultRun(8);
        e.database = QStringLiteral("lockbench_drop");
        BackgroundRun run(QStringLiteral("conditional"), e, ServerFixture::params(e.database));
        QTRY_VERIFY_WITH_TIMEOUT(run.running(QStringLiteral(": running")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(run.sold() > 0, 30000); // the fault meets a run that sells
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(e.database)));
        QVERIFY(admin.execute(QStringLiteral("DROP TABLE orders")));
        const StrategyResult r = run.wait();
        qInfo("dropped table: %s; the clients counted %lld orders; audit: %s", qPrintable(r.error),
            r.clients[ClientCount::Sold], qPrintable(r.auditIncomplete));
        QCOMPARE(r.stopReason, StopReason::Error);
        QVERIFY2(r.error.contains(QStringLiteral("1146")) && r.error.contains(QStringLiteral("disappeared")),
            qPrintable(r.error));
        QVERIFY(r.clients[ClientCount::Sold] > 0);
        QVERIFY(!r.audited());
        QVERIFY(!r.failsSafety());
        const QJsonObject json = ResultWriter::summaryJson(r);
        QCOMPARE(json.value(QStringLiteral("client_sold_orders")).toDouble(),
            static_cast<double>(r.clients[ClientCount::Sold]));
        QVERIFY(json.value(QStringLiteral("sold")).isNull());
        QVERIFY(!r.series.isEmpty());
    }

    void tooFewConnectionsEndTheRunWithAClearError()
    {
        // The server accepts fewer connections of this account than the run has clients: the
        // clients that got one must not wait for the others forever.
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        const ConnectionParams params = limitedAccount(admin, QStringLiteral("fewconn"), 12);
        Experiment e = ServerFixture::soldOutExperiment(100);
        e.database = params.database;
        e.threads = 16;

        BackgroundRun run(QStringLiteral("pessimistic"), e, params);
        const StrategyResult r = run.wait();
        qInfo("too few connections: %s", qPrintable(r.error));
        QCOMPARE(r.stopReason, StopReason::Error);
        QVERIFY2(r.error.contains(QStringLiteral("1226"))
                || r.error.contains(QStringLiteral("max_user_connections")),
            qPrintable(r.error));
        QCOMPARE(r.clients[ClientCount::Sold], 0LL);
    }

    void clientsWaitingToConnectGiveUpOnceOneCannot()
    {
        // Clients open their sessions a few dozen at a time. Once one is refused the run cannot
        // start: the clients still waiting for their turn must not connect at all (against a
        // server that does not answer, each turn would last the connect timeout).
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        const ConnectionParams params = limitedAccount(admin, QStringLiteral("fewturns"), 8);
        Experiment e = ServerFixture::soldOutExperiment(100);
        e.database = params.database;
        e.threads = 2000;
        e.clientIo = ClientIo::Events;

        const std::optional<std::int64_t> before
            = admin.queryInt(QStringLiteral("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
                                            "WHERE VARIABLE_NAME = 'CONNECTIONS'"));
        BackgroundRun run(QStringLiteral("conditional"), e, params);
        const StrategyResult r = run.wait();
        const std::optional<std::int64_t> after
            = admin.queryInt(QStringLiteral("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
                                            "WHERE VARIABLE_NAME = 'CONNECTIONS'"));
        QVERIFY(before && after);
        qInfo("2,000 clients, 8 connections allowed: %lld connection attempts; %s",
            static_cast<long long>(*after - *before), qPrintable(r.error));
        QCOMPARE(r.stopReason, StopReason::Error);
        QVERIFY2(r.error.contains(QStringLiteral("1226")), qPrintable(r.error));
        QVERIFY2(*after - *before < 500, "the clients after the refusal connected anyway");
    }

    void lockWaitTimeoutsAreRolledBackAndLeaveNoTransactionOpen()
    {
        Experiment e = ServerFixture::soldOutExperiment(200);
        e.threads = 16;
        e.delayMs = 300; // 16 waiters behind 300 ms holders: most waits pass the 1 s timeout
        e.lockWaitTimeoutS = 1;
        e.stop = StopKind::Duration;
        e.durationMs = 5000;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("pessimistic"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.lockWaitTimeouts > 0, "no lock wait timed out");
        qInfo("lock wait timeouts: %lld, sold %lld", r.lockWaitTimeouts, r.sold);
        QVERIFY(r.clientsAgree());
        QCOMPARE(r.oversold, 0LL);
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        QTest::qWait(250); // INNODB_TRX is a copy InnoDB refreshes at most every 100 ms
        QCOMPARE(
            admin.queryInt(QStringLiteral("SELECT COUNT(*) FROM information_schema.INNODB_TRX")).value_or(-1),
            0);
    }
};

QTEST_GUILESS_MAIN(TestServerFaults)
#include "tst_serverfaults.moc"
