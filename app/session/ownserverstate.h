#pragma once

#include "app/server/servercontroller.h"

#include <QString>
#include <QStringList>

// The lab's own server (single or cluster) as a front shows it: read through the session,
// never from its controller.
struct OwnServerState {
    ServerController::State state = ServerController::State::Stopped;
    QString message; // what it is doing while it starts, or why it failed
    QString version;
    int clusterNodes = 0; // 0: a single server
    bool postgres = false; // the lab's PostgreSQL rather than its MariaDB
    QStringList nodeStates; // a cluster's nodes, node 1 first
    QString dataDirectory;
    qint64 pid = 0; // the server process (node 1 of a cluster); 0 when none runs
};
