// The results file (JSON), without a server: every field comes back as the test set it,
// passwords leave masked, and a file that is not lockbench's is refused. The CSV files and
// the repeat summaries: tst_resultcsv.
#include "app/results/resultreader.h"
#include "app/results/resultwriter.h"
#include "tests/results/resultfilehelpers.h"
#include "tests/support/sampleresults.h"

#include <QSignalSpy>
#include <QTest>

using namespace ResultFileHelpers;

class TestResultFiles : public QObject {
    Q_OBJECT
private:
    // What the run was and what it counted.
    static void checkCounts(const StrategyResult& r)
    {
        QCOMPARE(r.strategy, QStringLiteral("pessimistic"));
        QCOMPARE(r.server, QStringLiteral("MariaDB 10.11.6")); // which engine it ran on, read back
        QCOMPARE(r.safe, false);
        QCOMPARE(r.error, QStringLiteral("lost mysql://lab:***@db.example:3307/lockbench at order 12"));
        QCOMPARE(r.stopReason, StopReason::TimeLimitReached);
        QCOMPARE(r.durationS, 12.5);
        QCOMPARE(r.measuredFromS, 1.75);
        QCOMPARE(r.soldOutS, 9.25);
        QCOMPARE(r.lateOrders, 5015LL);
        QCOMPARE(r.attemptsAfterSoldOut, 5016LL);
        QCOMPARE(r.lockWaitsAfterSoldOut, 5017LL);
        QCOMPARE(r.experiment, knownExperiment());
        QCOMPARE(r.experiment.threads, 24);
        QCOMPARE(r.repetition, 2);
        QCOMPARE(r.sold, 5001LL);
        QCOMPARE(r.remaining, 5002LL);
        QCOMPARE(r.oversold, 5003LL);
        QCOMPARE(r.lostUpdates, 5004LL);
        QCOMPARE(r.unrecordedDecrements, 5005LL);
        QCOMPARE(r.orderRows, 5006LL);
        QCOMPARE(r.acknowledgedMissing, 5007LL);
        QCOMPARE(r.strangerRows, 5008LL);
        QVERIFY(sameCounts(r.clients, knownCounts(6000), true));
        QVERIFY(sameCounts(r.windowClients, knownCounts(8000)));
        QCOMPARE(r.predictedOrdersPerS, 7777.5);
        QCOMPARE(r.predictedBound, Bound::RowLock);
    }

    // A cluster node's figures and its own audit.
    static void checkNode(const StrategyResult& r)
    {
        QCOMPARE(r.nodes.size(), 1);
        const NodeFigures& node = r.nodes.first();
        QCOMPARE(node.node, 2);
        QCOMPARE(node.endpoint, QStringLiteral("h2:3307"));
        QCOMPARE(node.clients, 11);
        QVERIFY(node.statsValid);
        QCOMPARE(node.certFailures, 701LL);
        QCOMPARE(node.bfAborts, 702LL);
        QCOMPARE(node.flowControlPausedS, 0.25);
        QCOMPARE(node.maxRecvQueue, 703LL);
        QCOMPARE(node.maxSendQueue, 704LL);
        QCOMPARE(node.stateAtEnd, QStringLiteral("synced"));
        QVERIFY(node.audit.valid);
        QCOMPARE(node.audit.remaining, std::int64_t(705));
        QCOMPARE(node.audit.sold, std::int64_t(706));
        QCOMPARE(node.audit.orderRows, std::int64_t(707));
        QCOMPARE(node.disagreement, QStringLiteral("node 2 holds 705 units of stock"));
    }

    // Rates, latencies, lock figures, CPU, the errors and the settings.
    static void checkRatesAndServer(const StrategyResult& r)
    {
        QCOMPARE(r.ordersPerS, 1234.5);
        QCOMPARE(r.attemptsPerS, 2345.25);
        QCOMPARE(r.p50Ms, 1.5);
        QCOMPARE(r.p95Ms, 2.75);
        QCOMPARE(r.p99Ms, 3.125);
        QCOMPARE(r.maxMs, 40.0625);
        QCOMPARE(r.clientLockWaitS, 6.5);
        QCOMPARE(r.lockWaits, 7001LL);
        QCOMPARE(r.lockTimeMs, 7002LL);
        QCOMPARE(r.deadlocks, 7003LL);
        QCOMPARE(r.lockWaitTimeouts, 7004LL);
        QCOMPARE(r.lateDeadlocks, 7005LL);
        QCOMPARE(r.lockHoldMs, 0.625);
        QCOMPARE(r.measuredLockHolds, 7006LL);
        QCOMPARE(r.queueWaitMs, 3.25);
        QCOMPARE(r.clientCpuS, 1.5);
        QCOMPARE(r.serverCpuS, 2.5);
        QCOMPARE(r.cpuWallS, 10.75);
        QCOMPARE(r.cores, 2);
        QCOMPARE(r.errorMessages,
            (QStringList { QStringLiteral("3× error 1213: Deadlock found"),
                QStringLiteral("1× error 1064: a, \"quoted\" message") }));
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_deadlock_detect")), QStringLiteral("OFF"));
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_lock_wait_timeout")), QStringLiteral("5"));
        QCOMPARE(r.knobs.size(), 2);
        QCOMPARE(r.longestLockQueue, 13);
        QCOMPARE(r.inspectorError, QStringLiteral("no PROCESS privilege"));
    }

    // The deadlock, with both transactions.
    static void checkDeadlock(const StrategyResult& r)
    {
        QCOMPARE(r.deadlockRecords.size(), 1);
        const DeadlockRecord& d = r.deadlockRecords.first();
        QCOMPARE(d.strategy, QStringLiteral("pessimistic"));
        QCOMPARE(d.elapsedS, 7.25);
        QCOMPARE(d.when, QStringLiteral("2026-11-21 23:18:57"));
        QCOMPARE(d.victim, 2);
        QCOMPARE(d.transactions.size(), 2);
        QCOMPARE(d.transactions[0].trxId, QStringLiteral("11"));
        QCOMPARE(d.transactions[0].threadId, 5LL);
        QCOMPARE(d.transactions[0].statement, QStringLiteral("SELECT 1 FOR UPDATE"));
        QCOMPARE(d.transactions[0].waitingFor, QStringLiteral("RECORD LOCKS x"));
        QCOMPARE(d.transactions[1].trxId, QStringLiteral("12"));
        QCOMPARE(d.transactions[1].threadId, 6LL);
        QCOMPARE(d.transactions[1].waitingFor, QStringLiteral("RECORD LOCKS y"));
    }

    // Both samples, the second with what differs from the first.
    static void checkSamples(const StrategyResult& r)
    {
        QCOMPARE(r.series.size(), 2);
        const MetricsSample& s = r.series.first();
        QCOMPARE(s.strategy, QStringLiteral("pessimistic"));
        QCOMPARE(s.elapsedS, 0.5);
        QCOMPARE(s.intervalS, 0.25);
        QCOMPARE(s.ordersPerS, 810.5);
        QCOMPARE(s.attemptsPerS, 820.25);
        QCOMPARE(s.p50Ms, 1.125);
        QCOMPARE(s.p95Ms, 2.25);
        QCOMPARE(s.p99Ms, 3.375);
        QCOMPARE(s.maxMs, 4.5);
        QCOMPARE(s.clientLockWaitMsPerS, 55.5);
        QCOMPARE(s.serverStatsValid, true);
        QCOMPARE(s.rowLockWaits, 807LL);
        QCOMPARE(s.rowLockTimeMs, 808LL);
        QCOMPARE(s.waitingNow, 809LL);
        QCOMPARE(s.backlog, 1234LL);
        QCOMPARE(s.deadlocks, 810LL);
        QCOMPARE(s.deadlocksTotal, 811LL);
        QCOMPARE(s.redisStatsValid, true);
        QCOMPARE(s.redisCommands, 817LL);
        QCOMPARE(s.redisScriptCalls, 818LL);
        QCOMPARE(s.redisScriptUsec, 819LL);
        QCOMPARE(s.audit.valid, true);
        QCOMPARE(s.audit.sold, std::int64_t(812));
        QCOMPARE(s.audit.remaining, std::int64_t(813));
        QCOMPARE(s.audit.oversold, std::int64_t(814));
        QCOMPARE(s.audit.lostUpdates, std::int64_t(815));
        QCOMPARE(s.audit.negativeSkus, std::int64_t(816));
        QVERIFY(sameCounts(s.clients, knownCounts(2000)));
        QVERIFY(s.clusterStatsValid);
        QCOMPARE(s.cluster.certFailures, 831LL);
        QCOMPARE(s.cluster.bfAborts, 832LL);
        QCOMPARE(s.cluster.flowControlPausedNs, 833LL);
        QCOMPARE(s.cluster.recvQueue, 834LL);
        QCOMPARE(s.cluster.sendQueue, 835LL);
        QCOMPARE(s.cluster.localCommits, 836LL);
        QCOMPARE(s.nodes.size(), 2);
        QCOMPARE(s.nodes[0].certFailures, 841LL);
        QCOMPARE(s.nodes[0].bfAborts, 842LL);
        QCOMPARE(s.nodes[0].flowControlPausedNs, 843LL);
        QCOMPARE(s.nodes[0].recvQueue, 844LL);
        QCOMPARE(s.nodes[0].sendQueue, 845LL);
        QCOMPARE(s.nodes[0].localCommits, 846LL);
        QVERIFY(s.nodes[0].answered);
        QCOMPARE(s.nodes[1].bfAborts, 852LL);
        QCOMPARE(s.nodes[1].localCommits, 856LL);
        QVERIFY(!s.nodes[1].answered);
        // The second sample, in its place, with what differs from the first.
        const MetricsSample& later = r.series[1];
        QCOMPARE(later.elapsedS, 0.75);
        QCOMPARE(later.clients[ClientCount::Sold], 901LL);
        QCOMPARE(later.serverStatsValid, false);
        QCOMPARE(later.redisStatsValid, false);
        QCOMPARE(later.audit.valid, false);
        QVERIFY(later.nodes.isEmpty());
    }

private slots:
    void resultsFileRoundTrips()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.json"));
        ResultWriter::RunInfo info;
        info.experiment = knownExperiment();
        info.serverUrl = QStringLiteral("mysql://lab:hunter2@db.example:3307/lockbench");
        info.serverVersion = QStringLiteral("10.11.19-MariaDB");
        info.embedded = false;
        QList<StrategyResult> written
            = QList<StrategyResult> { knownResult() } + SampleResults::results(SampleResults::sweep());
        written[1].lockWaits = -1; // not counted by its server: null in the file, not counted again
        written[1].lockTimeMs = -1;
        QString error;
        QVERIFY2(ResultWriter::writeJson(path, info, written, &error), qPrintable(error));
        const std::optional<ResultReader::RunFile> read = ResultReader::load(path, &error);
        QVERIFY2(read, qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("hunter2")); // the password never reaches the file

        QCOMPARE(read->info.experiment, knownExperiment());
        QCOMPARE(read->info.serverUrl, QStringLiteral("mysql://lab:***@db.example:3307/lockbench"));
        QCOMPARE(read->info.serverVersion, QStringLiteral("10.11.19-MariaDB"));
        QCOMPARE(read->info.embedded, false);
        QCOMPARE(read->results.size(), 7);
        QCOMPARE(read->results[3].experiment.threads, 4);
        QCOMPARE(read->results[3].strategy, QStringLiteral("conditional"));
        QCOMPARE(read->results[2].deadlockRecords.first().transactions[1].statement,
            QStringLiteral("SELECT 2 FOR UPDATE"));

        QCOMPARE(read->results[1].repetition, 1);
        QCOMPARE(read->results[1].lockWaits, -1LL);
        QCOMPARE(read->results[1].lockTimeMs, -1LL);
        // Each field against the value knownResult() gave it.
        const StrategyResult& r = read->results.first();
        checkCounts(r);
        checkNode(r);
        checkRatesAndServer(r);
        checkDeadlock(r);
        checkSamples(r);
    }

    void brokenResultsFileIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"strategies\": 3}");
        file.close();
        QString error;
        QVERIFY(!ResultReader::load(path, &error));
        QVERIFY(error.contains(QLatin1String("not a lockbench results file")));
        QVERIFY(!ResultReader::load(dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY(error.contains(QLatin1String("cannot read")));
    }
};

QTEST_GUILESS_MAIN(TestResultFiles)
#include "tst_resultfiles.moc"
