#pragma once

#include "app/db/connectionparams.h"
#include "app/db/mysqlconnection.h"

#include <QString>

// Tells a server that went away (killed, crashed, unreachable) from a connection that was
// only killed: a failed ping is followed by one fresh connect with short timeouts, and only
// when that fails too is the server declared lost. Owned by the run's control thread.
class ServerHeartbeat {
public:
    explicit ServerHeartbeat(ConnectionParams params);

    // True while the server answers; otherwise false with the client's reason in `why`.
    bool alive(QString* why);

private:
    ConnectionParams m_params;
    MysqlConnection m_connection;
};
