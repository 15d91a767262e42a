#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

// What a client is doing at an instant, as the hot-row timeline colours it. Later phases are
// drawn over earlier ones: a network crossing inside a hold shows as the hold.
enum class TimelinePhase : std::uint8_t {
    Order, // an order under way (waiting in the lab's queue, for Redis, or between statements)
    Network, // crossing the simulated network before a statement
    LockWait, // a locking statement sent, its row not yet granted
    Holding, // a row locked, until the COMMIT or ROLLBACK leaves
    Committing, // the COMMIT sent, its reply not yet back
};
inline constexpr int kTimelinePhaseCount = 5;

// One stretch of one phase, in steady-clock nanoseconds.
struct TimelineSpan {
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    TimelinePhase phase = TimelinePhase::Order;
};

// The latest phases of one worker (a client, or a strategy's own writer), from the instants its
// clocks already read. A ring of fixed size written by that worker alone, so that recording
// takes no lock and allocates once; it is read only after the worker has stopped.
class TimelineLane {
public:
    enum class Role : std::uint8_t { Client, Writer, Sweeper };

    explicit TimelineLane(Role role = Role::Client)
        : m_role(role)
    {
    }
    Role role() const { return m_role; }
    // How many spans the ring keeps; set before the worker starts.
    void setCapacity(std::size_t spans) { m_capacity = spans; }
    std::size_t capacity() const { return m_capacity; }

    void record(TimelinePhase phase, std::int64_t startNs, std::int64_t endNs);
    // Every span kept, oldest first.
    std::vector<TimelineSpan> spans() const;
    // Whether older spans were overwritten: the lane covers only its latest `capacity()`.
    bool wrapped() const { return m_wrapped; }

private:
    Role m_role;
    std::size_t m_capacity = 0;
    std::vector<TimelineSpan> m_ring;
    std::size_t m_next = 0;
    bool m_wrapped = false;
};
