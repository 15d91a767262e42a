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
    // Each waiter walks its waits to the roots it leads to: a transaction that waits for no one
    // (or was not read), or the one where a cycle of waits closes.
    QHash<QString, BlockingChain> chains;
    for (const LockTransaction& waiter : transactions) {
        if (waiter.blockedBy.isEmpty())
            continue;
        QSet<QString> onPath;
        QSet<QString> done;
        QSet<QString> roots;
        const std::function<void(const QString&, int)> walk = [&](const QString& id, int depth) {
            if (onPath.contains(id)) { // a cycle closes here
                roots.insert(id);
                return;
            }
            if (done.contains(id))
                return;
            const LockTransaction* trx = byId.value(id);
            if (depth > 0 && (!trx || trx->blockedBy.isEmpty())) {
                roots.insert(id);
                chains[id].depth = std::max(chains[id].depth, depth);
                done.insert(id);
                return;
            }
            onPath.insert(id);
            for (const QString& next : trx->blockedBy)
                walk(next, depth + 1);
            onPath.remove(id);
            done.insert(id);
        };
        walk(waiter.trxId, 0);
        for (const QString& root : std::as_const(roots)) {
            BlockingChain& chain = chains[root];
            chain.rootTrxId = root;
            chain.root = byId.value(root);
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
