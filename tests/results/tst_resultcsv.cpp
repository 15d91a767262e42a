// The CSV files written beside the results file, without a server: every column of the
// samples and the summaries comes back as the test set it, passwords leave masked, and text
// with commas and quotes is quoted; and the repeat summaries, in the results file and in a
// CSV of their own. The results file itself: tst_resultfiles.
#include "app/results/resultreader.h"
#include "app/results/resultwriter.h"
#include "tests/results/resultfilehelpers.h"
#include "tests/support/sampleresults.h"

#include <QJsonArray>
#include <QMap>
#include <QSignalSpy>
#include <QTest>

#include <utility>

using namespace ResultFileHelpers;

namespace {

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
    QStringList unexpected; // named, so that a failure says which columns
    for (auto it = row.cbegin(); it != row.cend(); ++it) {
        if (std::none_of(expected.cbegin(), expected.cend(),
                [&](const auto& cell) { return it.key() == QLatin1String(cell.first); }))
            unexpected << it.key();
    }
    QVERIFY2(unexpected.isEmpty(), qPrintable(unexpected.join(QStringLiteral(", "))));
}

} // namespace

class TestResultCsv : public QObject {
    Q_OBJECT
private:
    // Three runs each of two strategies, interleaved; the third run of naive failed.
    static QList<StrategyResult> threeRunsEach()
    {
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
        return written;
    }

    static void compareRepeatsCsv(const QString& path)
    {
        const QList<QMap<QString, QString>> rows = readCsv(path);
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

private slots:
    void repeatsRoundTrip()
    {
        const QList<StrategyResult> written = threeRunsEach();
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

        // The CSV beside the others: one row per strategy.
        const QString csv = dir.filePath(QStringLiteral("r.csv"));
        QVERIFY2(ResultWriter::writeCsv(csv, written, &error), qPrintable(error));
        compareRepeatsCsv(ResultWriter::repeatsCsvPath(csv));
    }

    void oneRunGivesNoInterval()
    {
        // null in the file, not the median.
        const QJsonObject once = ResultWriter::toJson(
            SampleResults::runInfo(), { SampleResults::make(QStringLiteral("queued"), 2, 700) });
        const QJsonObject orders = once.value(QStringLiteral("repeats"))
                                       .toArray()
                                       .first()
                                       .toObject()
                                       .value(QStringLiteral("orders_per_s"))
                                       .toObject();
        QCOMPARE(orders.value(QStringLiteral("median")).toDouble(), 700.0);
        QVERIFY(orders.value(QStringLiteral("ci_low")).isNull());
    }

    void csvRoundTrips()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.csv"));
        const QList<StrategyResult> written
            = QList<StrategyResult> { knownResult() } + SampleResults::results(SampleResults::sweep());
        QString error;
        QVERIFY2(ResultWriter::writeCsv(path, written, &error), qPrintable(error));

        const QList<QMap<QString, QString>> summaries = readCsv(ResultWriter::summaryCsvPath(path));
        QCOMPARE(summaries.size(), written.size());
        // The texts knownResult() must come out as; verdict and clients_agree follow from it.
        compareRow(summaries.first(),
            Cells {
                { "strategy", "pessimistic" },
                { "server", "MariaDB 10.11.6" },
                { "safe", "false" },
                { "stock_in_front", "false" },
                { "verdict", "oversold (unsafe baseline)" }, // the audit's anomaly wins over the error
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
                { "rtt_ms", "1" },
                { "predicted_orders_per_s", "7777.5" },
                { "predicted_bound", "row-lock" },
                { "repetition", "2" },
                { "sold", "5001" },
                { "remaining", "5002" },
                { "oversold", "5003" },
                { "lost_updates", "5004" },
                { "unrecorded_decrements", "5005" },
                { "order_rows", "5006" },
                { "acknowledged_missing", "5007" },
                { "stranger_rows", "5008" },
                { "clients_agree", "" }, // 5014 orders without reply: not comparable
                { "workers_killed", "5022" },
                { "tasks_stranded", "5023" },
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
                { "client_io", "events" }, // auto: 24 clients are fibers
                { "client_threads", "1" }, // 24 clients share one thread
                { "longest_lock_queue", "13" },
                { "lock_inspector_error", "no PROCESS privilege" },
                // The clients' counts, under the names of clientCountNames().
                { "client_sold_orders", "6000" },
                { "client_sold_units", "6001" },
                { "out_of_stock", "6002" },
                { "failed", "6003" },
                { "attempts", "6004" },
                { "retries", "6005" },
                { "reconciled", "6006" },
                { "unresolved", "6007" },
                { "refused_with_stock", "6008" },
                { "rebalances", "6009" },
                { "double_claims", "6010" },
                { "tasks_released", "6011" },
                { "lock_wait_ns", "6012" },
                { "lock_hold_ns", "6013" },
                { "lock_holds_total", "6014" },
                { "queue_wait_ns", "6015" },
                { "queued_orders", "6016" },
                { "redis_round_trip_ns", "6017" },
                { "redis_round_trips", "6018" },
                { "cancelled_orders", "6037" },
                { "errors_deadlock", "6100" },
                { "errors_lock_wait_timeout", "6101" },
                { "errors_record_changed", "6102" },
                { "errors_lock_nowait", "6103" },
                { "errors_connection_lost", "6104" },
                { "errors_duplicate_key", "6105" },
                { "errors_commit_abort", "6106" },
                { "errors_other", "6107" },
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
                { "p50_ms", "1.125" },
                { "p95_ms", "2.25" },
                { "p99_ms", "3.375" },
                { "max_ms", "4.5" },
                { "client_lock_wait_ms_per_s", "55.5" },
                { "row_lock_waits", "807" },
                { "row_lock_time_ms", "808" },
                { "waiting_now", "809" },
                { "backlog", "1234" },
                { "deadlocks", "810" },
                { "deadlocks_total", "811" },
                { "server_stats", "true" },
                { "audited", "true" },
                { "audit_sold", "812" },
                { "audit_remaining", "813" },
                { "audit_oversold", "814" },
                { "audit_lost_updates", "815" },
                { "audit_negative_skus", "816" },
                { "redis_stats", "true" },
                { "redis_commands", "817" },
                { "redis_script_calls", "818" },
                { "redis_script_usec", "819" },
                { "cluster_stats", "true" },
                { "cert_failures", "831" },
                { "bf_aborts", "832" },
                { "flow_control_paused_ns", "833" },
                { "recv_queue", "834" },
                { "send_queue", "835" },
                { "local_commits", "836" },
                // Each node's counters, in columns of their own.
                { "node1_answered", "true" },
                { "node1_cert_failures", "841" },
                { "node1_bf_aborts", "842" },
                { "node1_flow_control_paused_ns", "843" },
                { "node1_recv_queue", "844" },
                { "node1_send_queue", "845" },
                { "node1_local_commits", "846" },
                { "node2_answered", "false" },
                { "node2_cert_failures", "0" },
                { "node2_bf_aborts", "852" },
                { "node2_flow_control_paused_ns", "0" },
                { "node2_recv_queue", "0" },
                { "node2_send_queue", "0" },
                { "node2_local_commits", "856" },
                // The clients' counts, under the names of clientCountNames().
                { "sold", "2000" },
                { "sold_units", "2001" },
                { "out_of_stock", "2002" },
                { "failed", "2003" },
                { "attempts", "2004" },
                { "retries", "2005" },
                { "reconciled", "2006" },
                { "unresolved", "2007" },
                { "refused_with_stock", "2008" },
                { "rebalances", "2009" },
                { "double_claims", "2010" },
                { "tasks_released", "2011" },
                { "lock_wait_ns", "2012" },
                { "lock_hold_ns", "2013" },
                { "lock_holds", "2014" },
                { "queue_wait_ns", "2015" },
                { "queued_orders", "2016" },
                { "redis_round_trip_ns", "2017" },
                { "redis_round_trips", "2018" },
                { "order_ns", "2019" },
                { "orders_timed", "2020" },
                { "backlog_ns", "2021" },
                { "network_ns", "2022" },
                { "late_wake_ns", "2023" },
                { "server_ns", "2024" },
                { "statements", "2025" },
                { "lock_statement_ns", "2026" },
                { "lock_statements", "2027" },
                { "commit_ns", "2028" },
                { "commits", "2029" },
                { "backoff_ns", "2030" },
                { "work_ns", "2031" },
                { "hand_over_ns", "2032" },
                { "hand_overs", "2033" },
                { "rolled_back_hold_ns", "2034" },
                { "rolled_back_holds", "2035" },
                { "writer_busy_ns", "2036" },
                { "cancelled", "2037" },
                { "errors_deadlock", "2100" },
                { "errors_lock_wait_timeout", "2101" },
                { "errors_record_changed", "2102" },
                { "errors_lock_nowait", "2103" },
                { "errors_connection_lost", "2104" },
                { "errors_duplicate_key", "2105" },
                { "errors_commit_abort", "2106" },
                { "errors_other", "2107" },
            });
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(samples[1].value(QStringLiteral("t_s")), QStringLiteral("0.75"));
        QCOMPARE(samples[1].value(QStringLiteral("sold")), QStringLiteral("901"));
        QCOMPARE(samples[1].value(QStringLiteral("server_stats")), QStringLiteral("false"));
        QCOMPARE(samples[1].value(QStringLiteral("redis_stats")), QStringLiteral("false"));
        QCOMPARE(samples[1].value(QStringLiteral("audited")), QStringLiteral("false"));
        QCOMPARE(
            samples[1].value(QStringLiteral("node2_bf_aborts")), QString()); // a sample of no node: blank
    }
};

QTEST_GUILESS_MAIN(TestResultCsv)
#include "tst_resultcsv.moc"
