#include "app/core/locksnapshot.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <functional>

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

QList<BlockingChain> LockSnapshot::blockingChains() const
{
    QHash<QString, const LockTransaction*> byId;
    for (const LockTransaction& trx : transactions)
        byId.insert(trx.trxId, &trx);
    // The roots a transaction's waits lead to (one that waits for no one, or was not read, or
    // the one where a cycle of waits closes), each with the longest path of waits down to it.
    // Worked out once per transaction: MariaDB names every transaction ahead in a row's queue
    // as a blocker, so 200 waiters make 20,000 waits, and a walk from each waiter took seconds
    // of the window's thread on a busy machine.
    using Roots = QHash<QString, int>;
    QHash<QString, Roots> reach;
    QSet<QString> onPath;
    const std::function<Roots(const QString&)> rootsOf = [&](const QString& id) -> Roots {
        if (const auto known = reach.constFind(id); known != reach.cend())
            return *known;
        if (onPath.contains(id)) // a cycle closes here
            return Roots { { id, 0 } };
        const LockTransaction* trx = byId.value(id);
        if (!trx || trx->blockedBy.isEmpty()) {
            reach.insert(id, Roots { { id, 0 } });
            return reach.value(id);
        }
        onPath.insert(id);
        Roots roots;
        for (const QString& next : trx->blockedBy) {
            const Roots further = rootsOf(next);
            for (auto it = further.cbegin(); it != further.cend(); ++it)
                roots[it.key()] = std::max(roots.value(it.key()), it.value() + 1);
        }
        onPath.remove(id);
        reach.insert(id, roots);
        return roots;
    };
    QHash<QString, BlockingChain> chains;
    for (const LockTransaction& waiter : transactions) {
        if (waiter.blockedBy.isEmpty())
            continue;
        const Roots roots = rootsOf(waiter.trxId);
        for (auto it = roots.cbegin(); it != roots.cend(); ++it) {
            BlockingChain& chain = chains[it.key()];
            chain.rootTrxId = it.key();
            chain.root = byId.value(it.key());
            chain.depth = std::max(chain.depth, it.value());
            ++chain.waitingBehind;
        }
    }
    QList<BlockingChain> ordered = chains.values();
    std::sort(ordered.begin(), ordered.end(), [](const BlockingChain& a, const BlockingChain& b) {
        return a.waitingBehind != b.waitingBehind ? a.waitingBehind > b.waitingBehind
                                                  : a.rootTrxId < b.rootTrxId;
    });
    return ordered;
}

double LockSnapshot::waitAgeBucketStart(int bucket)
{
    static constexpr double kStarts[kWaitAgeBuckets] = { 0.0, 1.0, 5.0, 20.0 };
    return kStarts[std::clamp(bucket, 0, kWaitAgeBuckets - 1)];
}

std::array<int, LockSnapshot::kWaitAgeBuckets> LockSnapshot::waitAges() const
{
    std::array<int, kWaitAgeBuckets> counts {};
    for (const LockTransaction& trx : transactions) {
        if (trx.blockedBy.isEmpty())
            continue;
        int bucket = kWaitAgeBuckets - 1;
        while (bucket > 0 && trx.waitingS < waitAgeBucketStart(bucket))
            --bucket;
        ++counts[static_cast<std::size_t>(bucket)];
    }
    return counts;
}
