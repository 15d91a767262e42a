#pragma once

#include "app/db/preparedstatement.h"
#include "strategies/clientconnection.h"

#include <QCoreApplication>

#include <cstdint>
#include <optional>

class RunEnvironment;

// Whether an order whose reply the client did not see committed: its request id's row in the
// orders table, read by a locking query that waits for a commit in flight; on a cluster once
// the node has applied every write set, and on PostgreSQL once the lost session's backend has
// finished. Asks on the client's own connection, connecting again when that is lost.
class CommitLookup {
    Q_DECLARE_TR_FUNCTIONS(CommitLookup)
public:
    CommitLookup(RunEnvironment& environment, ClientConnection& client);

    // Its query, prepared on each new session of the client.
    ClientConnection::Preparation preparation();
    // Whether the row `requestId` is there; nullopt (reported) when that cannot be learned.
    std::optional<bool> isCommitted(std::int64_t requestId);
    // The same on a live connection only: nullopt when there is none, rather than wait to
    // reconnect to a server that may be gone.
    std::optional<bool> isCommittedNow(std::int64_t requestId);
    // Whether the server has finished what the lost session `lostSession` was doing, so that a
    // lookup sees its outcome; false (reported) when that cannot be learned.
    bool awaitFinished(unsigned long lostSession);

private:
    std::optional<bool> probe(std::int64_t requestId);

    RunEnvironment& m_environment;
    ClientConnection& m_client;
    PreparedStatement m_probe;
};
