#include "app/core/unresolvedorders.h"

void UnresolvedOrders::add(std::int64_t requestId, const std::vector<std::int64_t>& otherLines)
{
    m_firstLines.push_back(requestId);
    m_otherLines.insert(m_otherLines.end(), otherLines.begin(), otherLines.end());
}

void UnresolvedOrders::append(const UnresolvedOrders& other)
{
    m_firstLines.insert(m_firstLines.end(), other.m_firstLines.begin(), other.m_firstLines.end());
    m_otherLines.insert(m_otherLines.end(), other.m_otherLines.begin(), other.m_otherLines.end());
}
