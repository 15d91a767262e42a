#include "app/core/unresolvedorders.h"

#include <algorithm>

void UnresolvedOrders::add(std::int64_t requestId, std::int64_t secondLineId)
{
    m_requestIds.push_back(requestId);
    if (secondLineId != 0) {
        m_requestIds.push_back(secondLineId);
        m_lines = 2;
    }
    ++m_orders;
}

void UnresolvedOrders::append(const UnresolvedOrders& other)
{
    m_requestIds.insert(m_requestIds.end(), other.m_requestIds.begin(), other.m_requestIds.end());
    m_orders += other.m_orders;
    m_lines = std::max(m_lines, other.m_lines);
}
