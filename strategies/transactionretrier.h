#pragma once

#include "app/db/databaseconnection.h"
#include "app/db/preparedstatement.h"
#include "strategies/lockhold.h"
#include "strategies/order.h"
#include "strategies/rowreleases.h"
#include "strategies/runenvironment.h"

#include <QCoreApplication>

#include <functional>
#include <random>

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

// One thread's connection and the rules for what to do when a transaction attempt fails:
// retry deadlocks, roll back lock wait timeouts explicitly, reconnect after a lost
// connection and learn whether the order committed from its request id, so that an
// order is never lost and never counted twice. Anything else is reported, not swallowed.
class TransactionRetrier {
    Q_DECLARE_TR_FUNCTIONS(TransactionRetrier)
public:
    using Prepare = std::function<DatabaseError(DatabaseConnection&)>; // empty error on success

    TransactionRetrier(RunEnvironment& environment, WorkerCounters& counters, Prepare prepare);
    ~TransactionRetrier();
    TransactionRetrier(const TransactionRetrier&) = delete;
    TransactionRetrier& operator=(const TransactionRetrier&) = delete;

    bool connect(QString* error);
    DatabaseConnection& connection() { return m_connection; }
    // Called once a lost connection is noticed, before the retrier waits to reconnect: what the
    // dead connection held (its locks, its claims) is no longer this client's.
    void setOnConnectionLost(std::function<void()> callback) { m_onConnectionLost = std::move(callback); }
    // An order that holds units outside the database (redis-split's take from Redis) must learn
    // its outcome to give them back: its lost connection waits for a silent server past the stop
    // line, as the run's closing audit does, instead of leaving the order to the closing lookup.
    void setWaitsPastStop(bool waits) { m_waitsPastStop = waits; }

    // Runs `attempt` until it sells, finds no stock, or gives up. `probeRequestId` names the
    // request id whose presence in the orders table proves the last attempt committed.
    OrderOutcome run(const std::function<std::int64_t()>& probeRequestId,
        const std::function<Attempt()>& attempt, int maxConflicts = 100);

    // The experiment's in-transaction client delay (a stand-in for network round trips).
    void delayInTransaction();
    // Commits the open transaction; the lock hold the run reports ends as the COMMIT is sent
    // (InnoDB releases row locks before it flushes the log, so the flush is not a hold).
    bool commit();
    // Rolls the open transaction back, its lock hold counted as one that sold nothing.
    bool rollback();
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
    // A batch writer's transaction stands for this many orders: its times count once for each.
    void setOrdersPerTransaction(int orders) { m_ordersPerTransaction = std::max(1, orders); }
    // Whether the order row `requestId` is in the table, on a live connection; nullopt when that
    // cannot be learned now (no connection, or the lookup failed).
    std::optional<bool> isCommittedNow(std::int64_t requestId);

private:
    // A locking statement's time, from when it was sent, into the lock-wait counters.
    bool timeLock(bool ok, LockedRow row);
    bool setUpSession(QString* error);
    bool reconnect();
    bool givesUpAtStop() const; // a reconnect into a silent server ends here
    bool openTakingTurns(); // connects and sets the session up, in turn with the other clients
    std::optional<bool> isCommitted(std::int64_t requestId);
    void leaveNodeOutsideTheGroup(const DatabaseError& error);
    std::optional<bool> probeCommitted(std::int64_t requestId);
    void backoff(int attempt);
    OrderOutcome runAttempts(const std::function<std::int64_t()>& probeRequestId,
        const std::function<Attempt()>& attempt, int maxConflicts);
    // The order's times, from the connection's clock and this retrier's own, into the counters.
    void countTimeSpent(const StatementTime& before);
    // What a lost race or an error ends the order in; nullopt: it is tried again.
    std::optional<OrderOutcome> afterConflict(int conflicts, int maxConflicts);
    std::optional<OrderOutcome> afterError(
        const DatabaseError& error, const std::function<std::int64_t()>& probeRequestId, int* errorRetries);
    // Stop now ended the order's statement: rolled back and cancelled (or found committed).
    OrderOutcome cancelledByStopNow(const std::function<std::int64_t()>& probeRequestId);
    // What the orders table says of an order whose outcome the client did not see: sold (found
    // committed), unknown (it could not be asked), or nullopt (not committed).
    std::optional<OrderOutcome> lookedUp(const std::function<std::int64_t()>& probeRequestId);
    // Whether the server has finished what the lost connection `lostSession` was doing, so that
    // a lookup sees its outcome; false (reported) when that cannot be learned.
    bool awaitFinished(unsigned long lostSession);
    std::optional<OrderOutcome> settleError(ErrorClass errorClass, const DatabaseError& error,
        const std::function<std::int64_t()>& probeRequestId);

    RunEnvironment& m_environment;
    WorkerCounters& m_counters;
    Prepare m_prepare;
    DatabaseConnection m_connection;
    PreparedStatement m_probe;
    std::mt19937_64 m_rng;
    LockHold m_hold; // the attempt's row lock, timed
    // This order's times outside the connection's own clock.
    struct RetrierTime {
        std::int64_t lockNs = 0;
        std::int64_t lockStatements = 0;
        std::int64_t commitNs = 0;
        std::int64_t commits = 0;
        std::int64_t backoffNs = 0;
        std::int64_t workNs = 0;
    };
    RetrierTime m_spent;
    int m_ordersPerTransaction = 1;
    ConnectionParams m_params; // this client's server: its node of a cluster
    int m_node = 0; // which node, 0-based; a client whose node went away moves to the next
    bool openOnSomeNode(); // its node first, then the others in turn
    bool m_commitFailed = false; // this attempt's error came from COMMIT itself
    unsigned long m_sessionId = 0; // the server's id of the connection's session (PostgreSQL: its backend)
    DatabaseError m_reconnectError; // why the last connect or session set-up failed
    std::function<void()> m_onConnectionLost;
    bool m_waitsPastStop = false;
};
