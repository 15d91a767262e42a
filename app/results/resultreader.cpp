#include "app/results/resultreader.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/results/clientcountsjson.h"
#include "app/results/clustercountersjson.h"
#include "app/results/nodefiguresjson.h"
#include "app/results/repeatsjson.h"
#include "strategies/strategyregistry.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

// The experiment a file records. Files without "rtt-ms" were written before the lab simulated
// a network: their shoppers talked to the server over loopback, a round trip of 0.
Experiment recordedExperiment(const QJsonObject& object, QList<FieldError>& problems)
{
    Experiment e = ExperimentJson::fromJson(object, problems);
    if (!object.contains(QStringLiteral("rtt-ms")))
        e.rttMs = 0.0;
    return e;
}

long long integer(const QJsonObject& object, const char* key)
{
    return static_cast<long long>(object.value(QLatin1String(key)).toDouble());
}

// A server count written as null where the server keeps none: -1, "not counted".
long long counted(const QJsonObject& object, const char* key)
{
    const QJsonValue value = object.value(QLatin1String(key));
    return value.isNull() ? -1 : static_cast<long long>(value.toDouble());
}

double real(const QJsonObject& object, const char* key)
{
    return object.value(QLatin1String(key)).toDouble();
}

MetricsSample sample(const QJsonObject& o)
{
    MetricsSample s;
    s.strategy = o.value(QStringLiteral("strategy")).toString();
    s.elapsedS = real(o, "t_s");
    s.intervalS = real(o, "interval_s");
    s.ordersPerS = real(o, "orders_per_s");
    s.attemptsPerS = real(o, "attempts_per_s");
    s.p50Ms = real(o, "p50_ms");
    s.p95Ms = real(o, "p95_ms");
    s.p99Ms = real(o, "p99_ms");
    s.maxMs = real(o, "max_ms");
    s.clientLockWaitMsPerS = real(o, "client_lock_wait_ms_per_s");
    s.rowLockWaits = counted(o, "row_lock_waits");
    s.rowLockTimeMs = counted(o, "row_lock_time_ms");
    s.waitingNow = integer(o, "waiting_now");
    s.backlog = o.contains(QStringLiteral("backlog")) ? integer(o, "backlog") : -1;
    s.deadlocks = integer(o, "deadlocks");
    s.deadlocksTotal = integer(o, "deadlocks_total");
    s.serverStatsValid = o.value(QStringLiteral("server_stats")).toBool();
    s.redisStatsValid = o.value(QStringLiteral("redis_stats")).toBool();
    s.redisCommands = integer(o, "redis_commands");
    s.redisScriptCalls = integer(o, "redis_script_calls");
    s.redisScriptUsec = integer(o, "redis_script_usec");
    s.audit.valid = o.value(QStringLiteral("audited")).toBool();
    s.audit.sold = integer(o, "audit_sold");
    s.audit.remaining = integer(o, "audit_remaining");
    s.audit.oversold = integer(o, "audit_oversold");
    s.audit.lostUpdates = integer(o, "audit_lost_updates");
    s.audit.negativeSkus = integer(o, "audit_negative_skus");
    s.clusterStatsValid = o.value(QStringLiteral("cluster_stats")).toBool();
    s.cluster = ClusterCountersJson::read(o);
    s.nodes = ClusterCountersJson::nodesFromJson(o.value(QStringLiteral("cluster_nodes")).toArray());
    s.clients = ClientCountsJson::read(o, ClientCountsJson::Names::Sample);
    return s;
}

DeadlockRecord deadlock(const QJsonObject& o)
{
    DeadlockRecord d;
    d.strategy = o.value(QStringLiteral("strategy")).toString();
    d.elapsedS = real(o, "t_s");
    d.when = o.value(QStringLiteral("when")).toString();
    d.victim = o.value(QStringLiteral("victim")).toInt();
    for (const QJsonValue& value : o.value(QStringLiteral("transactions")).toArray()) {
        const QJsonObject t = value.toObject();
        d.transactions.append({ t.value(QStringLiteral("trx_id")).toString(), integer(t, "thread_id"),
            t.value(QStringLiteral("statement")).toString(),
            t.value(QStringLiteral("waiting_for")).toString(),
            t.value(QStringLiteral("waited_row")).toString() });
    }
    return d;
}

// What the strategy did and what the audit found, as outcomeJson wrote it.
void readOutcome(const QJsonObject& o, StrategyResult& r)
{
    r.strategy = o.value(QStringLiteral("strategy")).toString();
    r.server = o.value(QStringLiteral("server")).toString();
    r.safe = o.value(QStringLiteral("safe")).toBool(true);
    // Files written before the field was: the strategy's own layout, when the lab knows it.
    r.stockInFront = o.contains(QStringLiteral("stock_in_front"))
        ? o.value(QStringLiteral("stock_in_front")).toBool()
        : StrategyRegistry::traitsOf(r.strategy).layout == StockLayout::Redis;
    r.error = o.value(QStringLiteral("error")).toString();
    r.auditIncomplete = o.value(QStringLiteral("audit_incomplete")).toString();
    r.stopReason = stopReasonFromKey(o.value(QStringLiteral("stop_reason")).toString())
                       .value_or(StopReason::NotStopped);
    r.repetition = o.value(QStringLiteral("repetition")).toInt(1);
    r.durationS = real(o, "duration_s");
    r.measuredFromS = real(o, "measured_from_s");
    r.soldOutS = o.value(QStringLiteral("sold_out_s")).toDouble(-1.0);
    r.lateOrders = integer(o, "late_orders");
    r.attemptsAfterSoldOut = integer(o, "attempts_after_sold_out");
    r.lockWaitsAfterSoldOut = counted(o, "lock_waits_after_sold_out");
    r.sold = integer(o, "sold");
    r.remaining = integer(o, "remaining");
    r.oversold = integer(o, "oversold");
    r.lostUpdates = integer(o, "lost_updates");
    r.unrecordedDecrements = integer(o, "unrecorded_decrements");
    r.orderRows = integer(o, "order_rows");
    for (const QJsonValue& value : o.value(QStringLiteral("invariants")).toArray()) {
        const QJsonObject check = value.toObject();
        r.invariants << InvariantCheck { check.value(QStringLiteral("name")).toString(),
            integer(check, "rows"), check.value(QStringLiteral("first_row")).toString() };
    }
    r.acknowledgedMissing = integer(o, "acknowledged_missing");
    r.strangerRows = integer(o, "stranger_rows");
    r.workersKilled = integer(o, "workers_killed");
    r.strandedTasks
        = o.value(QStringLiteral("tasks_stranded")).isDouble() ? integer(o, "tasks_stranded") : -1;
}

// Its rates and latencies, and what explains them, as figuresJson wrote them.
void readFigures(const QJsonObject& o, StrategyResult& r)
{
    r.ordersPerS = real(o, "orders_per_s");
    r.attemptsPerS = real(o, "attempts_per_s");
    r.p50Ms = real(o, "p50_ms");
    r.p95Ms = real(o, "p95_ms");
    r.p99Ms = real(o, "p99_ms");
    r.maxMs = real(o, "max_ms");
    r.clientLockWaitS = real(o, "client_lock_wait_s");
    r.lockWaits = counted(o, "lock_waits");
    r.lockTimeMs = counted(o, "lock_time_ms");
    r.deadlocks = integer(o, "deadlocks");
    r.lockWaitTimeouts = integer(o, "lock_wait_timeouts");
    r.lateDeadlocks = integer(o, "late_deadlocks");
    r.lockHoldMs = real(o, "lock_hold_ms");
    r.measuredLockHolds = integer(o, "lock_holds");
    r.queueWaitMs = real(o, "queue_wait_ms");
    r.clientCpuS = o.value(QStringLiteral("client_cpu_s")).toDouble(-1.0);
    r.serverCpuS = o.value(QStringLiteral("server_cpu_s")).toDouble(-1.0);
    r.cpuWallS = real(o, "cpu_wall_s");
    r.cores = o.value(QStringLiteral("cores")).toInt();
}

StrategyResult result(const QJsonObject& entry, QString* error)
{
    const QJsonObject o = entry.value(QStringLiteral("summary")).toObject();
    StrategyResult r;
    readOutcome(o, r);
    readFigures(o, r);
    r.clients = ClientCountsJson::read(o, ClientCountsJson::Names::Result);
    r.predictedOrdersPerS = o.value(QStringLiteral("predicted_orders_per_s")).toDouble(-1.0);
    r.predictedBound = o.value(QStringLiteral("predicted_bound")).toString();
    r.windowClients = ClientCountsJson::read(
        o.value(QStringLiteral("window_counts")).toObject(), ClientCountsJson::Names::Sample);
    for (const QJsonValue& message : o.value(QStringLiteral("error_messages")).toArray())
        r.errorMessages << message.toString();
    const QJsonObject knobs = o.value(QStringLiteral("knobs")).toObject();
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        r.knobs.insert(it.key(), it.value().toString());
    r.longestLockQueue = o.value(QStringLiteral("longest_lock_queue")).toInt();
    r.inspectorError = o.value(QStringLiteral("lock_inspector_error")).toString();
    r.deadlockAccount = DeadlockAccount::fromJson(o.value(QStringLiteral("deadlock_account")).toObject());
    r.observing = ObservingCost::fromJson(o.value(QStringLiteral("observing")).toObject());
    for (const QJsonValue& value : o.value(QStringLiteral("deadlock_records")).toArray())
        r.deadlockRecords.append(deadlock(value.toObject()));
    r.nodes = NodeFiguresJson::fromJson(o.value(QStringLiteral("nodes")).toArray());
    for (const QJsonValue& value : entry.value(QStringLiteral("series")).toArray())
        r.series.append(sample(value.toObject()));
    QList<FieldError> problems;
    r.experiment = recordedExperiment(entry.value(QStringLiteral("experiment")).toObject(), problems);
    if (!problems.isEmpty())
        *error = QCoreApplication::translate("ResultReader", "strategy %1: experiment field %2: %3")
                     .arg(r.strategy, problems.first().field, problems.first().message);
    return r;
}

} // namespace

namespace ResultReader {

std::optional<RunFile> fromJson(const QJsonObject& root, QString* error)
{
    if (!root.contains(QStringLiteral("strategies")) || !root.value(QStringLiteral("strategies")).isArray()) {
        *error = QCoreApplication::translate(
            "ResultReader", "not a lockbench results file (no \"strategies\" list)");
        return std::nullopt;
    }
    RunFile file;
    QList<FieldError> problems;
    file.info.experiment = recordedExperiment(root.value(QStringLiteral("experiment")).toObject(), problems);
    if (!problems.isEmpty()) {
        *error = QCoreApplication::translate("ResultReader", "experiment field %1: %2")
                     .arg(problems.first().field, problems.first().message);
        return std::nullopt;
    }
    const QJsonObject server = root.value(QStringLiteral("server")).toObject();
    file.info.serverUrl = server.value(QStringLiteral("url")).toString();
    file.info.serverVersion = server.value(QStringLiteral("version")).toString();
    file.info.embedded = server.value(QStringLiteral("embedded")).toBool();
    for (const QJsonValue& entry : root.value(QStringLiteral("strategies")).toArray()) {
        QString entryError;
        file.results.append(result(entry.toObject(), &entryError));
        if (!entryError.isEmpty()) {
            *error = entryError;
            return std::nullopt;
        }
    }
    file.repeats = RepeatsJson::fromJson(root.value(QStringLiteral("repeats")).toArray());
    return file;
}

std::optional<RunFile> load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error
            = QCoreApplication::translate("ResultReader", "cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = QCoreApplication::translate("ResultReader", "%1 is not a lockbench results file: %2")
                     .arg(path, parseError.errorString());
        return std::nullopt;
    }
    std::optional<RunFile> run = fromJson(document.object(), error);
    if (!run)
        *error = QStringLiteral("%1: %2").arg(path, *error);
    return run;
}

} // namespace ResultReader
