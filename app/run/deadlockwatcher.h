#pragma once

#include "app/db/connectionparams.h"
#include "app/run/deadlockparser.h"

#include <QCoreApplication>
#include <QSqlDatabase>

// Every deadlock of a run, not only the latest: on the embedded server by tailing the error
// log that innodb_print_all_deadlocks writes; on other servers by polling SHOW ENGINE INNODB
// STATUS and dropping the report already seen (which misses deadlocks that follow each
// other faster than the poll; the count from the status variables stays exact).
class DeadlockWatcher {
    Q_DECLARE_TR_FUNCTIONS(DeadlockWatcher)

public:
    DeadlockWatcher(const ConnectionParams& params, QSqlDatabase database);

    // Remembers where the log ends (or which deadlock is the latest) so that older ones are skipped.
    void start();
    QList<DeadlockRecord> poll();
    QString lastError() const { return m_error; }

private:
    QString m_logPath;
    QSqlDatabase m_database;
    qint64 m_offset = 0;
    DeadlockParser m_parser;
    QString m_lastSeen; // timestamp and transaction ids of the latest reported deadlock
    QString m_error;
};
