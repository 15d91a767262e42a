#pragma once

#include "strategies/rowreleases.h"

#include <cstdint>

class RunEnvironment;
class WorkerCounters;

// The row lock one attempt holds, timed from the reply to its first locking statement to the
// COMMIT or ROLLBACK that ends it, with the hand-over that brought the lock from the previous
// holder: what one row's throughput is cut by. One per client, reset with each attempt.
class LockHold {
public:
    LockHold(RunEnvironment& environment, WorkerCounters& counters);

    void reset(); // a new attempt, holding nothing
    bool held() const { return m_lockedAtNs != 0; }
    // A locking statement sent at `sentAtNs` replied at `repliedAtNs`: the first that succeeds
    // starts the hold, on `row`.
    void locked(bool ok, std::int64_t sentAtNs, std::int64_t repliedAtNs, LockedRow row);
    // The row held, once known after the statement (a slot its own result names).
    void nameRow(LockedRow row);
    void committing(std::int64_t sentAtNs) { m_committingAtNs = sentAtNs; }
    // The attempt committed: its hold ends as its COMMIT was sent (InnoDB releases row locks
    // before it flushes the log), or now when it committed without one.
    void endCommitted();
    void endRolledBack(std::int64_t sentAtNs); // ended by a ROLLBACK sent then
    void forget() { reset(); } // a statement Stop now ended: its hold is not timed

private:
    void release(std::int64_t releasedAtNs, bool committed);

    RunEnvironment& m_environment;
    WorkerCounters& m_counters;
    std::int64_t m_lockedAtNs = 0; // when the first locking statement returned
    std::int64_t m_lockSentAtNs = 0; // when that statement was sent
    std::int64_t m_committingAtNs = 0; // when the attempt sent its COMMIT
    std::int64_t m_lockedRow = 0; // LockedRow::key() of the row held, 0 when unnamed
};
