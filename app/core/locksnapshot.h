#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

// One transaction as the lock inspector saw it.
struct LockTransaction {
    QString trxId;
    long long threadId = 0; // the connection (processlist id)
    QString state; // RUNNING, LOCK WAIT, ...
    double waitingS
        = 0.0; // how long it has waited for its lock (whole seconds on MariaDB), 0 when not waiting
    QString statement;
    QString lockMode; // of the lock it waits for, or holds if it blocks someone
    QString lockTable;
    QString lockRow; // the row (lock_data), e.g. the primary key value
    QStringList blockedBy; // transaction ids it waits for
};

// The row-lock picture at one instant: who holds, who waits, who waits for whom.
struct LockSnapshot {
    // Beyond this many waiting transactions the inspector reads only their number (LockInspector).
    static constexpr int kMostWaitersRead = 200;

    int runId = 0;
    QString strategy;
    double elapsedS = 0.0;
    QString error; // set when the server would not tell (e.g. no PROCESS privilege)
    QList<LockTransaction> transactions;
    int waitersNotRead
        = 0; // > 0: this many waited, too many to read the lock tables without stalling the server

    int waitingCount() const;
    // The longest chain of waiters behind one blocker: the queue on the hottest row.
    int longestQueue() const;
};
Q_DECLARE_METATYPE(LockSnapshot)
