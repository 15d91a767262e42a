#pragma once

#include "app/core/databaseerror.h"

#include <QSqlDatabase>
#include <QString>

// Ends another connection's statement, or the connection itself, as each engine does it: KILL
// QUERY and KILL CONNECTION on MySQL and MariaDB, pg_cancel_backend() and pg_terminate_backend()
// on PostgreSQL. A connection that had ended meanwhile is Gone, not an error.
struct ServerKill {
    enum class What { Statement, Connection };
    enum class Outcome { Done, Gone, Failed };

    static Outcome send(QSqlDatabase& control, What what, unsigned long id, DatabaseError* error);
};
