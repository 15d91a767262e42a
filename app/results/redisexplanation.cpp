#include "app/results/redisexplanation.h"

#include "app/core/strategyresult.h"
#include "app/results/resultexplanation.h"

#include <QCoreApplication>

#include <algorithm>

namespace RedisExplanation {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("RedisExplanation", text);
}

// Redis's own figures over the run's samples, and the clients' round trips of the take.
struct RedisCost {
    long long scriptCalls = 0, scriptUsec = 0, commands = 0, roundTrips = 0, roundTripNs = 0;
    double sampledS = 0.0;
};

RedisCost costOf(const StrategyResult& r)
{
    RedisCost cost;
    for (const MetricsSample& s : r.series) {
        if (s.redisStatsValid) {
            cost.scriptCalls += s.redisScriptCalls;
            cost.scriptUsec += s.redisScriptUsec;
            cost.commands += s.redisCommands;
            cost.sampledS += s.intervalS;
        }
        cost.roundTrips = std::max(cost.roundTrips, s.clients[ClientCount::RedisRoundTrips]);
        cost.roundTripNs = std::max(cost.roundTripNs, s.clients[ClientCount::RedisRoundTripNs]);
    }
    return cost;
}

} // namespace

void addTo(const StrategyResult& r, QStringList& sentences, QJsonObject& f)
{
    using ResultExplanation::millis;
    using ResultExplanation::number;
    ResultExplanation::repeat(r, ClientCount::RefusedWithStock, f);
    f.insert(QStringLiteral("stranded_in_redis"), static_cast<double>(r.unrecordedDecrements));
    sentences << tr(
        "No row lock: each order took its stock from a Redis sub-key with one script call and wrote its "
        "order row in one autocommitted INSERT.");
    const RedisCost cost = costOf(r);
    if (cost.scriptCalls > 0 && cost.roundTrips > 0 && cost.sampledS > 0.0) {
        const double insideUs = static_cast<double>(cost.scriptUsec) / static_cast<double>(cost.scriptCalls);
        const double tripMs
            = static_cast<double>(cost.roundTripNs) / 1e6 / static_cast<double>(cost.roundTrips);
        const double commandsPerS = static_cast<double>(cost.commands) / cost.sampledS;
        f.insert(QStringLiteral("redis_script_us"), insideUs);
        f.insert(QStringLiteral("redis_round_trip_ms"), tripMs);
        f.insert(QStringLiteral("redis_commands_per_s"), commandsPerS);
        sentences << tr(
            "Redis spent %1 µs inside each take and ran %2 commands a second; the client waited %3 ms for "
            "each take's reply, so the time of a take is the trip, not the work in Redis.")
                         .arg(number(insideUs, 1), number(commandsPerS, 0), millis(tripMs));
    }
    if (r.clients[ClientCount::RefusedWithStock] > 0)
        sentences << tr("%1 orders were refused while the SKU's sub-keys together still held enough.")
                         .arg(r.clients[ClientCount::RefusedWithStock]);
    if (r.audited())
        sentences << (r.unrecordedDecrements > 0 ? tr("The reconciliation found %1 units taken from Redis "
                                                      "with no order row: orders lost between the "
                                                      "two steps, which the shelf no longer offers.")
                                                       .arg(r.unrecordedDecrements)
                                                 : tr("The reconciliation found Redis's remaining %1 units "
                                                      "and the %2 units ordered in the database add up to "
                                                      "the initial stock.")
                                                       .arg(r.remaining)
                                                       .arg(r.sold));
}

} // namespace RedisExplanation
