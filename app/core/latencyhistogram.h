#pragma once

#include "app/core/histogramsnapshot.h"

#include <array>
#include <atomic>
#include <cstdint>

// Log-linear latency histogram written by one worker thread and read by the sampler.
// Fixed size whatever the run length; relaxed atomics, so recording takes no lock.
class LatencyHistogram {
public:
    void record(std::int64_t nanoseconds);
    HistogramSnapshot snapshot() const;

private:
    std::array<std::atomic<std::uint64_t>, HistogramSnapshot::kBucketCount> m_counts {};
    std::atomic<std::int64_t> m_max { 0 };
};
