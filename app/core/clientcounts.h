#pragma once

#include "app/core/errorclass.h"

#include <array>
#include <cstddef>

// The counts the clients keep while a strategy runs, listed once: the workers add to them, the
// sampler sums them, the sample and the result carry them, and the result files name them from
// the table in clientcounts.cpp. A new count is one enumerator here and one row there.
enum class ClientCount : std::size_t {
    Sold, // orders committed (or found committed by request id)
    SoldUnits,
    OutOfStock,
    Failed, // orders given up, with the error reported
    Attempts, // transaction attempts, first tries included
    Retries,
    Reconciled, // orders whose commit outcome was learned by request id
    Unresolved, // orders whose outcome could not be learned (server gone)
    // Slotted strategies: orders refused as out of stock while the SKU's slots together still held
    // enough ("visible but cannot be bought"), and stock moved between slots to prevent it.
    RefusedWithStock,
    Rebalances,
    // Claim workload: tasks a worker claimed while another live worker still held them (must stay
    // 0), and claims the sweeper gave back because they were held past the claim timeout.
    DoubleClaims,
    TasksReleased,
    LockWaitNs, // client time inside the locking statement
    LockHoldNs, // from the first lock taken to the commit, over committed transactions
    LockHolds, // committed transactions that took a lock
    QueueWaitNs, // queued strategy: from enqueue until a writer took the order
    QueuedOrders,
    RedisRoundTripNs, // stock in Redis: the client's round trips of the take script
    RedisRoundTrips,
    // Where the orders' time went, summed over every order placed whatever its outcome; a batch
    // writer adds its transaction's times once for each order of the batch. A result keeps these
    // over its measured window (window_counts), not as totals.
    OrderNs,
    OrdersTimed,
    BacklogNs, // open loop: from an order's due time until a client sent it
    NetworkNs, // the simulated network crossed before each statement, as long as it was asked
    LateWakeNs, // how much later than asked the clients woke from those sleeps (a busy machine)
    ServerNs, // from each statement's send to its reply
    Statements,
    LockStatementNs, // the part of ServerNs spent in locking statements
    LockStatements,
    CommitNs, // the part of ServerNs spent in COMMIT
    Commits,
    BackoffNs, // sleeping between a lost race or an error and the next attempt
    WorkNs, // the experiment's client work inside the transaction (delay-ms)
    // One locked row passing from holder to holder: the time from a holder's COMMIT or ROLLBACK
    // leaving for the server to the lock reaching the client that had asked for it meanwhile.
    HandOverNs,
    HandOvers,
    RolledBackHoldNs, // holds that ended in a ROLLBACK (a lost compare-and-set, a full slot)
    RolledBackHolds,
    WriterBusyNs, // queued: the writers' time from taking a batch to finishing it
    // Orders under way when the run stopped and given up rather than finished: a retry the stop
    // forbade, a statement Stop now ended, an order Stop now took out of the queue. Rolled back.
    Cancelled,
    Count, // not a count: how many there are, so that a new one is counted where it is listed
};

inline constexpr std::size_t kClientCountCount = static_cast<std::size_t>(ClientCount::Count);

// How the files name a count: in a sample, and in a result (where the clients' counts stand
// beside the audit's, so that sold orders are "client_sold_orders"; null for a count a result
// keeps only over its window).
struct ClientCountName {
    ClientCount count;
    const char* sampleKey;
    const char* resultKey;
};
const std::array<ClientCountName, kClientCountCount>& clientCountNames();

// The clients' counts at one instant, summed over the threads, and the errors that ended or
// retried their transactions.
class ClientCounts {
public:
    long long operator[](ClientCount count) const { return m_values[static_cast<std::size_t>(count)]; }
    long long& operator[](ClientCount count) { return m_values[static_cast<std::size_t>(count)]; }
    const ErrorCounts& errors() const { return m_errors; }
    ErrorCounts& errors() { return m_errors; }
    long long error(ErrorClass errorClass) const { return m_errors[static_cast<std::size_t>(errorClass)]; }
    long long& error(ErrorClass errorClass) { return m_errors[static_cast<std::size_t>(errorClass)]; }

    ClientCounts& operator+=(const ClientCounts& other);
    // What was counted after `before`: every count and error minus its value then.
    ClientCounts since(const ClientCounts& before) const;

private:
    std::array<long long, kClientCountCount> m_values {};
    ErrorCounts m_errors {};
};
