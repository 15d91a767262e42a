#include "app/core/locksnapshot.h"

#include <QHash>

int LockSnapshot::waitingCount() const
{
    int waiting = 0;
    for (const LockTransaction& trx : transactions)
        waiting += trx.blockedBy.isEmpty() ? 0 : 1;
    return waiting;
}

int LockSnapshot::longestQueue() const
{
    QHash<QString, int> waitersPerBlocker;
    int longest = 0;
    for (const LockTransaction& trx : transactions) {
        for (const QString& blocker : trx.blockedBy)
            longest = std::max(longest, ++waitersPerBlocker[blocker]);
    }
    return longest;
}
