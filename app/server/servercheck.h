#pragma once

#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QString>

// Connects as the lab would and says, in one sentence, whether it can run there: the
// server and its version, or why not (unreachable, wrong password, missing privilege,
// no InnoDB, foreign tables in the lab's database). Blocks for at most about 5 s.
// Depth::Connect only connects and learns the version: a run checks that way first, and
// touches the lab's database only once it holds the database's lease.
struct ServerCheck {
    Q_DECLARE_TR_FUNCTIONS(ServerCheck)

public:
    bool ok = false;
    QString message;
    QString version;

    enum class Depth { Connect, Database };
    static ServerCheck run(const ConnectionParams& params, Depth depth = Depth::Database);
};
