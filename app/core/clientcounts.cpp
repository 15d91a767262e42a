#include "app/core/clientcounts.h"

namespace {

using C = ClientCount;
constexpr std::array<ClientCountName, kClientCountCount> kNames { {
    { C::Sold, "sold", "client_sold_orders" },
    { C::SoldUnits, "sold_units", "client_sold_units" },
    { C::OutOfStock, "out_of_stock", "out_of_stock" },
    { C::Failed, "failed", "failed" },
    { C::Attempts, "attempts", "attempts" },
    { C::Retries, "retries", "retries" },
    { C::Reconciled, "reconciled", "reconciled" },
    { C::Unresolved, "unresolved", "unresolved" },
    { C::RefusedWithStock, "refused_with_stock", "refused_with_stock" },
    { C::Rebalances, "rebalances", "rebalances" },
    { C::DoubleClaims, "double_claims", "double_claims" },
    { C::TasksReleased, "tasks_released", "tasks_released" },
    { C::LockWaitNs, "lock_wait_ns", "lock_wait_ns" },
    { C::LockHoldNs, "lock_hold_ns", "lock_hold_ns" },
    { C::LockHolds, "lock_holds", "lock_holds_total" },
    { C::QueueWaitNs, "queue_wait_ns", "queue_wait_ns" },
    { C::QueuedOrders, "queued_orders", "queued_orders" },
    { C::RedisRoundTripNs, "redis_round_trip_ns", "redis_round_trip_ns" },
    { C::RedisRoundTrips, "redis_round_trips", "redis_round_trips" },
    { C::OrderNs, "order_ns", nullptr },
    { C::OrdersTimed, "orders_timed", nullptr },
    { C::BacklogNs, "backlog_ns", nullptr },
    { C::NetworkNs, "network_ns", nullptr },
    { C::LateWakeNs, "late_wake_ns", nullptr },
    { C::ServerNs, "server_ns", nullptr },
    { C::Statements, "statements", nullptr },
    { C::LockStatementNs, "lock_statement_ns", nullptr },
    { C::LockStatements, "lock_statements", nullptr },
    { C::CommitNs, "commit_ns", nullptr },
    { C::Commits, "commits", nullptr },
    { C::BackoffNs, "backoff_ns", nullptr },
    { C::WorkNs, "work_ns", nullptr },
    { C::HandOverNs, "hand_over_ns", nullptr },
    { C::HandOvers, "hand_overs", nullptr },
    { C::RolledBackHoldNs, "rolled_back_hold_ns", nullptr },
    { C::RolledBackHolds, "rolled_back_holds", nullptr },
    { C::WriterBusyNs, "writer_busy_ns", nullptr },
    { C::Cancelled, "cancelled", "cancelled_orders" },
} };

// A row for every count, in the enumeration's order: a count added without its row, or out of
// place, does not build.
constexpr bool inOrder()
{
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (static_cast<std::size_t>(kNames[i].count) != i || kNames[i].sampleKey == nullptr)
            return false;
    }
    return true;
}
static_assert(inOrder(), "clientCountNames() lists each ClientCount once, in order");

} // namespace

const std::array<ClientCountName, kClientCountCount>& clientCountNames()
{
    return kNames;
}

ClientCounts& ClientCounts::operator+=(const ClientCounts& other)
{
    for (std::size_t i = 0; i < kClientCountCount; ++i)
        m_values[i] += other.m_values[i];
    for (std::size_t i = 0; i < kErrorClassCount; ++i)
        m_errors[i] += other.m_errors[i];
    return *this;
}

ClientCounts ClientCounts::since(const ClientCounts& before) const
{
    ClientCounts difference = *this;
    for (std::size_t i = 0; i < kClientCountCount; ++i)
        difference.m_values[i] -= before.m_values[i];
    for (std::size_t i = 0; i < kErrorClassCount; ++i)
        difference.m_errors[i] -= before.m_errors[i];
    return difference;
}
