#pragma once

#include "app/db/connectionparams.h"
#include "app/run/deadlockparser.h"
#include "app/run/pgdeadlockparser.h"

#include <QCoreApplication>
#include <QSqlDatabase>

// Every deadlock of a run, not only the latest: on the lab's own server, and on each node of
// its cluster, by following the error log that innodb_print_all_deadlocks writes; on other
// servers by polling SHOW ENGINE INNODB STATUS and dropping the report already seen (which
// misses deadlocks that follow each other faster than the poll; the run's deadlock account
// names how many, from the server's own count). On the lab's own PostgreSQL it follows the
// server log, where every deadlock's victim reports the cycle; on another PostgreSQL it reads
// nothing (the server keeps no deadlock but in its log), and the account names them all missed.
class DeadlockReader {
    Q_DECLARE_TR_FUNCTIONS(DeadlockReader)

public:
    DeadlockReader(const ConnectionParams& params, QSqlDatabase database);

    // Remembers where the log ends (or which deadlock is the latest) so that older ones are skipped.
    void start();
    QList<DeadlockRecord> poll();
    QString lastError() const { return m_error; }
    // Whether it polls the server rather than following a log: it may then miss some.
    bool polls() const { return m_logs.isEmpty(); }

private:
    struct FollowedLog {
        QString path;
        qint64 offset = 0;
        DeadlockParser parser; // a log's reports are parsed as they come, one part at a time
        PgDeadlockParser pgParser;
    };
    QList<DeadlockRecord> readLog(FollowedLog& log);

    QList<FollowedLog> m_logs;
    QSqlDatabase m_database;
    bool m_postgres;
    QString m_lastSeen; // timestamp and transaction ids of the latest reported deadlock
    QString m_error;
};
