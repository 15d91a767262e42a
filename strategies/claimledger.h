#pragma once

#include "strategies/runenvironment.h"

#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

// Which worker holds which task right now, kept in the lab beside the database: a task taken
// while another worker still holds it is a double claim, the one thing a claim strategy must
// never do. A holder is a connection id; one the lab killed holds nothing any more, and a
// worker whose connection died otherwise lets go of its tasks as soon as it notices.
class ClaimLedger {
public:
    explicit ClaimLedger(const RunEnvironment& environment);

    // `holder` now holds `tasks`; returns, for each of them another holder still held, that
    // holder (a double claim if its connection is still alive). A holder the lab has killed
    // takes nothing, and holds nothing any more.
    std::vector<unsigned long> take(const std::vector<std::int64_t>& tasks, unsigned long holder);
    // `holder` is done with `tasks` (completed, or abandoned); tasks since taken by another stay theirs.
    void drop(const std::vector<std::int64_t>& tasks, unsigned long holder);

private:
    const RunEnvironment& m_environment;
    std::mutex m_mutex;
    std::unordered_map<std::int64_t, unsigned long> m_holders;
};
