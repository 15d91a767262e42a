#include "strategies/claimledger.h"

ClaimLedger::ClaimLedger(const RunEnvironment& environment)
    : m_environment(environment)
{
}

std::vector<unsigned long> ClaimLedger::take(const std::vector<std::int64_t>& tasks, unsigned long holder)
{
    std::vector<unsigned long> others;
    std::lock_guard lock(m_mutex);
    // A worker killed after the server handed it rows but before it got here holds nothing:
    // its rows went back with its connection, and may already be another worker's.
    if (m_environment.connectionKilled(holder))
        return others;
    for (const std::int64_t task : tasks) {
        auto [it, inserted] = m_holders.try_emplace(task, holder);
        if (!inserted && it->second != holder && !m_environment.connectionKilled(it->second))
            others.push_back(it->second);
        it->second = holder;
    }
    return others;
}

void ClaimLedger::drop(const std::vector<std::int64_t>& tasks, unsigned long holder)
{
    std::lock_guard lock(m_mutex);
    for (const std::int64_t task : tasks) {
        if (const auto it = m_holders.find(task); it != m_holders.end() && it->second == holder)
            m_holders.erase(it);
    }
}
