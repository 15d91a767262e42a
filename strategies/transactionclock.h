#pragma once

#include "app/db/databaseconnection.h"
#include "app/db/preparedstatement.h"
#include "strategies/lockhold.h"
#include "strategies/rowreleases.h"

#include <cstdint>
#include <initializer_list>
#include <span>

class RunEnvironment;
class WorkerCounters;

// Where one order's time went on the client: its locking statements' waits, the row lock's
// hold from the first of them to the COMMIT or ROLLBACK, the COMMIT, the experiment's work
// inside the transaction and the backoff between attempts, beside the connection's own clock
// of network and server time. The strategies run their transactions' locking statements,
// commits and rollbacks through it; an order's times reach the counters when it ends.
class TransactionClock {
public:
    TransactionClock(RunEnvironment& environment, WorkerCounters& counters, DatabaseConnection& connection);

    void startOrder();
    void startAttempt(); // holding nothing yet
    void endOrder(); // the order's times into the counters
    // A batch writer's transaction stands for this many orders: its times count once for each.
    void setOrdersPerTransaction(int orders) { m_ordersPerTransaction = std::max(1, orders); }

    // Runs a locking statement and adds its time to the client lock-wait counter. `row` names
    // the row it locks, so that the lock's hand-over from the previous holder is timed.
    bool timedLockingExecute(
        PreparedStatement& statement, std::span<const std::int64_t> params, LockedRow row = {});
    bool timedLockingExecute(
        PreparedStatement& statement, std::span<const SqlValue> params, LockedRow row = {});
    bool timedLockingExecute(
        PreparedStatement& statement, std::initializer_list<std::int64_t> params, LockedRow row = {})
    {
        return timedLockingExecute(
            statement, std::span<const std::int64_t>(params.begin(), params.size()), row);
    }
    // The row the hold started by the last locking statement is on, once it is known after the
    // statement (a slot its own result names); nothing when no hold is under way.
    void nameLockedRow(LockedRow row) { m_hold.nameRow(row); }
    // The experiment's in-transaction client delay (a stand-in for work or round trips).
    void delayInTransaction();
    // Commits the open transaction; the lock hold the run reports ends as the COMMIT is sent
    // (InnoDB releases row locks before it flushes the log, so the flush is not a hold).
    bool commit();
    bool commitFailed() const { return m_commitFailed; } // the attempt's last COMMIT failed
    // Rolls the open transaction back, its lock hold counted as one that sold nothing.
    bool rollback();
    void sold() { m_hold.endCommitted(); } // the attempt sold, its COMMIT sent or autocommitted
    void forgetHold() { m_hold.forget(); } // a statement Stop now ended: its hold is not timed
    bool holding() const { return m_hold.held(); } // a locking statement's hold is under way
    void addBackoffNs(std::int64_t ns) { m_spent.backoffNs += ns; }

private:
    bool timeLock(bool ok, LockedRow row); // from when the statement was sent

    WorkerCounters& m_counters;
    DatabaseConnection& m_connection;
    double m_delayMs;
    LockHold m_hold;
    // This order's times outside the connection's own clock.
    struct Spent {
        std::int64_t lockNs = 0;
        std::int64_t lockStatements = 0;
        std::int64_t commitNs = 0;
        std::int64_t commits = 0;
        std::int64_t backoffNs = 0;
        std::int64_t workNs = 0;
    };
    Spent m_spent;
    StatementTime m_orderStart;
    int m_ordersPerTransaction = 1;
    bool m_commitFailed = false;
};
