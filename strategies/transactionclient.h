#pragma once

#include "strategies/clientconnection.h"
#include "strategies/commitlookup.h"
#include "strategies/transactionclock.h"
#include "strategies/transactionretrier.h"

#include <QCoreApplication>

// One client's means of running orders as transactions: its connection, the lookup of commits
// it did not see confirmed, the clock of its transactions and the retries, put together in the
// order they depend on each other. `prepare` prepares the strategy's statements on each session.
class TransactionClient {
    Q_DECLARE_TR_FUNCTIONS(TransactionClient)
public:
    using Prepare = std::function<DatabaseError(DatabaseConnection&)>; // empty error on success

    TransactionClient(RunEnvironment& environment, WorkerCounters& counters, Prepare prepare);

    ClientConnection& connection() { return m_connection; }
    CommitLookup& lookup() { return m_lookup; }
    TransactionClock& clock() { return m_clock; }
    TransactionRetrier& retrier() { return m_retrier; }

private:
    ClientConnection m_connection;
    CommitLookup m_lookup;
    TransactionClock m_clock;
    TransactionRetrier m_retrier;
};
