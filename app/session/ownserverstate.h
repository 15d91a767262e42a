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
    OwnServerKind kind;
    QStringList nodeStates; // a cluster's nodes, node 1 first
    QString dataDirectory;
    qint64 pid = 0; // the server process (node 1 of a cluster); 0 when none runs
};
