#include "app/core/latencyhistogram.h"

void LatencyHistogram::record(std::int64_t nanoseconds)
{
    if (nanoseconds < 0)
        nanoseconds = 0;
    // The max is raised before the bucket counts the value, and the bucket's release pairs
    // with the reader's acquire: a snapshot that sees the count also sees a max at least as high.
    std::int64_t seen = m_max.load(std::memory_order_relaxed);
    while (nanoseconds > seen && !m_max.compare_exchange_weak(seen, nanoseconds, std::memory_order_relaxed)) {
    }
    m_counts[HistogramSnapshot::bucketFor(nanoseconds)].fetch_add(1, std::memory_order_release);
}

HistogramSnapshot LatencyHistogram::snapshot() const
{
    HistogramSnapshot result;
    for (std::size_t i = 0; i < m_counts.size(); ++i)
        result.addToBucket(i, m_counts[i].load(std::memory_order_acquire));
    result.raiseMax(m_max.load(std::memory_order_relaxed)); // read after the counts: see record()
    return result;
}
