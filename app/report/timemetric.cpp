#include "app/report/timemetric.h"

#include <QCoreApplication>

#include <cstring>

namespace {

long long errorCount(const MetricsSample& sample, ErrorClass errorClass)
{
    return sample.errors[static_cast<std::size_t>(errorClass)];
}

std::optional<double> errorRate(const MetricsSample& now, const MetricsSample& before, ErrorClass errorClass)
{
    return TimeMetric::ratePerSecond(errorCount(now, errorClass), errorCount(before, errorClass), now.intervalS);
}

// A cluster's counter, summed over its nodes, per second of the interval; nothing off a cluster.
std::optional<double> clusterRate(const MetricsSample& now, long long current, long long before)
{
    if (!now.clusterStatsValid || !(now.intervalS > 0))
        return std::nullopt;
    return TimeMetric::ratePerSecond(current, before, now.intervalS);
}

std::optional<double> serverRate(const MetricsSample& now, long long count)
{
    if (!now.serverStatsValid || !(now.intervalS > 0))
        return std::nullopt;
    return static_cast<double>(count) / now.intervalS;
}

} // namespace

QString TimeMetric::translatedTitle() const
{
    return QCoreApplication::translate("TimeMetric", title);
}

QString TimeMetric::translatedUnit() const
{
    return QCoreApplication::translate("TimeMetric", unit);
}

double TimeMetric::ratePerSecond(long long now, long long before, double intervalS)
{
    return intervalS > 0 ? static_cast<double>(now - before) / intervalS : 0.0;
}

const QList<TimeMetric>& TimeMetric::all()
{
    using S = const MetricsSample&;
    static const QList<TimeMetric> metrics = {
        { "orders-per-second", QT_TRANSLATE_NOOP("TimeMetric", "Orders per second"), QT_TRANSLATE_NOOP("TimeMetric", "orders/s"),
            [](S now, S) -> std::optional<double> { return now.ordersPerS; } },
        { "attempts-per-second", QT_TRANSLATE_NOOP("TimeMetric", "Attempts per second"), QT_TRANSLATE_NOOP("TimeMetric", "attempts/s"),
            [](S now, S) -> std::optional<double> { return now.attemptsPerS; } },
        { "p50", QT_TRANSLATE_NOOP("TimeMetric", "p50"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            [](S now, S) -> std::optional<double> { return now.p50Ms; } },
        { "p95", QT_TRANSLATE_NOOP("TimeMetric", "p95"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            [](S now, S) -> std::optional<double> { return now.p95Ms; } },
        { "p99", QT_TRANSLATE_NOOP("TimeMetric", "p99"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            [](S now, S) -> std::optional<double> { return now.p99Ms; } },
        { "max", QT_TRANSLATE_NOOP("TimeMetric", "max"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            [](S now, S) -> std::optional<double> { return now.maxMs; } },
        { "row-lock-waits", QT_TRANSLATE_NOOP("TimeMetric", "Server row-lock waits per second"), QT_TRANSLATE_NOOP("TimeMetric", "waits/s"),
            [](S now, S) { return serverRate(now, now.rowLockWaits); } },
        { "row-lock-time", QT_TRANSLATE_NOOP("TimeMetric", "Server row-lock time per second"), QT_TRANSLATE_NOOP("TimeMetric", "ms/s"),
            [](S now, S) { return serverRate(now, now.rowLockTimeMs); } },
        { "waiting-now", QT_TRANSLATE_NOOP("TimeMetric", "Transactions waiting for a lock now"), QT_TRANSLATE_NOOP("TimeMetric", "transactions"),
            [](S now, S) -> std::optional<double> {
                if (now.waitingNow < 0)
                    return std::nullopt;
                return static_cast<double>(now.waitingNow);
            } },
        { "client-lock-time", QT_TRANSLATE_NOOP("TimeMetric", "Client time in the locking statement"), QT_TRANSLATE_NOOP("TimeMetric", "ms/s"),
            [](S now, S) -> std::optional<double> { return now.clientLockWaitMsPerS; } },
        { "retries", QT_TRANSLATE_NOOP("TimeMetric", "Retries per second"), QT_TRANSLATE_NOOP("TimeMetric", "retries/s"),
            [](S now, S before) -> std::optional<double> { return ratePerSecond(now.retries, before.retries, now.intervalS); } },
        { "deadlocks", QT_TRANSLATE_NOOP("TimeMetric", "1213 deadlocks per second"), QT_TRANSLATE_NOOP("TimeMetric", "errors/s"),
            [](S now, S before) { return errorRate(now, before, ErrorClass::Deadlock); } },
        { "lock-wait-timeouts", QT_TRANSLATE_NOOP("TimeMetric", "1205 lock wait timeouts per second"), QT_TRANSLATE_NOOP("TimeMetric", "errors/s"),
            [](S now, S before) { return errorRate(now, before, ErrorClass::LockWaitTimeout); } },
        { "redis-commands", QT_TRANSLATE_NOOP("TimeMetric", "Redis commands per second"), QT_TRANSLATE_NOOP("TimeMetric", "commands/s"),
            [](S now, S) -> std::optional<double> {
                if (!now.redisStatsValid || !(now.intervalS > 0))
                    return std::nullopt;
                return static_cast<double>(now.redisCommands) / now.intervalS;
            },
            true },
        { "redis-script-time", QT_TRANSLATE_NOOP("TimeMetric", "Redis time inside a take script"), QT_TRANSLATE_NOOP("TimeMetric", "µs"),
            [](S now, S) -> std::optional<double> {
                if (!now.redisStatsValid || now.redisScriptCalls <= 0)
                    return std::nullopt;
                return static_cast<double>(now.redisScriptUsec) / static_cast<double>(now.redisScriptCalls);
            },
            true },
        { "redis-round-trip", QT_TRANSLATE_NOOP("TimeMetric", "Client round trip of a take script"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            [](S now, S before) -> std::optional<double> {
                const long long trips = now.redisRoundTrips - before.redisRoundTrips;
                if (trips <= 0)
                    return std::nullopt;
                return static_cast<double>(now.redisRoundTripNs - before.redisRoundTripNs) / 1e6 / static_cast<double>(trips);
            },
            true },
        // The cluster tab: throughput beside the aborts that cut it, then what slowed the nodes.
        { "cluster-orders-per-second", QT_TRANSLATE_NOOP("TimeMetric", "Orders per second on the cluster"), QT_TRANSLATE_NOOP("TimeMetric", "orders/s"),
            [](S now, S) -> std::optional<double> {
                if (!now.clusterStatsValid)
                    return std::nullopt;
                return now.ordersPerS;
            },
            true },
        { "commit-aborts", QT_TRANSLATE_NOOP("TimeMetric", "Aborts at COMMIT per second"), QT_TRANSLATE_NOOP("TimeMetric", "aborts/s"),
            [](S now, S before) -> std::optional<double> {
                if (!now.clusterStatsValid)
                    return std::nullopt;
                return errorRate(now, before, ErrorClass::CommitAbort);
            },
            true },
        { "bf-aborts", QT_TRANSLATE_NOOP("TimeMetric", "Brute-force aborts per second"), QT_TRANSLATE_NOOP("TimeMetric", "aborts/s"),
            [](S now, S before) { return clusterRate(now, now.cluster.bfAborts, before.cluster.bfAborts); }, true },
        { "flow-control", QT_TRANSLATE_NOOP("TimeMetric", "Flow control pause"), QT_TRANSLATE_NOOP("TimeMetric", "ms/s"),
            [](S now, S before) -> std::optional<double> {
                const std::optional<double> ns = clusterRate(now, now.cluster.flowControlPausedNs, before.cluster.flowControlPausedNs);
                if (!ns)
                    return std::nullopt;
                return *ns / 1e6;
            },
            true },
    };
    return metrics;
}

const TimeMetric* TimeMetric::find(const char* id)
{
    for (const TimeMetric& metric : all()) {
        if (std::strcmp(metric.id, id) == 0)
            return &metric;
    }
    return nullptr;
}

const QList<TimeMetric::OtherError>& TimeMetric::otherErrors()
{
    static const QList<OtherError> errors = { { ErrorClass::RecordChanged, " 1020", Qt::SolidLine },
        { ErrorClass::LockNowait, " 3572", Qt::DashLine }, { ErrorClass::ConnectionLost, " lost connection", Qt::DotLine } };
    return errors;
}

QString TimeMetric::otherErrorsTitle()
{
    return QCoreApplication::translate("TimeMetric", "Other errors per second");
}
