#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <array>

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

// The head of a chain of lock waits: a transaction others wait for, directly or behind
// someone who does, while it waits for no one (or is part of a cycle the server has yet to break).
struct BlockingChain {
    QString rootTrxId;
    const struct LockTransaction* root = nullptr; // null when the root was not among those read
    int waitingBehind = 0; // every transaction whose wait leads to the root
    int depth = 0; // the longest path of waits down to the root
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
    // How long this look took the server, and the pause the lab keeps before the next one so
    // that looking takes at most 2 % of the run: a look of 2 ms allows 10 a second, one of 17 ms
    // barely one.
    double lookMs = 0.0;
    double nextLookAfterMs = 0.0;

    int waitingCount() const;
    // The longest chain of waiters behind one blocker: the queue on the hottest row.
    int longestQueue() const;
    // Each chain's root and how many wait behind it, the longest first. Pointers into this
    // snapshot's transactions: valid while it lives unchanged.
    QList<BlockingChain> blockingChains() const;
    // How many waiters have waited how long: counts for [0, 1), [1, 5), [5, 20), [20, ∞) seconds.
    static constexpr int kWaitAgeBuckets = 4;
    static double waitAgeBucketStart(int bucket);
    std::array<int, kWaitAgeBuckets> waitAges() const;
};
Q_DECLARE_METATYPE(LockSnapshot)
