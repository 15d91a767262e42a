#include "app/core/experimentfields.h"

#include "app/core/fieldtext.h"
#include "app/core/observingcost.h"
#include "app/core/ordermixtext.h"
#include "app/core/quotedvalue.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>
#include <QSaveFile>

#include <cmath>
#include <limits>

namespace {

using FieldText::hasSpaceAround;
using FieldText::notWhole;
using FieldText::parseDouble;
using FieldText::parseEnum;
using FieldText::parseInt;
using FieldText::printDouble;
using FieldText::spaceAround;
using QuotedValue::quoted;

using OrderMixText::parseQty;
using OrderMixText::parseSkew;
using OrderMixText::printQty;
using OrderMixText::printSkew;

QString parseDurationField(const QString& text, std::int64_t& out)
{
    const auto ms = ExperimentFields::parseDurationMs(text);
    if (!ms)
        return QCoreApplication::translate(
            "ExperimentFields", "%1 is not a duration such as 10s, 500ms or 2m")
            .arg(quoted(text));
    out = *ms;
    return {};
}

QString parseKillNode(Experiment& e, const QString& text)
{
    if (text == QLatin1String("none")) {
        e.killNode = 0;
        e.killNodeAtMs = 0;
        return {};
    }
    const QStringList parts = text.split(QLatin1Char('@'));
    int node = 0;
    const std::optional<std::int64_t> atMs
        = parts.size() == 2 ? ExperimentFields::parseDurationMs(parts[1]) : std::nullopt;
    if (parts.size() != 2 || !parseInt(parts[0], node).isEmpty() || !atMs)
        return QCoreApplication::translate(
            "ExperimentFields", "must be none or NODE@TIME, e.g. 2@5s (got %1)")
            .arg(quoted(text));
    if (node < 2 || node > 9)
        return QCoreApplication::translate(
            "ExperimentFields", "the node must be 2 to 9: node 1 carries the lab's own connection (got %1)")
            .arg(quoted(text));
    if (*atMs < 100 || *atMs > 3600LL * 1000)
        return QCoreApplication::translate("ExperimentFields", "the time must be 100ms to 1h (got %1)")
            .arg(quoted(text));
    e.killNode = node;
    e.killNodeAtMs = *atMs;
    return {};
}

// orders, duration and rate count only under one stop condition or arrival mode, so
// validateExperiment() checks them only then. The command line refuses them outright there
// (unusedIn), but an experiment file carries every key, as --save-experiment and the result
// files write them: a value it would refuse in its mode is refused when it is set all the same,
// rather than kept for the day the mode is switched on; the range itself stays in
// validateExperiment(), asked about a copy switched to that mode. No strategy's own rules are
// asked for: none of them concerns these fields.
template <typename Value>
QString parseAsIn(Experiment& e, const QString& text, Value Experiment::*member,
    QString (*parse)(const QString&, Value&), const QString& field, void (*switchMode)(Experiment&))
{
    Experiment probe = e;
    switchMode(probe);
    if (const QString error = parse(text, probe.*member); !error.isEmpty())
        return error;
    for (const FieldError& error : validateExperiment(probe, StrategyNeeds {})) {
        if (error.field == field)
            return error.message;
    }
    e.*member = probe.*member;
    return {};
}

const QList<ExperimentField> kFields = {
    { QStringLiteral("workload"), QStringLiteral("kind"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "inventory (clients buy stock from SKUs) or claim (workers claim batches of tasks from one table "
            "and complete them)."),
        [](Experiment& e, const QString& t) {
            return parseEnum(
                t, e.workload, std::array { WorkloadKind::Inventory, WorkloadKind::Claim }, workloadName);
        },
        [](const Experiment& e) { return workloadName(e.workload); } },
    { QStringLiteral("skus"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Number of SKUs (1..1,000,000)."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.skus); },
        [](const Experiment& e) { return QString::number(e.skus); },
        { QStringLiteral("workload"), { QStringLiteral("inventory") } } },
    { QStringLiteral("stock"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Initial stock of every SKU."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.initialStock); },
        [](const Experiment& e) { return QString::number(e.initialStock); },
        { QStringLiteral("workload"), { QStringLiteral("inventory") } } },
    { QStringLiteral("slots"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Slot rows per SKU for the slotted strategies (1..1024)."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.slotsPerSku); },
        [](const Experiment& e) { return QString::number(e.slotsPerSku); },
        { QStringLiteral("workload"), { QStringLiteral("inventory") } } },
    { QStringLiteral("threads"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Clients, one connection each (1..20,000; 1..1,024 with --client-io threads)."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.threads); },
        [](const Experiment& e) { return QString::number(e.threads); } },
    { QStringLiteral("skew"), QStringLiteral("spec"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Access skew: uniform, hotset:PERCENT:SKUS (PERCENT of orders on the first SKUS) or zipf:S."),
        parseSkew, printSkew, { QStringLiteral("workload"), { QStringLiteral("inventory") } } },
    { QStringLiteral("qty"), QStringLiteral("n|lo-hi"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Quantity per order, fixed or a uniform range."), parseQty,
        printQty, { QStringLiteral("workload"), { QStringLiteral("inventory") } } },
    { QStringLiteral("stop"), QStringLiteral("kind"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Stop condition: duration, orders or sold-out."),
        [](Experiment& e, const QString& t) {
            return parseEnum(
                t, e.stop, std::array { StopKind::Duration, StopKind::Orders, StopKind::SoldOut }, stopName);
        },
        [](const Experiment& e) { return stopName(e.stop); } },
    { QStringLiteral("duration"), QStringLiteral("time"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Run length for --stop duration, e.g. 10s, 500ms, 2m."),
        [](Experiment& e, const QString& t) {
            return parseAsIn(e, t, &Experiment::durationMs, parseDurationField, QStringLiteral("duration"),
                [](Experiment& probe) { probe.stop = StopKind::Duration; });
        },
        [](const Experiment& e) { return ExperimentFields::formatDurationMs(e.durationMs); },
        { QStringLiteral("stop"), { QStringLiteral("duration") } } },
    { QStringLiteral("orders"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Total orders for --stop orders."),
        [](Experiment& e, const QString& t) {
            return parseAsIn(e, t, &Experiment::totalOrders, parseInt<std::int64_t>, QStringLiteral("orders"),
                [](Experiment& probe) { probe.stop = StopKind::Orders; });
        },
        [](const Experiment& e) { return QString::number(e.totalOrders); },
        { QStringLiteral("stop"), { QStringLiteral("orders") } } },
    { QStringLiteral("time-limit"), QStringLiteral("time"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Longest a strategy may run under --stop orders or sold-out."),
        [](Experiment& e, const QString& t) { return parseDurationField(t, e.timeLimitMs); },
        [](const Experiment& e) { return ExperimentFields::formatDurationMs(e.timeLimitMs); },
        { QStringLiteral("stop"), { QStringLiteral("orders"), QStringLiteral("sold-out") } } },
    { QStringLiteral("warmup"), QStringLiteral("time"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Warm-up at the start of each strategy, left out of rates, latencies and lock figures."),
        [](Experiment& e, const QString& t) { return parseDurationField(t, e.warmupMs); },
        [](const Experiment& e) { return ExperimentFields::formatDurationMs(e.warmupMs); } },
    { QStringLiteral("server-wait"), QStringLiteral("time"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "How long a run waits for a server that stopped answering (paused, restarting) before it calls "
            "it lost."),
        [](Experiment& e, const QString& t) { return parseDurationField(t, e.serverWaitMs); },
        [](const Experiment& e) { return ExperimentFields::formatDurationMs(e.serverWaitMs); } },
    { QStringLiteral("delay-ms"), QStringLiteral("ms"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Client work inside each transaction while it holds its locks (a call to another service, say)."),
        [](Experiment& e, const QString& t) { return parseDouble(t, e.delayMs); },
        [](const Experiment& e) { return printDouble(e.delayMs); } },
    { QStringLiteral("rtt-ms"), QStringLiteral("ms"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Network round trip between shopper and server, crossed by every statement; locks stay held "
            "across it."),
        [](Experiment& e, const QString& t) { return parseDouble(t, e.rttMs); },
        [](const Experiment& e) { return printDouble(e.rttMs); } },
    { QStringLiteral("isolation"), QStringLiteral("level"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Transaction isolation: server (the engine's own default: repeatable-read on InnoDB, "
            "read-committed on PostgreSQL), read-uncommitted, read-committed, repeatable-read or "
            "serializable."),
        [](Experiment& e, const QString& t) {
            return parseEnum(t, e.isolation,
                std::array { Isolation::ServerDefault, Isolation::ReadUncommitted, Isolation::ReadCommitted,
                    Isolation::RepeatableRead, Isolation::Serializable },
                isolationName);
        },
        [](const Experiment& e) { return isolationName(e.isolation); } },
    { QStringLiteral("arrival"), QStringLiteral("mode"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "closed (each client waits for its order) or open (orders arrive at --rate; latency counts from "
            "the intended start)."),
        [](Experiment& e, const QString& t) {
            return parseEnum(
                t, e.arrival, std::array { ArrivalMode::Closed, ArrivalMode::Open }, arrivalName);
        },
        [](const Experiment& e) { return arrivalName(e.arrival); } },
    { QStringLiteral("client-io"), QStringLiteral("mode"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "How clients wait for the server: threads (an OS thread each), events (a few threads drive every "
            "connection through non-blocking calls and epoll) or auto (threads up to 4 clients)."),
        [](Experiment& e, const QString& t) {
            return parseEnum(t, e.clientIo,
                std::array { ClientIo::Auto, ClientIo::Threads, ClientIo::Events }, clientIoName);
        },
        [](const Experiment& e) { return clientIoName(e.clientIo); } },
    { QStringLiteral("rate"), QStringLiteral("orders/s"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Target arrival rate for --arrival open."),
        [](Experiment& e, const QString& t) {
            return parseAsIn(e, t, &Experiment::rate, parseDouble, QStringLiteral("rate"),
                [](Experiment& probe) { probe.arrival = ArrivalMode::Open; });
        },
        [](const Experiment& e) { return printDouble(e.rate); },
        { QStringLiteral("arrival"), { QStringLiteral("open") } } },
    { QStringLiteral("seed"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Random seed; the same seed replays the same order stream."),
        [](Experiment& e, const QString& t) {
            bool ok = false;
            const qulonglong value = t.toULongLong(&ok);
            if (!ok)
                return notWhole(t);
            e.seed = value;
            return QString();
        },
        [](const Experiment& e) { return QString::number(e.seed); } },
    { QStringLiteral("batch"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Queued strategy: at most this many orders of one SKU committed per transaction (1..1000; "
            "default 16, 1 for no "
            "batching). Claim workload: tasks a worker claims at once (1..100)."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.batch); },
        [](const Experiment& e) { return QString::number(e.batch); } },
    { QStringLiteral("tasks"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Claim workload: pending tasks in the table when the run starts (1..10,000,000)."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.tasks); },
        [](const Experiment& e) { return QString::number(e.tasks); },
        { QStringLiteral("workload"), { QStringLiteral("claim") } } },
    { QStringLiteral("claim-timeout"), QStringLiteral("time"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Claim workload: a claim older than this is given back by claim-update's sweeper (a worker that "
            "died keeps none)."),
        [](Experiment& e, const QString& t) { return parseDurationField(t, e.claimTimeoutMs); },
        [](const Experiment& e) { return ExperimentFields::formatDurationMs(e.claimTimeoutMs); },
        { QStringLiteral("workload"), { QStringLiteral("claim") } } },
    { QStringLiteral("kill-workers-every"), QStringLiteral("time"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Kill one client's connection this often (KILL CONNECTION), as a worker dying mid-batch; 0 for "
            "never."),
        [](Experiment& e, const QString& t) { return parseDurationField(t, e.killWorkersEveryMs); },
        [](const Experiment& e) { return ExperimentFields::formatDurationMs(e.killWorkersEveryMs); }, {},
        ServerScope::OneServer },
    { QStringLiteral("writers"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP(
            "ExperimentFields", "Queued strategy: writer connections draining the per-SKU queues (1..256)."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.writers); },
        [](const Experiment& e) { return QString::number(e.writers); } },
    { QStringLiteral("max-retries"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Optimistic strategy: version conflicts before an order gives up; pessimistic-nowait: refusals, "
            "when more than 200."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.maxRetries); },
        [](const Experiment& e) { return QString::number(e.maxRetries); } },
    { QStringLiteral("sample-ms"), QStringLiteral("ms"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Metrics sampling interval (50..10000)."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.sampleIntervalMs); },
        [](const Experiment& e) { return QString::number(e.sampleIntervalMs); } },
    { QStringLiteral("observe"), QStringLiteral("views"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "What the lab watches live on the server: all, none, or a comma list of sampler (its lock "
            "counters each sample), audit (the live oversell audit), inspector (the lock inspector) and "
            "deadlocks (the deadlock reader). The counts at the stop line, the closing audit and the "
            "deadlocks found after the stop are taken whatever it says."),
        [](Experiment& e, const QString& t) { return ObservingCost::parseViews(t, e.observedViews); },
        [](const Experiment& e) { return ObservingCost::viewsText(e.observedViews); } },
    { QStringLiteral("repeat"), QStringLiteral("n"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "Runs of each strategy (1..100), interleaved with the others, each on fresh data; figures are "
            "reported as the median with its spread."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.repeat); },
        [](const Experiment& e) { return QString::number(e.repeat); } },
    { QStringLiteral("deadlock-detect"), QStringLiteral("on|off|server"),
        QT_TRANSLATE_NOOP(
            "ExperimentFields", "innodb_deadlock_detect during the run; server leaves it as it is."),
        [](Experiment& e, const QString& t) {
            return parseEnum(t, e.deadlockDetect,
                std::array { KnobSwitch::Server, KnobSwitch::On, KnobSwitch::Off }, knobSwitchName);
        },
        [](const Experiment& e) { return knobSwitchName(e.deadlockDetect); }, {}, ServerScope::InnoDb },
    { QStringLiteral("lock-wait-timeout"), QStringLiteral("s"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "innodb_lock_wait_timeout of every worker, in seconds; 0 keeps the server's."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.lockWaitTimeoutS); },
        [](const Experiment& e) { return QString::number(e.lockWaitTimeoutS); } },
    { QStringLiteral("flush-log"), QStringLiteral("0|1|2|-1"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "innodb_flush_log_at_trx_commit during the run (embedded server only); -1 keeps the server's."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.flushLogAtCommit); },
        [](const Experiment& e) { return QString::number(e.flushLogAtCommit); }, {},
        ServerScope::LabsOwn | ServerScope::InnoDb },
    { QStringLiteral("buffer-pool-mb"), QStringLiteral("MiB"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "innodb_buffer_pool_size during the run (embedded server only, resized online); 0 keeps the "
            "server's."),
        [](Experiment& e, const QString& t) { return parseInt(t, e.bufferPoolMb); },
        [](const Experiment& e) { return QString::number(e.bufferPoolMb); }, {},
        ServerScope::LabsOwn | ServerScope::InnoDb },
    { QStringLiteral("placement"), QStringLiteral("how"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "On a cluster, how the clients are spread over its nodes: round-robin, or a weight per node "
            "such as 1:1:0 (1:0:0 puts every client on node 1)."),
        [](Experiment& e, const QString& t) {
            QString error;
            const std::optional<Placement> placement = Placement::parse(t, &error);
            if (placement)
                e.placement = *placement;
            return error;
        },
        [](const Experiment& e) { return e.placement.text(); }, {}, ServerScope::Cluster },
    { QStringLiteral("kill-node"), QStringLiteral("N@time"),
        QT_TRANSLATE_NOOP("ExperimentFields",
            "On a cluster, take node N down this far into each strategy's run, e.g. 2@5s: the lab's own "
            "nodes are killed (SIGKILL), a server's by SHUTDOWN; none for never. Node 1 carries the lab's "
            "own "
            "connection and stays."),
        [](Experiment& e, const QString& t) { return parseKillNode(e, t); },
        [](const Experiment& e) {
            return e.killNode == 0 ? QStringLiteral("none")
                                   : QStringLiteral("%1@%2")
                                         .arg(e.killNode)
                                         .arg(ExperimentFields::formatDurationMs(e.killNodeAtMs));
        },
        {}, ServerScope::Cluster },
    { QStringLiteral("database"), QStringLiteral("name"),
        QT_TRANSLATE_NOOP("ExperimentFields", "Database the lab owns on the server."),
        [](Experiment& e, const QString& t) {
            e.database = t;
            return QString();
        },
        [](const Experiment& e) { return e.database; } },
};

} // namespace

QString FieldHelp::text() const
{
    return QCoreApplication::translate("ExperimentFields", source);
}

namespace ExperimentFields {

bool isNumeric(const QString& name)
{
    static const QStringList numeric = { QStringLiteral("skus"), QStringLiteral("stock"),
        QStringLiteral("slots"), QStringLiteral("threads"), QStringLiteral("orders"),
        QStringLiteral("delay-ms"), QStringLiteral("rtt-ms"), QStringLiteral("rate"), QStringLiteral("seed"),
        QStringLiteral("batch"), QStringLiteral("tasks"), QStringLiteral("writers"),
        QStringLiteral("max-retries"), QStringLiteral("sample-ms"), QStringLiteral("repeat"),
        QStringLiteral("lock-wait-timeout"), QStringLiteral("flush-log"), QStringLiteral("buffer-pool-mb") };
    return numeric.contains(name);
}

FieldError unknownField(const QString& name)
{
    return { name.isEmpty() ? QStringLiteral("\"\"") : QuotedValue::shortened(name),
        QCoreApplication::translate("ExperimentFields", "is not an experiment field") };
}

const QList<ExperimentField>& all()
{
    return kFields;
}

const ExperimentField* find(const QString& name)
{
    for (const ExperimentField& field : kFields) {
        if (field.name == name)
            return &field;
    }
    return nullptr;
}

std::optional<FieldError> set(Experiment& experiment, const QString& name, const QString& text)
{
    const ExperimentField* field = find(name);
    if (!field)
        return unknownField(name);
    if (hasSpaceAround(text))
        return FieldError { name, spaceAround(text) };
    const QString error = field->parse(experiment, text);
    if (error.isEmpty())
        return std::nullopt;
    return FieldError { name, error };
}

std::optional<FieldCondition> unusedIn(const QString& name, const Experiment& experiment)
{
    const ExperimentField* field = find(name);
    if (!field || field->countsOnlyWith.field.isEmpty())
        return std::nullopt;
    const ExperimentField* controlling = find(field->countsOnlyWith.field);
    if (controlling && field->countsOnlyWith.values.contains(controlling->print(experiment)))
        return std::nullopt;
    return field->countsOnlyWith;
}

std::optional<std::int64_t> parseDurationMs(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|min)?$"));
    const QRegularExpressionMatch match = pattern.match(text.toLower());
    if (!match.hasMatch())
        return std::nullopt;
    const double value = match.captured(1).toDouble();
    const QString unit = match.captured(2);
    double factor = 1000.0;
    if (unit == QLatin1String("ms"))
        factor = 1.0;
    else if (unit == QLatin1String("m") || unit == QLatin1String("min"))
        factor = 60'000.0;
    else if (unit == QLatin1String("h"))
        factor = 3'600'000.0;
    const double ms = value * factor;
    if (ms > 1e15)
        return std::nullopt;
    return static_cast<std::int64_t>(std::llround(ms));
}

QString formatDurationMs(std::int64_t ms)
{
    if (ms % 3'600'000 == 0 && ms > 0)
        return QStringLiteral("%1h").arg(ms / 3'600'000);
    if (ms % 60'000 == 0 && ms > 0)
        return QStringLiteral("%1m").arg(ms / 60'000);
    if (ms % 1000 == 0)
        return QStringLiteral("%1s").arg(ms / 1000);
    return QStringLiteral("%1ms").arg(ms);
}

} // namespace ExperimentFields
