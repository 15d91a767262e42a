#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

// A plain copy of histogram counts: merged across threads, subtracted between samples,
// asked for percentiles. Buckets are log-linear: 16 linear steps per power of two,
// so any value is kept within 1/16 (6.25 %) of its true size.
class HistogramSnapshot {
public:
    static constexpr int kSubBucketBits = 4;
    static constexpr int kSubBuckets = 1 << kSubBucketBits;
    static constexpr int kExponents = 64 - kSubBucketBits;
    // Values below 16 fill the first row; each power of two from 2^4 to 2^62 adds one more.
    static constexpr std::size_t kBucketCount = static_cast<std::size_t>(kExponents) * kSubBuckets;

    static std::size_t bucketFor(std::int64_t value);
    static std::int64_t bucketLowerBound(std::size_t bucket);
    static std::int64_t bucketUpperBound(std::size_t bucket);

    void addToBucket(std::size_t bucket, std::uint64_t count) { m_counts[bucket] += count; }
    void raiseMax(std::int64_t value);
    void merge(const HistogramSnapshot& other);
    // Counts recorded since `earlier`; max is kept from this snapshot (an upper bound).
    HistogramSnapshot since(const HistogramSnapshot& earlier) const;

    std::uint64_t count() const;
    std::int64_t max() const { return m_max; }
    // The value at quantile q (0..1): the upper bound of the bucket holding it, capped at max.
    std::int64_t valueAtQuantile(double q) const;

private:
    std::array<std::uint64_t, kBucketCount> m_counts {};
    std::int64_t m_max = 0;
};
