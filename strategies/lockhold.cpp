#include "strategies/lockhold.h"

#include "app/core/steadyclock.h"
#include "strategies/runenvironment.h"

LockHold::LockHold(RunEnvironment& environment, WorkerCounters& counters)
    : m_environment(environment)
    , m_counters(counters)
{
}

void LockHold::reset()
{
    m_lockedAtNs = 0;
    m_committingAtNs = 0;
    m_lockedRow = 0;
}

void LockHold::locked(bool ok, std::int64_t sentAtNs, std::int64_t repliedAtNs, LockedRow row)
{
    if (!ok || held())
        return;
    m_lockedAtNs = repliedAtNs;
    m_lockSentAtNs = sentAtNs;
    m_lockedRow = row.key();
}

void LockHold::nameRow(LockedRow row)
{
    if (held())
        m_lockedRow = row.key();
}

void LockHold::endCommitted()
{
    if (held())
        release(m_committingAtNs != 0 ? m_committingAtNs : steadyNowNs(), true);
}

void LockHold::endRolledBack(std::int64_t sentAtNs)
{
    if (held())
        release(sentAtNs, false);
}

void LockHold::release(std::int64_t releasedAtNs, bool committed)
{
    m_counters.add(
        committed ? ClientCount::LockHoldNs : ClientCount::RolledBackHoldNs, releasedAtNs - m_lockedAtNs);
    m_counters.add(committed ? ClientCount::LockHolds : ClientCount::RolledBackHolds, 1);
    m_counters.timeline.record(TimelinePhase::Holding, m_lockedAtNs, releasedAtNs);
    if (m_lockedRow != 0) {
        // The row is this client's from its lock to now, so the release found is the one it
        // waited for: it came after this client asked and before the lock reached it.
        RowReleases& releases = m_environment.rowReleases();
        const std::int64_t previous = releases.lastRelease(m_lockedRow);
        if (previous > m_lockSentAtNs && previous <= m_lockedAtNs) {
            m_counters.add(ClientCount::HandOverNs, m_lockedAtNs - previous);
            m_counters.add(ClientCount::HandOvers, 1);
        }
        releases.noteRelease(m_lockedRow, releasedAtNs);
    }
    m_lockedAtNs = 0;
    m_lockedRow = 0;
}
