#pragma once

#include "strategies/claimledger.h"
#include "strategies/transactionsession.h"

#include <cstdint>
#include <vector>

// What the claim strategies' sessions share: an "order" is one batch, claimed and completed;
// each completed task is an order line (a row in orders, keyed by the line's request id, with
// the task as its SKU), so the audit finds a task completed twice or marked done with no row.
// A batch that finds nothing pending is not a refusal: the worker waits a moment (Idle).
class ClaimSession : public TransactionSession {
public:
    ClaimSession(RunEnvironment& environment, WorkerCounters& counters, ClaimLedger& ledger);

    OrderOutcome place(const Order& order) override;
    std::optional<int> linesOfLastSale() const override { return m_completed; }

protected:
    // Reads the task ids a statement returned; false on an error.
    static bool fetchTasks(PreparedStatement& statement, std::vector<std::int64_t>& tasks);
    // Runs a claiming statement that locks only for its own length (autocommit), adding its
    // time to the client lock-wait counter; no lock is held once it returns.
    bool timedClaim(PreparedStatement& statement, std::initializer_list<std::int64_t> params);
    // Notes `tasks` as held by this worker's connection in the ledger (double claims counted).
    void hold(const std::vector<std::int64_t>& tasks);
    // Lets go of the held tasks in the ledger, completed or not.
    void letGo();
    // In the open transaction: marks `tasks` done (only those still claimed by this connection when
    // `ownedOnly`); `marked` gets the rows changed. Sold, or the error.
    Attempt markDone(const std::vector<std::int64_t>& tasks, bool ownedOnly, std::uint64_t* marked);
    // Inserts one order line per task and commits the open transaction. Sold, or the error.
    Attempt insertLinesAndCommit(const Order& order, const std::vector<std::int64_t>& tasks);
    int batch() const { return m_batch; }
    // Whether a claim lasts only as long as the transaction that locked its rows (false: it is
    // an owner written in the row, which outlives the transaction).
    virtual bool claimsHeldByTransaction() const { return true; }
    // After a batch that ended without being done (stopped, or given up): what the worker still
    // claims goes back to the pending tasks, as a job worker does when it shuts down. Claims
    // held by row locks went back with their transaction.
    virtual void giveBackUnfinished() { }

private:
    // How many of `holders` (one per task taken over) the server still has as connections. A
    // holder whose connection died without the lab killing it (a restart, an outside KILL)
    // holds nothing, though its worker may not have noticed yet. A check that fails counts
    // none: this worker's own connection is then gone, and the audit of the tables still finds
    // a task completed twice.
    int stillConnected(const std::vector<unsigned long>& holders);

    ClaimLedger& m_ledger;
    WorkerCounters& m_counters;
    const int m_batch;
    std::vector<std::int64_t> m_held;
    unsigned long m_holder = 0;
    int m_completed = 0;
};
