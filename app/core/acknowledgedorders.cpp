#include "app/core/acknowledgedorders.h"

void AcknowledgedOrders::add(std::int64_t requestId)
{
    ++m_count;
    if (!m_ranges.empty() && m_ranges.back().last + 1 == requestId) {
        m_ranges.back().last = requestId;
        return;
    }
    m_ranges.push_back({ requestId, requestId });
}

void AcknowledgedOrders::append(const AcknowledgedOrders& other)
{
    m_ranges.insert(m_ranges.end(), other.m_ranges.begin(), other.m_ranges.end());
    m_count += other.m_count;
}
