#include "app/core/timelinelane.h"

void TimelineLane::record(TimelinePhase phase, std::int64_t startNs, std::int64_t endNs)
{
    if (m_capacity == 0 || endNs < startNs)
        return;
    if (m_ring.size() < m_capacity && !m_wrapped) {
        if (m_ring.capacity() == 0)
            m_ring.reserve(m_capacity); // once, on the worker's first span
        m_ring.push_back({ startNs, endNs, phase });
        return;
    }
    m_ring[m_next] = { startNs, endNs, phase };
    m_next = (m_next + 1) % m_capacity;
    m_wrapped = true;
}

std::vector<TimelineSpan> TimelineLane::spans() const
{
    if (!m_wrapped)
        return m_ring;
    std::vector<TimelineSpan> ordered;
    ordered.reserve(m_ring.size());
    ordered.insert(ordered.end(), m_ring.begin() + static_cast<std::ptrdiff_t>(m_next), m_ring.end());
    ordered.insert(ordered.end(), m_ring.begin(), m_ring.begin() + static_cast<std::ptrdiff_t>(m_next));
    return ordered;
}
