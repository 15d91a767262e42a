#include "app/results/resultwriter.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/ordertimesplit.h"
#include "app/core/passwordmask.h"
#include "app/results/clientcountsjson.h"
#include "app/results/clustercountersjson.h"
#include "app/results/nodefiguresjson.h"
#include "app/results/repeatsjson.h"
#include "app/results/resultexplanation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>

namespace {

// A server count, or null where the server keeps none (PostgreSQL's lock waits).
QJsonValue counted(long long count)
{
    return count < 0 ? QJsonValue() : QJsonValue(static_cast<double>(count));
}

QJsonObject knobsJson(const QMap<QString, QString>& knobs)
{
    QJsonObject object;
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QJsonArray deadlocksJson(const QList<DeadlockRecord>& records)
{
    QJsonArray array;
    for (const DeadlockRecord& record : records)
        array.append(ResultWriter::deadlockJson(record));
    return array;
}

// A strategy file's invariants as the closing audit ran them: null when it could not run.
QJsonValue invariantsJson(const StrategyResult& r)
{
    if (!r.audited())
        return QJsonValue();
    QJsonArray checks;
    for (const InvariantCheck& check : r.invariants)
        checks.append(QJsonObject { { QStringLiteral("name"), check.name },
            { QStringLiteral("rows"), static_cast<double>(check.rows) },
            { QStringLiteral("first_row"), check.broken() ? QJsonValue(check.firstRow) : QJsonValue() } });
    return checks;
}

bool save(const QString& path, const QByteArray& data, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        *error = QCoreApplication::translate("ResultWriter", "cannot write %1: %2")
                     .arg(path, file.errorString());
        return false;
    }
    return true;
}

QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"'))
        && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvLines(const QList<QJsonObject>& rows)
{
    if (rows.isEmpty())
        return {};
    QStringList header;
    for (auto it = rows.first().begin(); it != rows.first().end(); ++it) {
        if (!it.value().isObject() && !it.value().isArray())
            header << it.key();
    }
    if (rows.first().contains(QStringLiteral("errors"))) { // the repeats rows have no error counts
        for (std::size_t i = 0; i < kErrorClassCount; ++i)
            header << QStringLiteral("errors_") + errorClassKey(static_cast<ErrorClass>(i));
    }
    QString out = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const QJsonObject& row : rows) {
        QStringList fields;
        for (const QString& key : header) {
            QJsonValue value = key.startsWith(QLatin1String("errors_"))
                ? row.value(QStringLiteral("errors")).toObject().value(key.mid(7))
                : row.value(key);
            if (value.isDouble())
                fields << QString::number(value.toDouble(), 'g', 12);
            else if (value.isBool())
                fields << (value.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
            else
                fields << csvField(value.toString());
        }
        out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

QJsonObject explanationJson(const StrategyResult& r)
{
    const ResultExplanation::Explained explained = ResultExplanation::of(r);
    QJsonObject object = explained.figures;
    object.insert(QStringLiteral("text"), explained.text);
    return object;
}

// The clients' counts over the measured window, from which the explanation and the time split
// are computed, so that a result read back explains itself the same way.
QJsonObject windowCountsJson(const StrategyResult& r)
{
    QJsonObject object;
    ClientCountsJson::insert(object, r.windowClients, ClientCountsJson::Names::Sample);
    return object;
}

// What the strategy did and what the audit found.
QJsonObject outcomeJson(const StrategyResult& r)
{
    // What only the closing audit knows is null when it could not run, never a made-up 0.
    const auto audited = [&r](long long value) {
        return r.audited() ? QJsonValue(static_cast<double>(value)) : QJsonValue();
    };
    return QJsonObject {
        { QStringLiteral("strategy"), r.strategy },
        { QStringLiteral("server"), r.server },
        { QStringLiteral("safe"), r.safe },
        { QStringLiteral("stock_in_front"), r.stockInFront },
        { QStringLiteral("verdict"), r.verdictText() },
        { QStringLiteral("error"), PasswordMask::mask(r.error) },
        { QStringLiteral("audit_incomplete"),
            r.audited() ? QJsonValue() : QJsonValue(PasswordMask::mask(r.auditIncomplete)) },
        { QStringLiteral("stop_reason"), stopReasonKey(r.stopReason) },
        { QStringLiteral("duration_s"), r.durationS },
        { QStringLiteral("measured_from_s"), r.measuredFromS },
        { QStringLiteral("sold_out_s"), r.soldOut() ? QJsonValue(r.soldOutS) : QJsonValue() },
        { QStringLiteral("measured_s"), r.measuredS() },
        { QStringLiteral("late_orders"), static_cast<double>(r.lateOrders) },
        { QStringLiteral("attempts_after_sold_out"), static_cast<double>(r.attemptsAfterSoldOut) },
        { QStringLiteral("lock_waits_after_sold_out"), counted(r.lockWaitsAfterSoldOut) },
        { QStringLiteral("threads"), r.experiment.threads },
        // The simulated network round trip every statement crossed: the rates depend on it.
        { QStringLiteral("rtt_ms"), r.experiment.rttMs },
        { QStringLiteral("repetition"), r.repetition },
        { QStringLiteral("sold"), audited(r.sold) },
        { QStringLiteral("remaining"), audited(r.remaining) },
        { QStringLiteral("oversold"), audited(r.oversold) },
        { QStringLiteral("lost_updates"), audited(r.lostUpdates) },
        { QStringLiteral("unrecorded_decrements"), audited(r.unrecordedDecrements) },
        { QStringLiteral("order_rows"), audited(r.orderRows) },
        { QStringLiteral("invariants"), invariantsJson(r) },
        { QStringLiteral("acknowledged_missing"), audited(r.acknowledgedMissing) },
        { QStringLiteral("stranger_rows"), audited(r.strangerRows) },
        { QStringLiteral("clients_agree"),
            r.audited() && r.clients[ClientCount::Unresolved] == 0 ? QJsonValue(r.clientsAgree())
                                                                   : QJsonValue() },
        { QStringLiteral("workers_killed"), static_cast<double>(r.workersKilled) },
        { QStringLiteral("tasks_stranded"),
            r.strandedTasks < 0 ? QJsonValue() : QJsonValue(static_cast<double>(r.strandedTasks)) },
    };
}

// Its rates and latencies, and what explains them.
QJsonObject figuresJson(const StrategyResult& r)
{
    return QJsonObject {
        { QStringLiteral("orders_per_s"), r.ordersPerS },
        { QStringLiteral("attempts_per_s"), r.attemptsPerS },
        { QStringLiteral("p50_ms"), r.p50Ms },
        { QStringLiteral("p95_ms"), r.p95Ms },
        { QStringLiteral("p99_ms"), r.p99Ms },
        { QStringLiteral("max_ms"), r.maxMs },
        { QStringLiteral("client_lock_wait_s"), r.clientLockWaitS },
        { QStringLiteral("lock_waits"), counted(r.lockWaits) },
        { QStringLiteral("lock_time_ms"), counted(r.lockTimeMs) },
        { QStringLiteral("deadlocks"), static_cast<double>(r.deadlocks) },
        { QStringLiteral("lock_wait_timeouts"), static_cast<double>(r.lockWaitTimeouts) },
        { QStringLiteral("late_deadlocks"), static_cast<double>(r.lateDeadlocks) },
        { QStringLiteral("lock_hold_ms"), r.lockHoldMs },
        { QStringLiteral("lock_holds"), static_cast<double>(r.measuredLockHolds) },
        { QStringLiteral("queue_wait_ms"), r.queueWaitMs },
        { QStringLiteral("client_cpu_s"), r.clientCpuS },
        { QStringLiteral("server_cpu_s"), r.serverCpuS },
        { QStringLiteral("cpu_wall_s"), r.cpuWallS },
        { QStringLiteral("cores"), r.cores },
        // How the clients waited for the server, from the experiment and the machine.
        { QStringLiteral("client_io"), clientIoName(effectiveClientIo(r.experiment)) },
        { QStringLiteral("client_threads"), clientThreadCount(r.experiment, r.cores) },
        { QStringLiteral("explanation"), explanationJson(r) },
        { QStringLiteral("time_split"), OrderTimeSplit::of(r.windowClients).toJson() },
        { QStringLiteral("window_counts"), windowCountsJson(r) },
        { QStringLiteral("predicted_orders_per_s"),
            r.predictedOrdersPerS < 0 ? QJsonValue() : QJsonValue(r.predictedOrdersPerS) },
        { QStringLiteral("predicted_bound"), r.predictedBound },
        { QStringLiteral("error_messages"), QJsonArray::fromStringList(PasswordMask::mask(r.errorMessages)) },
        { QStringLiteral("knobs"), knobsJson(r.knobs) },
        { QStringLiteral("longest_lock_queue"), r.longestLockQueue },
        { QStringLiteral("lock_inspector_error"), PasswordMask::mask(r.inspectorError) },
        { QStringLiteral("deadlock_records"), deadlocksJson(r.deadlockRecords) },
        { QStringLiteral("deadlock_account"), r.deadlockAccount.toJson() },
        { QStringLiteral("observing"), r.observing.toJson(r.durationS) },
        { QStringLiteral("nodes"), NodeFiguresJson::toJson(r.nodes) },
    };
}

} // namespace

namespace ResultWriter {

QJsonObject summaryJson(const StrategyResult& r)
{
    QJsonObject object = outcomeJson(r);
    const QJsonObject figures = figuresJson(r);
    for (auto it = figures.begin(); it != figures.end(); ++it)
        object.insert(it.key(), it.value());
    ClientCountsJson::insert(object, r.clients, ClientCountsJson::Names::Result);
    return object;
}

QJsonObject deadlockJson(const DeadlockRecord& d)
{
    QJsonArray transactions;
    for (const DeadlockRecord::Transaction& trx : d.transactions) {
        transactions.append(QJsonObject { { QStringLiteral("trx_id"), trx.trxId },
            { QStringLiteral("thread_id"), static_cast<double>(trx.threadId) },
            { QStringLiteral("statement"), trx.statement }, { QStringLiteral("waiting_for"), trx.waitingFor },
            { QStringLiteral("waited_row"), trx.waitedRow },
            { QStringLiteral("statement_after_cycle"), trx.statementAfterCycle } });
    }
    return QJsonObject { { QStringLiteral("strategy"), d.strategy }, { QStringLiteral("t_s"), d.elapsedS },
        { QStringLiteral("when"), d.when }, { QStringLiteral("victim"), d.victim },
        { QStringLiteral("transactions"), transactions } };
}

QJsonObject lockSnapshotJson(const LockSnapshot& snapshot)
{
    QJsonArray transactions;
    for (const LockTransaction& trx : snapshot.transactions) {
        transactions.append(QJsonObject { { QStringLiteral("trx_id"), trx.trxId },
            { QStringLiteral("thread_id"), static_cast<double>(trx.threadId) },
            { QStringLiteral("state"), trx.state }, { QStringLiteral("waiting_s"), trx.waitingS },
            { QStringLiteral("statement"), trx.statement }, { QStringLiteral("lock_mode"), trx.lockMode },
            { QStringLiteral("lock_table"), trx.lockTable }, { QStringLiteral("lock_row"), trx.lockRow },
            { QStringLiteral("blocked_by"), QJsonArray::fromStringList(trx.blockedBy) } });
    }
    QJsonArray chains; // each chain's root and how many wait behind it
    for (const BlockingChain& chain : snapshot.blockingChains()) {
        chains.append(QJsonObject { { QStringLiteral("root_trx_id"), chain.rootTrxId },
            { QStringLiteral("waiting_behind"), chain.waitingBehind },
            { QStringLiteral("depth"), chain.depth } });
    }
    QJsonArray ages;
    for (const int count : snapshot.waitAges())
        ages.append(count);
    QJsonObject object { { QStringLiteral("strategy"), snapshot.strategy },
        { QStringLiteral("t_s"), snapshot.elapsedS }, { QStringLiteral("waiting"), snapshot.waitingCount() },
        { QStringLiteral("longest_queue"), snapshot.longestQueue() }, { QStringLiteral("chains"), chains },
        { QStringLiteral("wait_ages"), ages }, { QStringLiteral("transactions"), transactions },
        { QStringLiteral("look_ms"), snapshot.lookMs },
        { QStringLiteral("next_look_after_ms"), snapshot.nextLookAfterMs } };
    if (!snapshot.error.isEmpty())
        object.insert(QStringLiteral("error"), snapshot.error);
    return object;
}

QJsonObject sampleJson(const MetricsSample& s)
{
    QJsonObject object {
        { QStringLiteral("strategy"), s.strategy },
        { QStringLiteral("t_s"), s.elapsedS },
        { QStringLiteral("interval_s"), s.intervalS },
        { QStringLiteral("orders_per_s"), s.ordersPerS },
        { QStringLiteral("attempts_per_s"), s.attemptsPerS },
        { QStringLiteral("p50_ms"), s.p50Ms },
        { QStringLiteral("p95_ms"), s.p95Ms },
        { QStringLiteral("p99_ms"), s.p99Ms },
        { QStringLiteral("max_ms"), s.maxMs },
        { QStringLiteral("client_lock_wait_ms_per_s"), s.clientLockWaitMsPerS },
        { QStringLiteral("row_lock_waits"), counted(s.rowLockWaits) },
        { QStringLiteral("row_lock_time_ms"), counted(s.rowLockTimeMs) },
        { QStringLiteral("waiting_now"), static_cast<double>(s.waitingNow) },
        { QStringLiteral("backlog"), static_cast<double>(s.backlog) },
        { QStringLiteral("deadlocks"), static_cast<double>(s.deadlocks) },
        { QStringLiteral("deadlocks_total"), static_cast<double>(s.deadlocksTotal) },
        { QStringLiteral("server_stats"), s.serverStatsValid },
        { QStringLiteral("audited"), s.audit.valid },
        { QStringLiteral("audit_sold"), static_cast<double>(s.audit.sold) },
        { QStringLiteral("audit_remaining"), static_cast<double>(s.audit.remaining) },
        { QStringLiteral("audit_oversold"), static_cast<double>(s.audit.oversold) },
        { QStringLiteral("audit_lost_updates"), static_cast<double>(s.audit.lostUpdates) },
        { QStringLiteral("audit_negative_skus"), static_cast<double>(s.audit.negativeSkus) },
    };
    ClientCountsJson::insert(object, s.clients, ClientCountsJson::Names::Sample);
    // Every sample has them, so that the CSV's columns (the first row's keys) carry them: only
    // the strategies that keep stock in Redis fill them in.
    object.insert(QStringLiteral("redis_stats"), s.redisStatsValid);
    object.insert(QStringLiteral("redis_commands"), static_cast<double>(s.redisCommands));
    object.insert(QStringLiteral("redis_script_calls"), static_cast<double>(s.redisScriptCalls));
    object.insert(QStringLiteral("redis_script_usec"), static_cast<double>(s.redisScriptUsec));
    // The same for a cluster's figures, summed over its nodes.
    object.insert(QStringLiteral("cluster_stats"), s.clusterStatsValid);
    ClusterCountersJson::insert(object, s.cluster);
    if (!s.nodes.isEmpty())
        object.insert(QStringLiteral("cluster_nodes"), ClusterCountersJson::nodesToJson(s.nodes));
    return object;
}

QJsonObject toJson(const RunInfo& info, const QList<StrategyResult>& results)
{
    QJsonArray strategies;
    for (const StrategyResult& result : results) {
        QJsonArray series;
        for (const MetricsSample& sample : result.series)
            series.append(sampleJson(sample));
        strategies.append(QJsonObject { { QStringLiteral("summary"), summaryJson(result) },
            { QStringLiteral("series"), series },
            { QStringLiteral("experiment"), ExperimentJson::toJson(result.experiment) } });
    }
    return QJsonObject {
        { QStringLiteral("lockbench"), QStringLiteral(LOCKBENCH_VERSION) },
        { QStringLiteral("experiment"), ExperimentJson::toJson(info.experiment) },
        { QStringLiteral("server"),
            QJsonObject { { QStringLiteral("url"), PasswordMask::mask(info.serverUrl) },
                { QStringLiteral("version"), info.serverVersion },
                { QStringLiteral("embedded"), info.embedded } } },
        { QStringLiteral("strategies"), strategies },
        { QStringLiteral("repeats"), RepeatsJson::toJson(repeatSummaries(results)) },
    };
}

bool writeJson(const QString& path, const RunInfo& info, const QList<StrategyResult>& results, QString* error)
{
    return save(path, QJsonDocument(toJson(info, results)).toJson(QJsonDocument::Indented), error);
}

QString summaryCsvPath(const QString& seriesPath)
{
    const QFileInfo file(seriesPath);
    return file.dir().filePath(file.completeBaseName() + QStringLiteral("-summary.csv"));
}

bool writeCsv(const QString& path, const QList<StrategyResult>& results, QString* error)
{
    QList<QJsonObject> samples;
    QList<QJsonObject> summaries;
    qsizetype nodeCount = 0;
    for (const StrategyResult& result : results) {
        summaries.append(summaryJson(result));
        for (const MetricsSample& sample : result.series) {
            samples.append(sampleJson(sample));
            nodeCount = std::max(nodeCount, sample.nodes.size());
        }
    }
    for (QJsonObject& sample : samples)
        ClusterCountersJson::addNodeColumns(sample, static_cast<int>(nodeCount));
    return save(path, csvLines(samples).toUtf8(), error)
        && save(summaryCsvPath(path), csvLines(summaries).toUtf8(), error)
        && save(
            repeatsCsvPath(path), csvLines(RepeatsJson::csvRows(repeatSummaries(results))).toUtf8(), error);
}

QString repeatsCsvPath(const QString& seriesPath)
{
    const QFileInfo file(seriesPath);
    return file.dir().filePath(file.completeBaseName() + QStringLiteral("-repeats.csv"));
}

bool spansServers(const QList<StrategyResult>& results)
{
    return std::any_of(results.begin(), results.end(),
        [&results](const StrategyResult& r) { return r.server != results.first().server; });
}

QList<RepeatSummary> repeatSummaries(const QList<StrategyResult>& results)
{
    // Two servers' runs of one strategy are not repetitions of each other.
    const bool byServer = spansServers(results);
    QList<SourcedResult> rows;
    for (const StrategyResult& result : results)
        rows.append({ byServer ? result.server : QString(), result });
    return RepeatSummary::of(rows);
}

} // namespace ResultWriter
