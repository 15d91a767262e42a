// The wait-for graph's grouping: one queue per contended row, holders first, waiters in
// the order they queued.
#include "ui/panels/waitforgraph.h"

#include <QtTest>

namespace {

LockTransaction trx(const QString& id, const QString& row, double waitingS, const QStringList& blockedBy)
{
    LockTransaction t;
    t.trxId = id;
    t.threadId = id.toLongLong() + 1000;
    t.state = blockedBy.isEmpty() ? QStringLiteral("RUNNING") : QStringLiteral("LOCK WAIT");
    t.lockTable = QStringLiteral("`lockbench`.`inventory`");
    t.lockRow = row;
    t.lockMode = QStringLiteral("X");
    t.waitingS = waitingS;
    t.blockedBy = blockedBy;
    return t;
}

} // namespace

class TestWaitForGraph : public QObject {
    Q_OBJECT

private slots:
    void hotRowIsOneQueueInWaitingOrder()
    {
        LockSnapshot snapshot;
        // InnoDB lists each waiter as blocked by the holder and by the waiters queued before it.
        snapshot.transactions = { trx(QStringLiteral("10"), QStringLiteral("1"), 0, {}),
            // The server's wait times are whole seconds: equal here, so the blockers give the order.
            trx(QStringLiteral("12"), QStringLiteral("1"), 0.0, { QStringLiteral("10"), QStringLiteral("11") }),
            trx(QStringLiteral("11"), QStringLiteral("1"), 0.0, { QStringLiteral("10") }),
            trx(QStringLiteral("13"), QStringLiteral("1"), 0.0, { QStringLiteral("10"), QStringLiteral("11"), QStringLiteral("12") }),
            trx(QStringLiteral("20"), QStringLiteral("7"), 0, {}) };
        const QList<WaitForGraph::Queue> queues = WaitForGraph::queues(snapshot);
        QCOMPARE(queues.size(), 1);
        QCOMPARE(queues.first().row, QStringLiteral("1"));
        QCOMPARE(queues.first().holders, QStringList { QStringLiteral("10") });
        QCOMPARE(queues.first().waiters, (QStringList { QStringLiteral("11"), QStringLiteral("12"), QStringLiteral("13") }));
        QCOMPARE(snapshot.longestQueue(), 3);
        QCOMPARE(snapshot.waitingCount(), 3);
    }

    void deadlockCycleShowsTwoQueuesEachHeldByTheOther()
    {
        LockSnapshot snapshot;
        snapshot.transactions = { trx(QStringLiteral("1"), QStringLiteral("2"), 0.2, { QStringLiteral("2") }),
            trx(QStringLiteral("2"), QStringLiteral("1"), 0.1, { QStringLiteral("1") }) };
        const QList<WaitForGraph::Queue> queues = WaitForGraph::queues(snapshot);
        QCOMPARE(queues.size(), 2);
        for (const WaitForGraph::Queue& queue : queues) {
            QCOMPARE(queue.waiters.size(), 1);
            QCOMPARE(queue.holders.size(), 1);
            QVERIFY(queue.holders.first() != queue.waiters.first());
        }
    }

    void nobodyWaitingMeansNoQueue()
    {
        LockSnapshot snapshot;
        snapshot.transactions = { trx(QStringLiteral("1"), QString(), 0, {}) };
        QVERIFY(WaitForGraph::queues(snapshot).isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestWaitForGraph)
#include "tst_waitforgraph.moc"
