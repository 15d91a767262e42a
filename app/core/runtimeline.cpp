#include "app/core/runtimeline.h"

#include <algorithm>
#include <array>

namespace {

std::int32_t microsAfter(std::int64_t ns, std::int64_t startNs)
{
    return static_cast<std::int32_t>((ns - startNs) / 1000);
}

// Where a lane's kept spans begin, once its ring has overwritten older ones.
std::int64_t coveredFromNs(const TimelineLane& lane, const std::vector<TimelineSpan>& spans)
{
    if (!lane.wrapped() || spans.empty())
        return 0;
    std::int64_t from = spans.front().startNs;
    for (const TimelineSpan& span : spans)
        from = std::min(from, span.startNs);
    return from;
}

// The start that leaves at most `maxSpans` spans ending after it.
std::int64_t startKeeping(
    const std::vector<std::vector<TimelineSpan>>& all, std::int64_t fromNs, std::size_t maxSpans)
{
    std::vector<std::int64_t> ends;
    for (const std::vector<TimelineSpan>& spans : all) {
        for (const TimelineSpan& span : spans) {
            if (span.endNs > fromNs)
                ends.push_back(span.endNs);
        }
    }
    if (ends.size() <= maxSpans)
        return fromNs;
    const auto nth = ends.end() - static_cast<std::ptrdiff_t>(maxSpans);
    std::nth_element(ends.begin(), nth, ends.end());
    return *nth;
}

} // namespace

RunTimeline RunTimeline::collect(const std::vector<const TimelineLane*>& workers, std::int64_t startNs,
    std::int64_t stopNs, std::int64_t keepNs, std::size_t maxSpans)
{
    RunTimeline timeline;
    std::vector<std::vector<TimelineSpan>> all;
    std::int64_t fromNs = std::max(startNs, stopNs - keepNs);
    const std::int64_t askedNs = fromNs;
    for (const TimelineLane* worker : workers) {
        all.push_back(worker->spans());
        fromNs = std::max(fromNs, coveredFromNs(*worker, all.back()));
    }
    fromNs = std::min(startKeeping(all, fromNs, maxSpans), stopNs);
    timeline.m_shortened = fromNs > askedNs;
    timeline.m_fromUs = microsAfter(fromNs, startNs);
    timeline.m_toUs = microsAfter(stopNs, startNs);
    std::array<int, 3> numbers { 0, 0, 0 };
    for (std::size_t i = 0; i < workers.size(); ++i) {
        Lane lane;
        lane.role = workers[i]->role();
        lane.number = ++numbers[static_cast<std::size_t>(lane.role)];
        for (const TimelineSpan& span : all[i]) {
            if (span.endNs <= fromNs || span.startNs >= stopNs)
                continue;
            const Span kept { microsAfter(std::max(span.startNs, fromNs), startNs),
                microsAfter(std::min(span.endNs, stopNs), startNs), span.phase };
            lane.spans.push_back(kept);
            lane.longestUs = std::max(lane.longestUs, kept.endUs - kept.startUs);
        }
        std::sort(lane.spans.begin(), lane.spans.end(),
            [](const Span& a, const Span& b) { return a.startUs < b.startUs; });
        timeline.m_lanes.push_back(std::move(lane));
    }
    return timeline;
}

std::size_t RunTimeline::spanCount() const
{
    std::size_t count = 0;
    for (const Lane& lane : m_lanes)
        count += lane.spans.size();
    return count;
}

int RunTimeline::mostAtOnce(TimelinePhase phase) const
{
    // Each span a +1 at its start and a -1 at its end; an end sorts before a start at the same
    // instant, since a lock released and taken in the same microsecond was never held twice.
    std::vector<std::pair<std::int32_t, int>> steps;
    for (const Lane& lane : m_lanes) {
        for (const Span& span : lane.spans) {
            if (span.phase != phase)
                continue;
            steps.emplace_back(span.startUs, 1);
            steps.emplace_back(span.endUs, -1);
        }
    }
    std::sort(steps.begin(), steps.end());
    int now = 0;
    int most = 0;
    for (const auto& step : steps) {
        now += step.second;
        most = std::max(most, now);
    }
    return most;
}

std::pair<std::size_t, std::size_t> RunTimeline::overlapping(
    const Lane& lane, std::int32_t fromUs, std::int32_t toUs)
{
    // Spans are sorted by start; none is longer than the lane's longest, so none starting
    // before fromUs - longestUs can reach fromUs.
    const auto byStart = [](const Span& span, std::int32_t us) { return span.startUs < us; };
    const auto first
        = std::lower_bound(lane.spans.begin(), lane.spans.end(), fromUs - lane.longestUs, byStart);
    const auto last = std::lower_bound(first, lane.spans.end(), toUs, byStart);
    return { static_cast<std::size_t>(first - lane.spans.begin()),
        static_cast<std::size_t>(last - lane.spans.begin()) };
}
