#pragma once

#include "app/core/clientcounts.h"
#include "app/core/latencyhistogram.h"
#include "app/core/timelinelane.h"

#include <array>
#include <atomic>
#include <cstdint>

// Counters of one thread. Exactly one thread writes a given instance, so a relaxed
// load-and-store is enough and no order takes a lock; the sampler only reads.
struct alignas(64) WorkerCounters {
    using Counter = std::atomic<std::int64_t>;

    std::array<Counter, kClientCountCount> counts {};
    std::array<Counter, kErrorClassCount> errors {};
    LatencyHistogram latency;
    TimelineLane timeline; // written by this thread too, read once it has stopped

    void add(ClientCount count, std::int64_t amount)
    {
        bump(counts[static_cast<std::size_t>(count)], amount);
    }
    void countError(ErrorClass errorClass) { bump(errors[static_cast<std::size_t>(errorClass)], 1); }
    // What this thread has counted so far, read while it goes on counting.
    ClientCounts read() const
    {
        ClientCounts now;
        for (std::size_t i = 0; i < kClientCountCount; ++i)
            now[static_cast<ClientCount>(i)] = counts[i].load(std::memory_order_relaxed);
        for (std::size_t i = 0; i < kErrorClassCount; ++i)
            now.errors()[i] = errors[i].load(std::memory_order_relaxed);
        return now;
    }

private:
    static void bump(Counter& counter, std::int64_t amount)
    {
        counter.store(counter.load(std::memory_order_relaxed) + amount, std::memory_order_relaxed);
    }
};
