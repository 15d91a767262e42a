#pragma once

#include "app/core/timelinelane.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

// The hot row in slow motion: what every client and writer of one strategy run was doing over
// the last seconds before its stop line, lane by lane. Collected once the workers have stopped,
// in microseconds after the clients' start; kept with the result, never written to its files.
class RunTimeline {
public:
    struct Span {
        std::int32_t startUs = 0;
        std::int32_t endUs = 0;
        TimelinePhase phase = TimelinePhase::Order;
    };
    struct Lane {
        TimelineLane::Role role = TimelineLane::Role::Client;
        int number = 1; // 1-based among the lanes of its role
        std::vector<Span> spans; // by start
        std::int32_t longestUs = 0;
    };

    // The last `keepNs` before `stopNs` that every lane still holds (a busy lane's ring may
    // have overwritten the start), shortened further so that at most `maxSpans` are kept.
    static RunTimeline collect(const std::vector<const TimelineLane*>& workers, std::int64_t startNs,
        std::int64_t stopNs, std::int64_t keepNs = 3'000'000'000, std::size_t maxSpans = 150'000);

    const std::vector<Lane>& lanes() const { return m_lanes; }
    std::int32_t fromUs() const { return m_fromUs; }
    std::int32_t toUs() const { return m_toUs; }
    // Whether the period is shorter than asked for: lanes overwrote older spans, or too many.
    bool shortened() const { return m_shortened; }
    std::size_t spanCount() const;
    // The most lanes in `phase` at one instant: 1 for a row held by one client at a time.
    int mostAtOnce(TimelinePhase phase) const;
    // The spans of `lane` that overlap [fromUs, toUs), as an index range into its spans.
    static std::pair<std::size_t, std::size_t> overlapping(
        const Lane& lane, std::int32_t fromUs, std::int32_t toUs);

private:
    std::vector<Lane> m_lanes;
    std::int32_t m_fromUs = 0;
    std::int32_t m_toUs = 0;
    bool m_shortened = false;
};
