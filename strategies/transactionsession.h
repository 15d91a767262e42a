#pragma once

#include "strategies/statementset.h"
#include "strategies/strategy.h"
#include "strategies/transactionclient.h"

// Base of the sessions that run each order as a transaction on their own connection:
// subclasses register their statements and write one attempt, run through the client's
// transaction clock; the retrier tries it again when it fails.
class TransactionSession : public OrderSession {
public:
    TransactionSession(RunEnvironment& environment, WorkerCounters& counters);

    bool connect(QString* error) { return client().connect(error); }
    OrderOutcome place(const Order& order) override;

protected:
    virtual Attempt attempt(const Order& order) = 0;
    virtual int maxConflicts() const { return 100; }

    // The statement failed: its error decides what the retrier does next.
    static Attempt failed(const PreparedStatement& statement)
    {
        return Attempt::failed(statement.lastError());
    }
    Attempt connectionFailed() { return Attempt::failed(connection().lastError()); }
    // Rolls back a transaction that found no stock (an error here surfaces as the attempt's error).
    Attempt rollbackAs(Attempt result);
    // Inserts the order row (in the open transaction, if any); sold, or the statement's error.
    Attempt insertOrder(const Order& order);
    // Inserts the order row and commits the open transaction.
    Attempt insertOrderAndCommit(const Order& order);

    DatabaseConnection& connection() { return client().connection(); }
    ClientConnection& client() { return m_client.connection(); }
    TransactionClock& transaction() { return m_client.clock(); }
    CommitLookup& commitLookup() { return m_client.lookup(); }
    StatementSet& statements() { return m_statements; }

private:
    StatementSet m_statements;
    TransactionClient m_client;
    PreparedStatement m_insertOrder;
};

// Opens a session of type S for a client thread (connect, prepare), or explains why not.
template <typename S, typename... Args>
std::unique_ptr<OrderSession> openTransactionSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error, Args&&... args)
{
    auto session = std::make_unique<S>(environment, counters, std::forward<Args>(args)...);
    if (!session->connect(error))
        return nullptr;
    return session;
}
