#pragma once

#include "app/core/deadlockaccount.h"
#include "app/core/deadlockrecord.h"

#include <QList>
#include <QString>

// What a run's watch on its locks saw: the longest queue behind one holder, why the inspector
// could not look (if it could not), the deadlocks in full (the first kMostKept) and how they
// were counted. The lock watch keeps it; the result takes it whole (StrategyResult::takeLocks).
struct LockFigures {
    static constexpr qsizetype kMostKept = 1000;

    int longestLockQueue = 0;
    QString inspectorError;
    QList<DeadlockRecord> deadlockRecords;
    DeadlockAccount deadlockAccount;
};
