#include "app/core/fieldlabels.h"

#include "app/core/experimentfields.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <iterator>

namespace FieldLabels {

namespace {

// Built before any translation is installed, so the tables keep the English and translate it
// where it is read, in the language in use then.
struct Label {
    const char* field;
    const char* text;
};

constexpr Label kLabels[] = {
    { "workload", QT_TRANSLATE_NOOP("FieldLabels", "Workload") },
    { "tasks", QT_TRANSLATE_NOOP("FieldLabels", "Claim: tasks") },
    { "claim-timeout", QT_TRANSLATE_NOOP("FieldLabels", "Claim: timeout") },
    { "kill-workers-every", QT_TRANSLATE_NOOP("FieldLabels", "Kill a worker every") },
    { "skus", QT_TRANSLATE_NOOP("FieldLabels", "SKUs") },
    { "stock", QT_TRANSLATE_NOOP("FieldLabels", "Stock per SKU") },
    { "slots", QT_TRANSLATE_NOOP("FieldLabels", "Slots per SKU") },
    { "threads", QT_TRANSLATE_NOOP("FieldLabels", "Clients") },
    { "skew", QT_TRANSLATE_NOOP("FieldLabels", "Skew") },
    { "qty", QT_TRANSLATE_NOOP("FieldLabels", "Quantity") },
    { "stop", QT_TRANSLATE_NOOP("FieldLabels", "Stop at") },
    { "duration", QT_TRANSLATE_NOOP("FieldLabels", "Duration") },
    { "orders", QT_TRANSLATE_NOOP("FieldLabels", "Orders") },
    { "time-limit", QT_TRANSLATE_NOOP("FieldLabels", "Time limit") },
    { "warmup", QT_TRANSLATE_NOOP("FieldLabels", "Warm-up") },
    { "server-wait", QT_TRANSLATE_NOOP("FieldLabels", "Wait for a silent server") },
    { "delay-ms", QT_TRANSLATE_NOOP("FieldLabels", "Delay in transaction, ms") },
    { "rtt-ms", QT_TRANSLATE_NOOP("FieldLabels", "Network round trip, ms") },
    { "isolation", QT_TRANSLATE_NOOP("FieldLabels", "Isolation") },
    { "arrival", QT_TRANSLATE_NOOP("FieldLabels", "Arrival") },
    { "client-io", QT_TRANSLATE_NOOP("FieldLabels", "Client I/O") },
    { "rate", QT_TRANSLATE_NOOP("FieldLabels", "Rate, orders/s") },
    { "seed", QT_TRANSLATE_NOOP("FieldLabels", "Seed") },
    { "batch", QT_TRANSLATE_NOOP("FieldLabels", "Batch (queued, claim)") },
    { "writers", QT_TRANSLATE_NOOP("FieldLabels", "Queued: writers") },
    { "max-retries", QT_TRANSLATE_NOOP("FieldLabels", "Optimistic: max retries") },
    { "sample-ms", QT_TRANSLATE_NOOP("FieldLabels", "Sample every, ms") },
    { "observe", QT_TRANSLATE_NOOP("FieldLabels", "Watch live") },
    { "repeat", QT_TRANSLATE_NOOP("FieldLabels", "Runs of each strategy") },
    { "deadlock-detect", QT_TRANSLATE_NOOP("FieldLabels", "Server: deadlock detection") },
    { "lock-wait-timeout", QT_TRANSLATE_NOOP("FieldLabels", "Server: lock wait timeout, s") },
    { "flush-log", QT_TRANSLATE_NOOP("FieldLabels", "Server: flush log at commit") },
    { "buffer-pool-mb", QT_TRANSLATE_NOOP("FieldLabels", "Server: buffer pool, MiB") },
    { "placement", QT_TRANSLATE_NOOP("FieldLabels", "Cluster: clients per node") },
    { "kill-node", QT_TRANSLATE_NOOP("FieldLabels", "Cluster: take a node down") },
    { "database", QT_TRANSLATE_NOOP("FieldLabels", "Database") },
};

struct ValueLabel {
    const char* field;
    const char* value;
    const char* text[2]; // QT_TRANSLATE_NOOP3: the English and which field it belongs to
};

// In the order the form offers them. "on" and "off" and "as the server has it" are said the
// same for each field that has them, so they carry the field as their disambiguation.
constexpr ValueLabel kValueLabels[] = {
    { "workload", "inventory", QT_TRANSLATE_NOOP3("FieldLabels", "inventory (buy stock)", "workload") },
    { "workload", "claim", QT_TRANSLATE_NOOP3("FieldLabels", "claim (work through tasks)", "workload") },
    { "stop", "duration", QT_TRANSLATE_NOOP3("FieldLabels", "duration", "stop") },
    { "stop", "orders", QT_TRANSLATE_NOOP3("FieldLabels", "a number of orders", "stop") },
    { "stop", "sold-out", QT_TRANSLATE_NOOP3("FieldLabels", "sold out", "stop") },
    { "isolation", "server", QT_TRANSLATE_NOOP3("FieldLabels", "as the server has it", "isolation") },
    { "isolation", "read-uncommitted", QT_TRANSLATE_NOOP3("FieldLabels", "READ UNCOMMITTED", "isolation") },
    { "isolation", "read-committed", QT_TRANSLATE_NOOP3("FieldLabels", "READ COMMITTED", "isolation") },
    { "isolation", "repeatable-read", QT_TRANSLATE_NOOP3("FieldLabels", "REPEATABLE READ", "isolation") },
    { "isolation", "serializable", QT_TRANSLATE_NOOP3("FieldLabels", "SERIALIZABLE", "isolation") },
    { "arrival", "closed",
        QT_TRANSLATE_NOOP3("FieldLabels", "closed loop (each client waits for its reply)", "arrival") },
    { "arrival", "open",
        QT_TRANSLATE_NOOP3("FieldLabels", "open loop (orders arrive at a rate)", "arrival") },
    { "client-io", "auto", QT_TRANSLATE_NOOP3("FieldLabels", "auto (events beyond 4)", "client-io") },
    { "client-io", "threads", QT_TRANSLATE_NOOP3("FieldLabels", "a thread per client", "client-io") },
    { "client-io", "events", QT_TRANSLATE_NOOP3("FieldLabels", "events (epoll)", "client-io") },
    { "deadlock-detect", "server",
        QT_TRANSLATE_NOOP3("FieldLabels", "as the server has it", "deadlock-detect") },
    { "deadlock-detect", "on", QT_TRANSLATE_NOOP3("FieldLabels", "on", "deadlock-detect") },
    { "deadlock-detect", "off", QT_TRANSLATE_NOOP3("FieldLabels", "off", "deadlock-detect") },
    { "flush-log", "-1", QT_TRANSLATE_NOOP3("FieldLabels", "as the server has it", "flush-log") },
    { "flush-log", "0",
        QT_TRANSLATE_NOOP3("FieldLabels", "0: write and flush about once a second", "flush-log") },
    { "flush-log", "1", QT_TRANSLATE_NOOP3("FieldLabels", "1: flush at every commit", "flush-log") },
    { "flush-log", "2",
        QT_TRANSLATE_NOOP3("FieldLabels", "2: write at commit, flush once a second", "flush-log") },
};

// "10s" as ExperimentFields prints it, in the reader's units.
QString durationLabel(const QString& value)
{
    static const QRegularExpression duration(QStringLiteral("^(\\d+)(ms|s|m|h)$"));
    const QRegularExpressionMatch match = duration.match(value);
    if (!match.hasMatch())
        return value;
    const QString unit = match.captured(2);
    //: A duration in an experiment's settings, e.g. 10s
    const QString text = unit == QLatin1String("ms")
        ? QCoreApplication::translate("FieldLabels", "%1ms", "duration")
        : unit == QLatin1String("s") ? QCoreApplication::translate("FieldLabels", "%1s", "duration")
        : unit == QLatin1String("m") ? QCoreApplication::translate("FieldLabels", "%1m", "duration")
                                     : QCoreApplication::translate("FieldLabels", "%1h", "duration");
    return text.arg(match.captured(1));
}

QString skewLabel(const QString& value)
{
    const QStringList parts = value.split(QLatin1Char(':'));
    if (parts.size() == 1 && parts[0] == QLatin1String("uniform"))
        return QCoreApplication::translate("FieldLabels", "uniform", "skew");
    //: The hot-set skew: PERCENT of the orders go to the first SKUS SKUs
    if (parts.size() == 3 && parts[0] == QLatin1String("hotset"))
        return QCoreApplication::translate("FieldLabels", "hotset:%1:%2", "skew").arg(parts[1], parts[2]);
    //: The Zipf skew with its parameter s
    if (parts.size() == 2 && parts[0] == QLatin1String("zipf"))
        return QCoreApplication::translate("FieldLabels", "zipf:%1", "skew").arg(parts[1]);
    return value;
}

// "audit,inspector" as Experiment::observedViews prints it, each view by its name.
QString observeLabel(const QString& value)
{
    struct ViewLabel {
        const char* value;
        const char* text[2];
    };
    static constexpr ViewLabel kViews[] = {
        { "all", QT_TRANSLATE_NOOP3("FieldLabels", "every view", "observe") },
        { "none", QT_TRANSLATE_NOOP3("FieldLabels", "nothing", "observe") },
        { "sampler", QT_TRANSLATE_NOOP3("FieldLabels", "the sampler", "observe") },
        { "audit", QT_TRANSLATE_NOOP3("FieldLabels", "the live audit", "observe") },
        { "inspector", QT_TRANSLATE_NOOP3("FieldLabels", "the lock inspector", "observe") },
        { "deadlocks", QT_TRANSLATE_NOOP3("FieldLabels", "the deadlock reader", "observe") },
    };
    QStringList names;
    for (const QString& view : value.split(QLatin1Char(','))) {
        const auto* found = std::find_if(std::begin(kViews), std::end(kViews),
            [&](const ViewLabel& entry) { return view == QLatin1String(entry.value); });
        names << (found == std::end(kViews)
                ? view
                : QCoreApplication::translate("FieldLabels", found->text[0], found->text[1]));
    }
    //: Between the views the lab watches live, e.g. "the sampler, the lock inspector"
    return names.join(QCoreApplication::translate("FieldLabels", ", ", "observe"));
}

} // namespace

QString label(const QString& field)
{
    for (const Label& entry : kLabels) {
        if (field == QLatin1String(entry.field))
            return QCoreApplication::translate("FieldLabels", entry.text);
    }
    return field;
}

QStringList choices(const QString& field)
{
    QStringList values;
    for (const ValueLabel& entry : kValueLabels) {
        if (field == QLatin1String(entry.field))
            values << QString::fromLatin1(entry.value);
    }
    return values;
}

QString valueLabel(const QString& field, const QString& value)
{
    for (const ValueLabel& entry : kValueLabels) {
        if (field == QLatin1String(entry.field) && value == QLatin1String(entry.value))
            return QCoreApplication::translate("FieldLabels", entry.text[0], entry.text[1]);
    }
    const ExperimentField* known = ExperimentFields::find(field);
    if (known && known->valueName == QLatin1String("time"))
        return durationLabel(value);
    if (field == QLatin1String("skew"))
        return skewLabel(value);
    if (field == QLatin1String("observe"))
        return observeLabel(value);
    if (field == QLatin1String("kill-node") && value == QLatin1String("none"))
        return QCoreApplication::translate("FieldLabels", "never", "kill-node");
    if (field == QLatin1String("placement") && value == QLatin1String("round-robin"))
        return QCoreApplication::translate("FieldLabels", "round robin", "placement");
    return value; // weights such as 1:1:0 read the same in every language
}

} // namespace FieldLabels
