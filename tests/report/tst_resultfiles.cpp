// The results file (JSON) and the CSV files, without a server: every field comes back as the
// test set it, passwords leave masked, and a file that is not lockbench's is refused.
#include "app/report/resultreader.h"
#include "app/report/resultwriter.h"
#include "tests/support/sampleresults.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

namespace {


// The experiment of knownResult(): every field away from its default.
Experiment knownExperiment()
{
    Experiment e;
    e.skus = 3;
    e.initialStock = 2500;
    e.slotsPerSku = 8;
    e.threads = 24;
    e.skew = SkewKind::HotSet;
    e.hotPercent = 75.0;
    e.hotSkus = 2;
    e.qtyMin = 2;
    e.qtyMax = 5;
    e.stop = StopKind::Orders;
    e.durationMs = 20000;
    e.totalOrders = 40000;
    e.timeLimitMs = 90000;
    e.warmupMs = 1500;
    e.delayMs = 0.5;
    e.isolation = Isolation::ReadCommitted;
    e.arrival = ArrivalMode::Open;
    e.rate = 750.0;
    e.seed = 42;
    e.batch = 8;
    e.writers = 3;
    e.maxRetries = 9;
    e.sampleIntervalMs = 100;
    e.repeat = 3;
    e.deadlockDetect = KnobSwitch::Off;
    e.lockWaitTimeoutS = 5;
    e.flushLogAtCommit = 2;
    e.bufferPoolMb = 256;
    e.database = QStringLiteral("lab_known");
    return e;
}

// One sample with a value of its own in every field the writer writes, so that a field
// left out, or written under another field's key, reads back wrong.
MetricsSample knownSample()
{
    MetricsSample s;
    s.runId = 9;
    s.strategy = QStringLiteral("pessimistic");
    s.elapsedS = 0.5;
    s.intervalS = 0.25;
    s.ordersPerS = 810.5;
    s.attemptsPerS = 820.25;
    s.sold = 801;
    s.soldUnits = 802;
    s.outOfStock = 803;
    s.failed = 804;
    s.retries = 805;
    s.attempts = 806;
    s.p50Ms = 1.125;
    s.p95Ms = 2.25;
    s.p99Ms = 3.375;
    s.maxMs = 4.5;
    s.clientLockWaitMsPerS = 55.5;
    s.serverStatsValid = true;
    s.rowLockWaits = 807;
    s.rowLockTimeMs = 808;
    s.waitingNow = 809;
    s.deadlocks = 810;
    s.deadlocksTotal = 811;
    s.audit.valid = true;
    s.audit.sold = 812;
    s.audit.remaining = 813;
    s.audit.oversold = 814;
    s.audit.lostUpdates = 815;
    s.audit.negativeSkus = 816;
    s.errors = { 821, 822, 823, 824, 825, 826, 827 };
    return s;
}

// Likewise for a strategy's summary. The error holds a password, which must leave masked;
// the error messages hold a comma and quotes, which the CSV must quote.
StrategyResult knownResult()
{
    StrategyResult r;
    r.runId = 9;
    r.strategy = QStringLiteral("pessimistic");
    r.safe = false;
    r.error = QStringLiteral("lost mysql://lab:hunter2@db.example:3307/lockbench at order 12");
    r.stopReason = StopReason::TimeLimitReached;
    r.repetition = 2;
    r.durationS = 12.5;
    r.measuredFromS = 1.75;
    r.soldOutS = 9.25;
    r.experiment = knownExperiment();
    r.sold = 5001;
    r.remaining = 5002;
    r.oversold = 5003;
    r.lostUpdates = 5004;
    r.unrecordedDecrements = 5005;
    r.orderRows = 5006;
    r.clientSoldOrders = 5007;
    r.clientSoldUnits = 5008;
    r.outOfStock = 5009;
    r.failed = 5010;
    r.attempts = 5011;
    r.retries = 5012;
    r.reconciled = 5013;
    r.unresolved = 5014;
    r.errors = { 601, 602, 603, 604, 605, 606, 607 };
    r.lateOrders = 5015;
    r.attemptsAfterSoldOut = 5016;
    r.lockWaitsAfterSoldOut = 5017;
    r.ordersPerS = 1234.5;
    r.attemptsPerS = 2345.25;
    r.p50Ms = 1.5;
    r.p95Ms = 2.75;
    r.p99Ms = 3.125;
    r.maxMs = 40.0625;
    r.clientLockWaitS = 6.5;
    r.lockWaits = 7001;
    r.lockTimeMs = 7002;
    r.deadlocks = 7003;
    r.lockWaitTimeouts = 7004;
    r.lateDeadlocks = 7005;
    r.lockHoldMs = 0.625;
    r.lockHolds = 7006;
    r.queueWaitMs = 3.25;
    r.clientCpuS = 1.5;
    r.serverCpuS = 2.5;
    r.cpuWallS = 10.75;
    r.cores = 2;
    r.errorMessages << QStringLiteral("3× error 1213: Deadlock found") << QStringLiteral("1× error 1064: a, \"quoted\" message");
    r.knobs.insert(QStringLiteral("innodb_deadlock_detect"), QStringLiteral("OFF"));
    r.knobs.insert(QStringLiteral("innodb_lock_wait_timeout"), QStringLiteral("5"));
    r.longestLockQueue = 13;
    r.inspectorError = QStringLiteral("no PROCESS privilege");
    DeadlockRecord d;
    d.strategy = QStringLiteral("pessimistic");
    d.elapsedS = 7.25;
    d.when = QStringLiteral("2026-11-21 23:18:57");
    d.victim = 2;
    d.transactions = { { QStringLiteral("11"), 5, QStringLiteral("SELECT 1 FOR UPDATE"), QStringLiteral("RECORD LOCKS x") },
        { QStringLiteral("12"), 6, QStringLiteral("SELECT 2 FOR UPDATE"), QStringLiteral("RECORD LOCKS y") } };
    r.deadlockRecords << d;
    MetricsSample later = knownSample();
    later.elapsedS = 0.75;
    later.sold = 901;
    later.serverStatsValid = false;
    later.audit.valid = false;
    r.series << knownSample() << later;
    return r;
}

// A small CSV reader: quoted fields may hold commas and doubled quotes.
QStringList csvFields(const QString& line)
{
    QStringList out;
    QString current;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
            current += c;
            ++i;
        } else if (c == QLatin1Char('"')) {
            quoted = !quoted;
        } else if (c == QLatin1Char(',') && !quoted) {
            out << current;
            current.clear();
        } else {
            current += c;
        }
    }
    out << current;
    return out;
}

// A CSV file as rows of column -> text, by its header.
QList<QMap<QString, QString>> readCsv(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QList<QMap<QString, QString>> rows;
    const QStringList header = csvFields(lines.value(0));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList values = csvFields(lines[i]);
        QMap<QString, QString> row;
        for (qsizetype column = 0; column < header.size(); ++column)
            row.insert(header[column], values.value(column, QStringLiteral("<missing>")));
        if (values.size() != header.size())
            row.insert(QStringLiteral("<column count>"), QString::number(values.size()));
        rows << row;
    }
    return rows;
}

using Cells = QList<std::pair<const char*, const char*>>;

// Every column the test expects, with the text it expects, and no column besides. A failure
// returns from here only: the caller checks QTest::currentTestFailed().
void compareRow(const QMap<QString, QString>& row, const Cells& expected)
{
    for (const auto& [column, text] : expected) {
        const QString key = QLatin1String(column);
        QVERIFY2(row.contains(key), column);
        // The column's name in both, so that a failure says which column.
        QCOMPARE(key + QLatin1Char('=') + row.value(key), key + QLatin1Char('=') + QString::fromUtf8(text));
    }
    QCOMPARE(row.size(), expected.size());
}

} // namespace

class TestResultFiles : public QObject {
    Q_OBJECT
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
        const QList<StrategyResult> written = QList<StrategyResult> { knownResult() } + SampleResults::results(SampleResults::sweep());
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
        QCOMPARE(read->results[2].deadlockRecords.first().transactions[1].statement, QStringLiteral("SELECT 2 FOR UPDATE"));

        // Each field against the value knownResult() gave it.
        const StrategyResult& r = read->results.first();
        QCOMPARE(r.strategy, QStringLiteral("pessimistic"));
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
        QCOMPARE(read->results[1].repetition, 1);
        QCOMPARE(r.sold, 5001LL);
        QCOMPARE(r.remaining, 5002LL);
        QCOMPARE(r.oversold, 5003LL);
        QCOMPARE(r.lostUpdates, 5004LL);
        QCOMPARE(r.unrecordedDecrements, 5005LL);
        QCOMPARE(r.orderRows, 5006LL);
        QCOMPARE(r.clientSoldOrders, 5007LL);
        QCOMPARE(r.clientSoldUnits, 5008LL);
        QCOMPARE(r.outOfStock, 5009LL);
        QCOMPARE(r.failed, 5010LL);
        QCOMPARE(r.attempts, 5011LL);
        QCOMPARE(r.retries, 5012LL);
        QCOMPARE(r.reconciled, 5013LL);
        QCOMPARE(r.unresolved, 5014LL);
        QCOMPARE(QList<long long>(r.errors.begin(), r.errors.end()), (QList<long long> { 601, 602, 603, 604, 605, 606, 607 }));
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
        QCOMPARE(r.lockHolds, 7006LL);
        QCOMPARE(r.queueWaitMs, 3.25);
        QCOMPARE(r.clientCpuS, 1.5);
        QCOMPARE(r.serverCpuS, 2.5);
        QCOMPARE(r.cpuWallS, 10.75);
        QCOMPARE(r.cores, 2);
        QCOMPARE(r.errorMessages,
            (QStringList { QStringLiteral("3× error 1213: Deadlock found"), QStringLiteral("1× error 1064: a, \"quoted\" message") }));
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_deadlock_detect")), QStringLiteral("OFF"));
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_lock_wait_timeout")), QStringLiteral("5"));
        QCOMPARE(r.knobs.size(), 2);
        QCOMPARE(r.longestLockQueue, 13);
        QCOMPARE(r.inspectorError, QStringLiteral("no PROCESS privilege"));

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

        QCOMPARE(r.series.size(), 2);
        const MetricsSample& s = r.series.first();
        QCOMPARE(s.strategy, QStringLiteral("pessimistic"));
        QCOMPARE(s.elapsedS, 0.5);
        QCOMPARE(s.intervalS, 0.25);
        QCOMPARE(s.ordersPerS, 810.5);
        QCOMPARE(s.attemptsPerS, 820.25);
        QCOMPARE(s.sold, 801LL);
        QCOMPARE(s.soldUnits, 802LL);
        QCOMPARE(s.outOfStock, 803LL);
        QCOMPARE(s.failed, 804LL);
        QCOMPARE(s.retries, 805LL);
        QCOMPARE(s.attempts, 806LL);
        QCOMPARE(s.p50Ms, 1.125);
        QCOMPARE(s.p95Ms, 2.25);
        QCOMPARE(s.p99Ms, 3.375);
        QCOMPARE(s.maxMs, 4.5);
        QCOMPARE(s.clientLockWaitMsPerS, 55.5);
        QCOMPARE(s.serverStatsValid, true);
        QCOMPARE(s.rowLockWaits, 807LL);
        QCOMPARE(s.rowLockTimeMs, 808LL);
        QCOMPARE(s.waitingNow, 809LL);
        QCOMPARE(s.deadlocks, 810LL);
        QCOMPARE(s.deadlocksTotal, 811LL);
        QCOMPARE(s.audit.valid, true);
        QCOMPARE(s.audit.sold, std::int64_t(812));
        QCOMPARE(s.audit.remaining, std::int64_t(813));
        QCOMPARE(s.audit.oversold, std::int64_t(814));
        QCOMPARE(s.audit.lostUpdates, std::int64_t(815));
        QCOMPARE(s.audit.negativeSkus, std::int64_t(816));
        QCOMPARE(QList<long long>(s.errors.begin(), s.errors.end()), (QList<long long> { 821, 822, 823, 824, 825, 826, 827 }));
        // The second sample, in its place, with what differs from the first.
        const MetricsSample& later = r.series[1];
        QCOMPARE(later.elapsedS, 0.75);
        QCOMPARE(later.sold, 901LL);
        QCOMPARE(later.serverStatsValid, false);
        QCOMPARE(later.audit.valid, false);
    }

    void repeatsRoundTrip()
    {
        // Three runs each of two strategies, interleaved; the third run of naive failed.
        QList<StrategyResult> written;
        const double conditional[] = { 900, 1100, 1000 };
        const double naive[] = { 5000, 5200, 0 };
        for (int repetition = 1; repetition <= 3; ++repetition) {
            for (const QString& strategy : { QStringLiteral("conditional"), QStringLiteral("naive") }) {
                StrategyResult r = SampleResults::make(strategy, 4,
                    strategy == QLatin1String("naive") ? naive[repetition - 1] : conditional[repetition - 1]);
                r.experiment.repeat = 3;
                r.repetition = repetition;
                r.p99Ms = 10.0 * repetition;
                if (r.ordersPerS == 0)
                    r.error = QStringLiteral("the server went away");
                written << r;
            }
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.json"));
        QString error;
        QVERIFY2(ResultWriter::writeJson(path, SampleResults::runInfo(), written, &error), qPrintable(error));
        const std::optional<ResultReader::RunFile> read = ResultReader::load(path, &error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(read->results.size(), 6);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(read->results[i].repetition, i / 2 + 1);
        QCOMPARE(read->repeats.size(), 2);
        const RepeatSummary& conditionalSummary = read->repeats[0];
        QCOMPARE(conditionalSummary.strategy, QStringLiteral("conditional"));
        QCOMPARE(conditionalSummary.n(), 3);
        QCOMPARE(conditionalSummary.rows, (QList<int> { 0, 2, 4 }));
        QCOMPARE(conditionalSummary.ordersPerS.median, 1000.0);
        QCOMPARE(conditionalSummary.ordersPerS.min, 900.0);
        QCOMPARE(conditionalSummary.ordersPerS.max, 1100.0);
        QCOMPARE(conditionalSummary.ordersPerS.ciLow, 900.0);
        QCOMPARE(conditionalSummary.ordersPerS.ciHigh, 1100.0);
        QCOMPARE(conditionalSummary.ordersPerS.level, 0.75);
        QCOMPARE(conditionalSummary.p99Ms.median, 20.0);
        QCOMPARE(conditionalSummary.experiment.repeat, 3);
        QVERIFY(conditionalSummary.notSeparableFrom.isEmpty());
        QCOMPARE(read->repeats[1].n(), 2); // the failed run carries no figures
        QCOMPARE(read->repeats[1].ordersPerS.median, 5100.0);
        // Recomputed from the results, the summaries are what the file says.
        const QList<RepeatSummary> recomputed = ResultWriter::repeatSummaries(read->results);
        QCOMPARE(recomputed[1].ordersPerS.max, read->repeats[1].ordersPerS.max);

        // One run gives no interval: null in the file, not the median.
        const QJsonObject once = ResultWriter::toJson(SampleResults::runInfo(), { SampleResults::make(QStringLiteral("queued"), 2, 700) });
        const QJsonObject orders = once.value(QStringLiteral("repeats")).toArray().first().toObject().value(QStringLiteral("orders_per_s")).toObject();
        QCOMPARE(orders.value(QStringLiteral("median")).toDouble(), 700.0);
        QVERIFY(orders.value(QStringLiteral("ci_low")).isNull());

        // The CSV beside the others: one row per strategy.
        const QString csv = dir.filePath(QStringLiteral("r.csv"));
        QVERIFY2(ResultWriter::writeCsv(csv, written, &error), qPrintable(error));
        const QList<QMap<QString, QString>> rows = readCsv(ResultWriter::repeatsCsvPath(csv));
        QCOMPARE(rows.size(), 2);
        compareRow(rows.first(),
            Cells {
                { "strategy", "conditional" },
                { "threads", "4" },
                { "skus", "1" },
                { "slots", "16" },
                { "n", "3" },
                { "orders_per_s_median", "1000" },
                { "orders_per_s_min", "900" },
                { "orders_per_s_max", "1100" },
                { "orders_per_s_ci_low", "900" },
                { "orders_per_s_ci_high", "1100" },
                { "orders_per_s_ci_level", "0.75" },
                { "p99_ms_median", "20" },
                { "p99_ms_min", "10" },
                { "p99_ms_max", "30" },
                { "p99_ms_ci_low", "10" },
                { "p99_ms_ci_high", "30" },
                { "p99_ms_ci_level", "0.75" },
                { "not_separable_from", "" },
            });
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

    void csvRoundTrips()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.csv"));
        const QList<StrategyResult> written = QList<StrategyResult> { knownResult() } + SampleResults::results(SampleResults::sweep());
        QString error;
        QVERIFY2(ResultWriter::writeCsv(path, written, &error), qPrintable(error));

        const QList<QMap<QString, QString>> summaries = readCsv(ResultWriter::summaryCsvPath(path));
        QCOMPARE(summaries.size(), written.size());
        // The texts knownResult() must come out as; verdict and clients_agree follow from it.
        compareRow(summaries.first(),
            Cells {
                { "strategy", "pessimistic" },
                { "safe", "false" },
                { "verdict", "error" },
                { "error", "lost mysql://lab:***@db.example:3307/lockbench at order 12" },
                { "audit_incomplete", "" },
                { "stop_reason", "time limit reached" },
                { "duration_s", "12.5" },
                { "measured_from_s", "1.75" },
                { "sold_out_s", "9.25" },
                { "measured_s", "7.5" },
                { "late_orders", "5015" },
                { "attempts_after_sold_out", "5016" },
                { "lock_waits_after_sold_out", "5017" },
                { "threads", "24" },
                { "repetition", "2" },
                { "sold", "5001" },
                { "remaining", "5002" },
                { "oversold", "5003" },
                { "lost_updates", "5004" },
                { "unrecorded_decrements", "5005" },
                { "order_rows", "5006" },
                { "client_sold_orders", "5007" },
                { "client_sold_units", "5008" },
                { "clients_agree", "false" },
                { "out_of_stock", "5009" },
                { "failed", "5010" },
                { "attempts", "5011" },
                { "retries", "5012" },
                { "reconciled", "5013" },
                { "unresolved", "5014" },
                { "orders_per_s", "1234.5" },
                { "attempts_per_s", "2345.25" },
                { "p50_ms", "1.5" },
                { "p95_ms", "2.75" },
                { "p99_ms", "3.125" },
                { "max_ms", "40.0625" },
                { "client_lock_wait_s", "6.5" },
                { "lock_waits", "7001" },
                { "lock_time_ms", "7002" },
                { "deadlocks", "7003" },
                { "lock_wait_timeouts", "7004" },
                { "late_deadlocks", "7005" },
                { "lock_hold_ms", "0.625" },
                { "lock_holds", "7006" },
                { "queue_wait_ms", "3.25" },
                { "client_cpu_s", "1.5" },
                { "server_cpu_s", "2.5" },
                { "cpu_wall_s", "10.75" },
                { "cores", "2" },
                { "longest_lock_queue", "13" },
                { "lock_inspector_error", "no PROCESS privilege" },
                { "errors_deadlock", "601" },
                { "errors_lock_wait_timeout", "602" },
                { "errors_record_changed", "603" },
                { "errors_lock_nowait", "604" },
                { "errors_connection_lost", "605" },
                { "errors_duplicate_key", "606" },
                { "errors_other", "607" },
            });
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(summaries[4].value(QStringLiteral("strategy")), QStringLiteral("naive"));
        QCOMPARE(summaries[4].value(QStringLiteral("threads")), QStringLiteral("4"));

        const QList<QMap<QString, QString>> samples = readCsv(path);
        QCOMPARE(samples.size(), 2 + 6 * 8);
        compareRow(samples.first(),
            Cells {
                { "strategy", "pessimistic" },
                { "t_s", "0.5" },
                { "interval_s", "0.25" },
                { "orders_per_s", "810.5" },
                { "attempts_per_s", "820.25" },
                { "sold", "801" },
                { "sold_units", "802" },
                { "out_of_stock", "803" },
                { "failed", "804" },
                { "retries", "805" },
                { "attempts", "806" },
                { "p50_ms", "1.125" },
                { "p95_ms", "2.25" },
                { "p99_ms", "3.375" },
                { "max_ms", "4.5" },
                { "client_lock_wait_ms_per_s", "55.5" },
                { "row_lock_waits", "807" },
                { "row_lock_time_ms", "808" },
                { "waiting_now", "809" },
                { "deadlocks", "810" },
                { "deadlocks_total", "811" },
                { "server_stats", "true" },
                { "audited", "true" },
                { "audit_sold", "812" },
                { "audit_remaining", "813" },
                { "audit_oversold", "814" },
                { "audit_lost_updates", "815" },
                { "audit_negative_skus", "816" },
                { "errors_deadlock", "821" },
                { "errors_lock_wait_timeout", "822" },
                { "errors_record_changed", "823" },
                { "errors_lock_nowait", "824" },
                { "errors_connection_lost", "825" },
                { "errors_duplicate_key", "826" },
                { "errors_other", "827" },
            });
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(samples[1].value(QStringLiteral("t_s")), QStringLiteral("0.75"));
        QCOMPARE(samples[1].value(QStringLiteral("sold")), QStringLiteral("901"));
        QCOMPARE(samples[1].value(QStringLiteral("server_stats")), QStringLiteral("false"));
        QCOMPARE(samples[1].value(QStringLiteral("audited")), QStringLiteral("false"));
    }

};

QTEST_GUILESS_MAIN(TestResultFiles)
#include "tst_resultfiles.moc"
