#include "app/core/histogramsnapshot.h"

#include <algorithm>
#include <bit>
#include <cmath>

std::size_t HistogramSnapshot::bucketFor(std::int64_t value)
{
    if (value < kSubBuckets)
        return static_cast<std::size_t>(std::max<std::int64_t>(value, 0));
    const auto unsignedValue = static_cast<std::uint64_t>(value);
    const int highBit = 63 - std::countl_zero(unsignedValue); // >= kSubBucketBits
    const int shift = highBit - kSubBucketBits;
    const auto sub = static_cast<std::size_t>((unsignedValue >> shift) & (kSubBuckets - 1));
    return static_cast<std::size_t>(shift + 1) * kSubBuckets + sub;
}

std::int64_t HistogramSnapshot::bucketLowerBound(std::size_t bucket)
{
    if (bucket < static_cast<std::size_t>(kSubBuckets))
        return static_cast<std::int64_t>(bucket);
    const auto shift = static_cast<int>(bucket / kSubBuckets) - 1;
    const auto sub = static_cast<std::uint64_t>(bucket % kSubBuckets);
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(kSubBuckets) + sub) << shift);
}

std::int64_t HistogramSnapshot::bucketUpperBound(std::size_t bucket)
{
    if (bucket + 1 >= kBucketCount)
        return INT64_MAX;
    return bucketLowerBound(bucket + 1) - 1;
}

void HistogramSnapshot::raiseMax(std::int64_t value)
{
    m_max = std::max(m_max, value);
}

void HistogramSnapshot::merge(const HistogramSnapshot& other)
{
    for (std::size_t i = 0; i < kBucketCount; ++i)
        m_counts[i] += other.m_counts[i];
    raiseMax(other.m_max);
}

HistogramSnapshot HistogramSnapshot::since(const HistogramSnapshot& earlier) const
{
    HistogramSnapshot result;
    for (std::size_t i = 0; i < kBucketCount; ++i)
        result.m_counts[i] = m_counts[i] >= earlier.m_counts[i] ? m_counts[i] - earlier.m_counts[i] : 0;
    result.m_max = m_max;
    return result;
}

std::uint64_t HistogramSnapshot::count() const
{
    std::uint64_t total = 0;
    for (auto c : m_counts)
        total += c;
    return total;
}

std::int64_t HistogramSnapshot::valueAtQuantile(double q) const
{
    const std::uint64_t total = count();
    if (total == 0)
        return 0;
    q = std::clamp(q, 0.0, 1.0);
    const auto rank
        = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(total))));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < kBucketCount; ++i) {
        seen += m_counts[i];
        if (seen >= rank)
            return std::min(bucketUpperBound(i), m_max > 0 ? m_max : bucketUpperBound(i));
    }
    return m_max;
}
