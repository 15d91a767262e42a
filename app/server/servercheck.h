#pragma once

#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QString>

// Connects as the lab would and says, in one sentence, whether it can run there: the
// server and its version, or why not (unreachable, wrong password, missing privilege,
// no InnoDB, foreign tables in the lab's database). Blocks for at most about 5 s.
struct ServerCheck {
    Q_DECLARE_TR_FUNCTIONS(ServerCheck)

public:
    bool ok = false;
    QString message;
    QString version;

    static ServerCheck run(const ConnectionParams& params);
};
