#pragma once

#include "app/core/errorclass.h"
#include "app/core/latencyhistogram.h"

#include <array>
#include <atomic>
#include <cstdint>

// Counters of one thread. Exactly one thread writes a given instance, so a relaxed
// load-and-store is enough and no order takes a lock; the sampler only reads.
struct alignas(64) WorkerCounters {
    using Counter = std::atomic<std::int64_t>;

    Counter sold { 0 }; // orders committed (or found committed by request id)
    Counter soldUnits { 0 };
    Counter outOfStock { 0 };
    Counter failed { 0 }; // orders given up, with the error reported
    Counter attempts { 0 }; // transaction attempts, first tries included
    Counter retries { 0 };
    Counter reconciled { 0 }; // orders whose commit outcome was learned by request id
    Counter unresolved { 0 }; // orders whose outcome could not be learned (server gone)
    // Slotted strategies: orders refused as out of stock while the SKU's slots together still
    // held enough ("visible but cannot be bought"), and stock moved between slots to prevent it.
    Counter refusedWithStock { 0 };
    Counter rebalances { 0 };
    // Claim workload: tasks a worker claimed while another live worker still held them (must stay
    // 0), and claims the sweeper gave back because they were held past the claim timeout.
    Counter doubleClaims { 0 };
    Counter tasksReleased { 0 };
    Counter lockWaitNs { 0 }; // client time inside the locking statement
    Counter lockHoldNs { 0 }; // from the first lock taken to the commit, over committed transactions
    Counter lockHolds { 0 }; // committed transactions that took a lock
    Counter queueWaitNs { 0 }; // queued strategy: from enqueue until a writer took the order
    Counter queuedOrders { 0 };
    Counter redisRoundTripNs { 0 }; // stock in Redis: the client's round trips of the take script
    Counter redisRoundTrips { 0 };
    std::array<Counter, kErrorClassCount> errors {};
    LatencyHistogram latency;

    static void add(Counter& counter, std::int64_t amount)
    {
        counter.store(counter.load(std::memory_order_relaxed) + amount, std::memory_order_relaxed);
    }
    void countError(ErrorClass errorClass) { add(errors[static_cast<std::size_t>(errorClass)], 1); }
};
