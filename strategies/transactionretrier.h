#pragma once

#include "app/db/databaseconnection.h"
#include "strategies/order.h"

#include <QCoreApplication>

#include <cstdint>
#include <functional>
#include <optional>
#include <random>

class ClientConnection;
class CommitLookup;
class RunEnvironment;
class TransactionClock;
class WorkerCounters;

// Result of one transaction attempt by a strategy.
struct Attempt {
    enum class Kind { Sold, OutOfStock, Conflict, Error };
    Kind kind = Kind::Sold;
    DatabaseError error;

    static Attempt sold() { return { Kind::Sold, {} }; }
    static Attempt outOfStock() { return { Kind::OutOfStock, {} }; }
    static Attempt conflict() { return { Kind::Conflict, {} }; }
    static Attempt failed(const DatabaseError& error) { return { Kind::Error, error }; }
};

// What to do when a transaction attempt fails: retry lost races and deadlocks after a
// jittered backoff, roll back lock wait timeouts explicitly, and after a lost connection
// connect again and learn from the order's request id whether it committed, so that an
// order is never lost and never counted twice. Anything else is reported, not swallowed.
class TransactionRetrier {
    Q_DECLARE_TR_FUNCTIONS(TransactionRetrier)
public:
    TransactionRetrier(RunEnvironment& environment, WorkerCounters& counters, ClientConnection& client,
        CommitLookup& lookup, TransactionClock& clock);

    // Runs `attempt` until it sells, finds no stock, or gives up. `probeRequestId` names the
    // request id whose presence in the orders table proves the last attempt committed.
    OrderOutcome run(const std::function<std::int64_t()>& probeRequestId,
        const std::function<Attempt()>& attempt, int maxConflicts = 100);

private:
    OrderOutcome runAttempts(const std::function<std::int64_t()>& probeRequestId,
        const std::function<Attempt()>& attempt, int maxConflicts);
    // What a lost race or an error ends the order in; nullopt: it is tried again.
    std::optional<OrderOutcome> afterConflict(int conflicts, int maxConflicts);
    std::optional<OrderOutcome> afterError(
        const DatabaseError& error, const std::function<std::int64_t()>& probeRequestId, int* errorRetries);
    std::optional<OrderOutcome> settleError(ErrorClass errorClass, const DatabaseError& error,
        const std::function<std::int64_t()>& probeRequestId);
    std::optional<OrderOutcome> afterLostConnection(
        const DatabaseError& error, const std::function<std::int64_t()>& probeRequestId);
    // Stop now ended the order's statement: rolled back and cancelled (or found committed).
    OrderOutcome cancelledByStopNow(const std::function<std::int64_t()>& probeRequestId);
    // What the orders table says of an order whose outcome the client did not see: sold (found
    // committed), unknown (it could not be asked), or nullopt (not committed).
    std::optional<OrderOutcome> lookedUp(const std::function<std::int64_t()>& probeRequestId);
    void backoff(int attempt);

    RunEnvironment& m_environment;
    WorkerCounters& m_counters;
    ClientConnection& m_client;
    CommitLookup& m_lookup;
    TransactionClock& m_clock;
    std::mt19937_64 m_rng;
};
