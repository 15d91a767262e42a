#pragma once

#include <chrono>
#include <cstdint>

// Steady-clock nanoseconds: the one clock the clients' timestamps are compared on.
inline std::int64_t steadyNowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
