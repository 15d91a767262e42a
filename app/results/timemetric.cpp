#include "app/results/timemetric.h"

#include "app/core/resultfigures.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <iterator>

namespace {

long long errorCount(const MetricsSample& sample, ErrorClass errorClass)
{
    return sample.clients.error(errorClass);
}

std::optional<double> errorRate(const MetricsSample& now, const MetricsSample& before, ErrorClass errorClass)
{
    return TimeMetric::ratePerSecond(
        errorCount(now, errorClass), errorCount(before, errorClass), now.intervalS);
}

// A node's counter per second of the interval.
std::optional<double> nodeRate(long long now, long long before, double intervalS)
{
    if (!(intervalS > 0))
        return std::nullopt;
    return TimeMetric::ratePerSecond(now, before, intervalS);
}

// A figure of the sample as its row reads it: nothing where the row says it went unmeasured.
template <typename Record> std::optional<double> reading(const Figure<Record>& row, const Record& record)
{
    const double value = row.get(record);
    const bool canBeUnmeasured = row.unmeasured == Unmeasured::Null || row.unmeasured == Unmeasured::MinusOne;
    if (canBeUnmeasured && value < 0)
        return std::nullopt;
    return value;
}

// A chart of one of the sample's figures, drawn as the files keep it.
template <auto Member> std::optional<double> sampled(const MetricsSample& now, const MetricsSample&)
{
    static const Figure<MetricsSample>* const row = figureOf<Member>(sampleFigures());
    return reading(*row, now);
}

// A server's count over the interval, per second; nothing where the server did not count it.
template <auto Member> std::optional<double> serverRate(const MetricsSample& now, const MetricsSample&)
{
    static const Figure<MetricsSample>* const row = figureOf<Member>(sampleFigures());
    const std::optional<double> count = reading(*row, now);
    if (!now.serverStatsValid || !(now.intervalS > 0) || !count)
        return std::nullopt;
    return *count / now.intervalS;
}

// A node's Galera figure as it stands at the sample.
template <auto Member>
std::optional<double> nodeLevel(const ClusterCounters& now, const ClusterCounters&, double)
{
    static const Figure<ClusterCounters>* const row = figureOf<Member>(clusterCounterFigures());
    return reading(*row, now);
}

// A node's Galera counter over the interval, per second.
template <auto Member>
std::optional<double> nodeCounterRate(
    const ClusterCounters& now, const ClusterCounters& before, double intervalS)
{
    static const Figure<ClusterCounters>* const row = figureOf<Member>(clusterCounterFigures());
    return nodeRate(
        static_cast<long long>(row->get(now)), static_cast<long long>(row->get(before)), intervalS);
}

} // namespace

QList<TimeMetric::Point> TimeMetric::points(const MetricsSample& now, const MetricsSample& before) const
{
    QList<Point> points;
    if (!nodeValue) {
        if (const std::optional<double> y = value(now, before))
            points.append({ 0, *y });
        return points;
    }
    if (!now.clusterStatsValid)
        return points;
    for (qsizetype i = 0; i < now.nodes.size(); ++i) {
        if (!now.nodes[i].answered)
            continue; // a node taken down draws no line from then on
        if (const std::optional<double> y = nodeValue(now.nodes[i], before.nodes.value(i), now.intervalS))
            points.append({ static_cast<int>(i + 1), *y });
    }
    return points;
}

TimeMetric TimeMetric::onLiveLine(const char* format, int decimals, const char* forClaims) const
{
    TimeMetric shown = *this;
    shown.live = format;
    shown.liveDecimals = decimals;
    shown.liveForClaims = forClaims;
    return shown;
}

QString TimeMetric::liveText(const MetricsSample& now, const MetricsSample& before, bool claims) const
{
    if (!live || !value)
        return {};
    const std::optional<double> y = value(now, before);
    if (!y)
        return {};
    const char* format = claims && liveForClaims ? liveForClaims : live;
    return QCoreApplication::translate("TimeMetric", format).arg(*y, 0, 'f', liveDecimals);
}

Qt::PenStyle TimeMetric::nodeStyle(int node)
{
    static constexpr Qt::PenStyle kStyles[]
        = { Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine };
    return kStyles[static_cast<std::size_t>(std::max(0, node - 1)) % std::size(kStyles)];
}

QString TimeMetric::nodeSuffix(int node)
{
    return QCoreApplication::translate("TimeMetric", " · node %1").arg(node);
}

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
    using N = const ClusterCounters&;
    static const QList<TimeMetric> metrics = {
        TimeMetric { "orders-per-second", QT_TRANSLATE_NOOP("TimeMetric", "Orders per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "orders/s"), &sampled<&MetricsSample::ordersPerS> }
            .onLiveLine(QT_TRANSLATE_NOOP("TimeMetric", "%1 orders/s"), 0,
                QT_TRANSLATE_NOOP("TimeMetric", "%1 tasks/s")),
        TimeMetric { "attempts-per-second", QT_TRANSLATE_NOOP("TimeMetric", "Attempts per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "attempts/s"), &sampled<&MetricsSample::attemptsPerS> }
            .onLiveLine(QT_TRANSLATE_NOOP("TimeMetric", "attempts %1/s"), 0,
                QT_TRANSLATE_NOOP("TimeMetric", "batches %1/s")),
        { "p50", QT_TRANSLATE_NOOP("TimeMetric", "p50"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            &sampled<&MetricsSample::p50Ms> },
        { "p95", QT_TRANSLATE_NOOP("TimeMetric", "p95"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            &sampled<&MetricsSample::p95Ms> },
        TimeMetric { "p99", QT_TRANSLATE_NOOP("TimeMetric", "p99"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            &sampled<&MetricsSample::p99Ms> }
            .onLiveLine(QT_TRANSLATE_NOOP("TimeMetric", "p99 %1 ms"), 2),
        { "max", QT_TRANSLATE_NOOP("TimeMetric", "max"), QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            &sampled<&MetricsSample::maxMs> },
        TimeMetric { "row-lock-waits", QT_TRANSLATE_NOOP("TimeMetric", "Server row-lock waits per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "waits/s"), &serverRate<&MetricsSample::rowLockWaits> }
            .onLiveLine(QT_TRANSLATE_NOOP("TimeMetric", "row-lock waits %1/s"), 0),
        { "row-lock-time", QT_TRANSLATE_NOOP("TimeMetric", "Server row-lock time per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "ms/s"), &serverRate<&MetricsSample::rowLockTimeMs> },
        TimeMetric { "waiting-now", QT_TRANSLATE_NOOP("TimeMetric", "Transactions waiting for a lock now"),
            QT_TRANSLATE_NOOP("TimeMetric", "trx"), &sampled<&MetricsSample::waitingNow> }
            .onLiveLine(QT_TRANSLATE_NOOP("TimeMetric", "waiting now %1"), 0),
        { "client-lock-time", QT_TRANSLATE_NOOP("TimeMetric", "Client time in the locking statement"),
            QT_TRANSLATE_NOOP("TimeMetric", "ms/s"), &sampled<&MetricsSample::clientLockWaitMsPerS> },
        TimeMetric { "retries", QT_TRANSLATE_NOOP("TimeMetric", "Retries per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "retries/s"),
            [](S now, S before) -> std::optional<double> {
                return ratePerSecond(
                    now.clients[ClientCount::Retries], before.clients[ClientCount::Retries], now.intervalS);
            } }
            .onLiveLine(QT_TRANSLATE_NOOP("TimeMetric", "retries %1/s"), 0),
        { "deadlocks", QT_TRANSLATE_NOOP("TimeMetric", "1213 deadlocks per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "errors/s"),
            [](S now, S before) { return errorRate(now, before, ErrorClass::Deadlock); } },
        { "lock-wait-timeouts", QT_TRANSLATE_NOOP("TimeMetric", "1205 lock wait timeouts per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "errors/s"),
            [](S now, S before) { return errorRate(now, before, ErrorClass::LockWaitTimeout); } },
        TimeMetric { "redis-commands", QT_TRANSLATE_NOOP("TimeMetric", "Redis commands per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "ops/s"),
            [](S now, S) -> std::optional<double> {
                if (!now.redisStatsValid || !(now.intervalS > 0))
                    return std::nullopt;
                return static_cast<double>(now.redisCommands) / now.intervalS;
            },
            true }
            .onLiveLine(QT_TRANSLATE_NOOP("TimeMetric", "redis %1 commands/s"), 0),
        TimeMetric { "redis-script-time", QT_TRANSLATE_NOOP("TimeMetric", "Redis time inside a take script"),
            QT_TRANSLATE_NOOP("TimeMetric", "µs"),
            [](S now, S) -> std::optional<double> {
                if (!now.redisStatsValid || now.redisScriptCalls <= 0)
                    return std::nullopt;
                return static_cast<double>(now.redisScriptUsec) / static_cast<double>(now.redisScriptCalls);
            },
            true }
            .onLiveLine(QT_TRANSLATE_NOOP("TimeMetric", "%1 µs a take"), 1),
        { "redis-round-trip", QT_TRANSLATE_NOOP("TimeMetric", "Client round trip of a take script"),
            QT_TRANSLATE_NOOP("TimeMetric", "ms"),
            [](S now, S before) -> std::optional<double> {
                const long long trips = now.clients[ClientCount::RedisRoundTrips]
                    - before.clients[ClientCount::RedisRoundTrips];
                if (trips <= 0)
                    return std::nullopt;
                return static_cast<double>(now.clients[ClientCount::RedisRoundTripNs]
                           - before.clients[ClientCount::RedisRoundTripNs])
                    / 1e6 / static_cast<double>(trips);
            },
            true },
        // The cluster tab: throughput beside the aborts that cut it, then what slowed the nodes.
        { "cluster-orders-per-second", QT_TRANSLATE_NOOP("TimeMetric", "Orders per second on the cluster"),
            QT_TRANSLATE_NOOP("TimeMetric", "orders/s"),
            [](S now, S) -> std::optional<double> {
                if (!now.clusterStatsValid)
                    return std::nullopt;
                return now.ordersPerS;
            },
            true },
        { "commit-aborts", QT_TRANSLATE_NOOP("TimeMetric", "Aborts at COMMIT per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "aborts/s"),
            [](S now, S before) -> std::optional<double> {
                if (!now.clusterStatsValid)
                    return std::nullopt;
                return errorRate(now, before, ErrorClass::CommitAbort);
            },
            true },
        { "cert-failures", QT_TRANSLATE_NOOP("TimeMetric", "Certification failures per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "aborts/s"), nullptr, true,
            &nodeCounterRate<&ClusterCounters::certFailures> },
        { "bf-aborts", QT_TRANSLATE_NOOP("TimeMetric", "Brute-force aborts per second"),
            QT_TRANSLATE_NOOP("TimeMetric", "aborts/s"), nullptr, true,
            &nodeCounterRate<&ClusterCounters::bfAborts> },
        // The replication tab: where each node's writes came from and what held the nodes back.
        { "node-commits", QT_TRANSLATE_NOOP("TimeMetric", "Commits per second on each node"),
            QT_TRANSLATE_NOOP("TimeMetric", "trx/s"), nullptr, true,
            &nodeCounterRate<&ClusterCounters::localCommits> },
        { "flow-control", QT_TRANSLATE_NOOP("TimeMetric", "Flow control pause"),
            QT_TRANSLATE_NOOP("TimeMetric", "ms/s"), nullptr, true,
            [](N now, N before, double s) -> std::optional<double> {
                const std::optional<double> ns
                    = nodeCounterRate<&ClusterCounters::flowControlPausedNs>(now, before, s);
                if (!ns)
                    return std::nullopt;
                return *ns / 1e6;
            } },
        { "recv-queue", QT_TRANSLATE_NOOP("TimeMetric", "Receive queue"),
            QT_TRANSLATE_NOOP("TimeMetric", "trx"), nullptr, true, &nodeLevel<&ClusterCounters::recvQueue> },
        { "send-queue", QT_TRANSLATE_NOOP("TimeMetric", "Send queue"), QT_TRANSLATE_NOOP("TimeMetric", "trx"),
            nullptr, true, &nodeLevel<&ClusterCounters::sendQueue> },
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
        { ErrorClass::LockNowait, " 3572", Qt::DashLine },
        { ErrorClass::ConnectionLost, " lost connection", Qt::DotLine } };
    return errors;
}

QString TimeMetric::otherErrorsTitle()
{
    return QCoreApplication::translate("TimeMetric", "Other errors per second");
}
