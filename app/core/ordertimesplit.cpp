#include "app/core/ordertimesplit.h"

#include <algorithm>

namespace {

double perOrderMs(long long ns, long long orders)
{
    return static_cast<double>(ns) / 1e6 / static_cast<double>(orders);
}

} // namespace

OrderTimeSplit OrderTimeSplit::of(const ClientCounts& c)
{
    using enum ClientCount;
    OrderTimeSplit split;
    split.orders = c[OrdersTimed];
    if (split.orders <= 0)
        return split;
    // A locking statement's wait is its time beyond what the run's other statements took each:
    // the same send, parse, execute and reply, without the wait.
    const long long otherNs = c[ServerNs] - c[LockStatementNs] - c[CommitNs];
    const long long otherStatements = c[Statements] - c[LockStatements] - c[Commits];
    const double typicalNs
        = otherStatements > 0 ? static_cast<double>(otherNs) / static_cast<double>(otherStatements) : 0.0;
    const auto lockWaitNs = static_cast<long long>(std::max(
        0.0, static_cast<double>(c[LockStatementNs]) - typicalNs * static_cast<double>(c[LockStatements])));
    const long long n = split.orders;
    split.orderMs = perOrderMs(c[OrderNs], n);
    auto set = [&split](Part part, double ms) { split.partMs[static_cast<int>(part)] = ms; };
    set(Part::LabWait, perOrderMs(c[BacklogNs] + c[QueueWaitNs], n));
    set(Part::Network, perOrderMs(c[NetworkNs], n));
    set(Part::LateWake, perOrderMs(c[LateWakeNs], n));
    set(Part::LockWait, perOrderMs(lockWaitNs, n));
    set(Part::Execute, perOrderMs(std::max(0LL, c[ServerNs] - c[CommitNs] - lockWaitNs), n));
    set(Part::Commit, perOrderMs(c[CommitNs], n));
    set(Part::Redis, perOrderMs(c[RedisRoundTripNs], n));
    set(Part::Backoff, perOrderMs(c[BackoffNs], n));
    set(Part::Work, perOrderMs(c[WorkNs], n));
    double accounted = 0.0;
    for (int i = 0; i < kParts - 1; ++i)
        accounted += split.partMs[i];
    set(Part::Unaccounted, split.orderMs - accounted);
    return split;
}

const char* OrderTimeSplit::key(Part part)
{
    switch (part) {
    case Part::LabWait:
        return "lab_wait_ms";
    case Part::Network:
        return "network_ms";
    case Part::LateWake:
        return "late_wake_ms";
    case Part::LockWait:
        return "lock_wait_ms";
    case Part::Execute:
        return "execute_ms";
    case Part::Commit:
        return "commit_ms";
    case Part::Redis:
        return "redis_ms";
    case Part::Backoff:
        return "backoff_ms";
    case Part::Work:
        return "work_ms";
    case Part::Unaccounted:
        break;
    }
    return "unaccounted_ms";
}

QJsonObject OrderTimeSplit::toJson() const
{
    QJsonObject object { { QStringLiteral("order_ms"), orderMs },
        { QStringLiteral("orders"), static_cast<double>(orders) } };
    for (int i = 0; i < kParts; ++i)
        object.insert(QLatin1String(key(static_cast<Part>(i))), partMs[i]);
    return object;
}
