#pragma once

#include "app/db/connectionparams.h"
#include "app/db/databaseconnection.h"

#include <QString>

#include <optional>

// Asks the server, a few times a second, whether it still answers. A failed ping is followed
// by one fresh connect with short timeouts, so a connection that was only killed is not taken
// for a silent server. A server that does not answer may be paused (SIGSTOP, a VM frozen) or
// restarting: the run waits for it; only an embedded server whose process is gone is gone.
// Owned by the run's control thread.
class ServerHeartbeat {
public:
    enum class Health { Answering, Silent, Gone };

    explicit ServerHeartbeat(ConnectionParams params);

    // Answering; or Silent or Gone, with the client's reason in `why`.
    Health check(QString* why);
    // A status variable read over the heartbeat's connection, after a check that answered
    // (a Galera node's WSREP_LOCAL_STATE_COMMENT); nullopt when it cannot be read.
    std::optional<QString> globalStatus(const QString& name) { return m_connection.globalStatus(name); }
    // Ends a check blocked on a silent server; safe from any thread.
    void abortFromAnyThread() const { m_connection.abortFromAnyThread(); }

private:
    bool reopen();

    ConnectionParams m_params;
    ConnectionParams m_outsidePool; // the extra port, while the server lets the heartbeat in there
    DatabaseConnection m_connection;
};
