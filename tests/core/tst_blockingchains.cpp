// Blocking chains from a lock picture set by hand: the root of each chain with every
// transaction whose wait leads to it, and how long the waiters have waited.
#include "app/core/locksnapshot.h"

#include <QTest>

namespace {

LockTransaction trx(const QString& id, QStringList blockedBy = {}, double waitingS = 0.0)
{
    LockTransaction t;
    t.trxId = id;
    t.blockedBy = std::move(blockedBy);
    t.waitingS = waitingS;
    t.state = t.blockedBy.isEmpty() ? QStringLiteral("RUNNING") : QStringLiteral("LOCK WAIT");
    return t;
}

} // namespace

class TestBlockingChains : public QObject {
    Q_OBJECT
private slots:
    void theRootCountsEveryoneBehindIt()
    {
        // 1 holds the hot row; 2 and 3 wait for it; 4 waits for 2 (a second row 2 holds); 6 for 5.
        LockSnapshot s;
        s.transactions = { trx("1"), trx("2", { "1" }, 3.0), trx("3", { "1" }, 0.5), trx("4", { "2" }, 25.0),
            trx("5"), trx("6", { "5" }, 7.0) };
        const QList<BlockingChain> chains = s.blockingChains();
        QCOMPARE(chains.size(), 2);
        QCOMPARE(chains[0].rootTrxId, QStringLiteral("1"));
        QCOMPARE(chains[0].waitingBehind, 3);
        QCOMPARE(chains[0].depth, 2);
        QVERIFY(chains[0].root && chains[0].root->state == QLatin1String("RUNNING"));
        QCOMPARE(chains[1].rootTrxId, QStringLiteral("5"));
        QCOMPARE(chains[1].waitingBehind, 1);
        const std::array<int, LockSnapshot::kWaitAgeBuckets> ages = s.waitAges();
        QCOMPARE(ages[0], 1); // 0.5 s
        QCOMPARE(ages[1], 1); // 3 s
        QCOMPARE(ages[2], 1); // 7 s
        QCOMPARE(ages[3], 1); // 25 s
    }

    // MariaDB names every transaction ahead in a row's queue as a blocker: the most waiters the
    // inspector reads (200) make 20,000 waits. One chain, with everyone behind its holder, and
    // the longest path of waits through the whole queue. Walked from each waiter on its own, as
    // it once was, this took seconds of the window's thread on a busy machine.
    void aCrowdedQueueIsOneChain()
    {
        LockSnapshot s;
        s.transactions.append(trx(QStringLiteral("0")));
        for (int waiter = 1; waiter <= LockSnapshot::kMostWaitersRead; ++waiter) {
            QStringList ahead;
            for (int before = 0; before < waiter; ++before)
                ahead << QString::number(before);
            s.transactions.append(trx(QString::number(waiter), ahead));
        }
        const QList<BlockingChain> chains = s.blockingChains();
        QCOMPARE(chains.size(), 1);
        QCOMPARE(chains[0].rootTrxId, QStringLiteral("0"));
        QCOMPARE(chains[0].waitingBehind, LockSnapshot::kMostWaitersRead);
        QCOMPARE(chains[0].depth, LockSnapshot::kMostWaitersRead);
    }

    void aBlockerNotReadIsStillARoot()
    {
        LockSnapshot s;
        s.transactions = { trx("7", { "99" }), trx("8", { "99" }) };
        const QList<BlockingChain> chains = s.blockingChains();
        QCOMPARE(chains.size(), 1);
        QCOMPARE(chains[0].rootTrxId, QStringLiteral("99"));
        QCOMPARE(chains[0].root, nullptr);
        QCOMPARE(chains[0].waitingBehind, 2);
    }

    void aCycleEndsTheWalk()
    {
        // A deadlock the server has yet to break: each waits for the other, and 3 waits for 1.
        LockSnapshot s;
        s.transactions = { trx("1", { "2" }), trx("2", { "1" }), trx("3", { "1" }) };
        const QList<BlockingChain> chains = s.blockingChains();
        int behind = 0;
        for (const BlockingChain& chain : chains)
            behind += chain.waitingBehind;
        QVERIFY(!chains.isEmpty());
        QVERIFY(behind >= 3); // every waiter counted, none lost in the loop
    }
};

QTEST_APPLESS_MAIN(TestBlockingChains)
#include "tst_blockingchains.moc"
