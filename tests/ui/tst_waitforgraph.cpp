// The wait-for graph's grouping: one queue per contended row, holders first, waiters in
// the order they queued.
#include "ui/panels/lockinspectorpanel.h"
#include "ui/panels/waitagestrip.h"
#include "ui/panels/waitforgraph.h"

#include <QLabel>
#include <QTableView>

#include <QSignalSpy>
#include <QTest>

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
            trx(QStringLiteral("12"), QStringLiteral("1"), 0.0,
                { QStringLiteral("10"), QStringLiteral("11") }),
            trx(QStringLiteral("11"), QStringLiteral("1"), 0.0, { QStringLiteral("10") }),
            trx(QStringLiteral("13"), QStringLiteral("1"), 0.0,
                { QStringLiteral("10"), QStringLiteral("11"), QStringLiteral("12") }),
            trx(QStringLiteral("20"), QStringLiteral("7"), 0, {}) };
        const QList<WaitForGraph::Queue> queues = WaitForGraph::queues(snapshot);
        QCOMPARE(queues.size(), 1);
        QCOMPARE(queues.first().row, QStringLiteral("1"));
        QCOMPARE(queues.first().holders, QStringList { QStringLiteral("10") });
        QCOMPARE(queues.first().waiters,
            (QStringList { QStringLiteral("11"), QStringLiteral("12"), QStringLiteral("13") }));
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

    void sixtyThreeWaitersAreAllInViewAndTheTableIsInQueueOrder()
    {
        // A 64-thread pessimistic run on one hot row: one holder, 63 waiters, listed by the
        // server in no useful order.
        LockSnapshot snapshot;
        QStringList ahead = { QStringLiteral("1000") };
        QList<LockTransaction> waiters;
        for (int i = 1; i <= 63; ++i) {
            const QString id = QString::number(1000 + i);
            waiters.append(trx(id, QStringLiteral("1"), 0.0, ahead));
            ahead << id;
        }
        std::reverse(waiters.begin(), waiters.end());
        snapshot.transactions = waiters;
        snapshot.transactions.insert(20, trx(QStringLiteral("1000"), QStringLiteral("1"), 0, {}));

        LockInspectorPanel panel;
        panel.resize(640, 480);
        panel.setSnapshot(snapshot);
        WaitForGraph* graph = panel.graph();
        QCOMPARE(graph->currentQueues().size(), 1);
        QCOMPARE(graph->currentQueues().first().waiters.size(), 63);
        // At 640 px the queue wraps onto lines; the height it asks for holds all 64 boxes.
        QVERIFY(graph->hasHeightForWidth());
        const int perLine = (640 - 16 + 16) / (74 + 16);
        const int lines = (64 + perLine - 1) / perLine;
        QVERIFY2(graph->heightForWidth(640) >= lines * 30,
            qPrintable(QStringLiteral("%1 px for %2 lines").arg(graph->heightForWidth(640)).arg(lines)));
        QVERIFY(graph->heightForWidth(640) > graph->heightForWidth(1600)); // narrower, taller

        // The table: the holder first, then the waiters from the head of the queue.
        const QAbstractItemModel* table = panel.table()->model();
        QCOMPARE(table->rowCount(), 64);
        for (int row = 0; row < 64; ++row)
            QCOMPARE(table->data(table->index(row, 0)).toString(), QString::number(1000 + row));

        // Frozen, the panel keeps its picture; thawed, it shows the latest at once.
        panel.setFrozen(true);
        LockSnapshot later;
        later.transactions = { trx(QStringLiteral("5"), QString(), 0, {}) };
        panel.setSnapshot(later);
        QCOMPARE(table->rowCount(), 64);
        panel.setFrozen(false);
        QCOMPARE(table->rowCount(), 1);

        // At a class's pace the picture changes every 2 s of run, not at every sample.
        panel.setPace(2.0);
        QCOMPARE(panel.pace(), 2.0);
        const auto at = [&](double elapsedS, int transactions) {
            LockSnapshot s;
            s.strategy = QStringLiteral("pessimistic");
            s.elapsedS = elapsedS;
            for (int i = 0; i < transactions; ++i)
                s.transactions.append(trx(QString::number(100 + i), QString(), 0, {}));
            panel.setSnapshot(s);
            return table->rowCount();
        };
        QCOMPARE(at(1.0, 3), 3); // a new strategy shows at once
        QCOMPARE(at(1.25, 4), 3);
        QCOMPARE(at(2.75, 5), 3);
        QCOMPARE(at(3.0, 6), 6);
        panel.setPace(0.0);
        QCOMPARE(at(3.25, 7), 7);
    }

    void frozenPicturesStepSampleBySample()
    {
        // For a class: freeze, then walk the recorded pictures one sample at a time while the
        // run goes on, and thaw to the latest.
        LockInspectorPanel panel;
        const auto feed = [&](int transactions) {
            LockSnapshot s;
            s.strategy = QStringLiteral("pessimistic");
            s.elapsedS = 0.25 * transactions;
            for (int i = 0; i < transactions; ++i)
                s.transactions.append(trx(QString::number(100 + i), QString(), 0, {}));
            panel.setSnapshot(s);
        };
        for (int n = 1; n <= 5; ++n)
            feed(n);
        const QAbstractItemModel* table = panel.table()->model();
        QCOMPARE(table->rowCount(), 5);
        panel.step(-1); // not frozen: nothing to step
        QCOMPARE(table->rowCount(), 5);
        panel.setFrozen(true);
        panel.step(-1);
        QCOMPARE(table->rowCount(), 4);
        for (int i = 0; i < 10; ++i)
            panel.step(-1);
        QCOMPARE(table->rowCount(), 1); // the first recorded
        feed(6); // the run goes on behind the frozen picture
        QCOMPARE(table->rowCount(), 1);
        panel.step(2);
        QCOMPARE(table->rowCount(), 3);
        QVERIFY2(panel.summary().contains(QLatin1String("(picture 3 of the 6 recorded)")),
            qPrintable(panel.summary()));
        panel.step(10);
        QCOMPARE(table->rowCount(), 6); // up to the latest, and no further
        panel.setFrozen(false);
        feed(7);
        QCOMPARE(table->rowCount(), 7);
    }

    void eachChainsRootIsNamedAndTheAgesAreDrawn()
    {
        // 1000 holds the hot row with 1001 and 1002 behind it; 1003 waits for 1001's second row.
        LockSnapshot snapshot;
        snapshot.strategy = QStringLiteral("pessimistic");
        snapshot.transactions = { trx(QStringLiteral("1000"), QStringLiteral("1"), 0, {}),
            trx(QStringLiteral("1001"), QStringLiteral("1"), 6.0, { QStringLiteral("1000") }),
            trx(QStringLiteral("1002"), QStringLiteral("1"), 0.0, { QStringLiteral("1000") }),
            trx(QStringLiteral("1003"), QStringLiteral("2"), 2.0, { QStringLiteral("1001") }) };
        LockInspectorPanel panel;
        panel.resize(640, 480);
        panel.setSnapshot(snapshot);
        QCOMPARE(panel.chains(),
            QStringLiteral("Root blockers: trx 1000 (connection 2000, RUNNING) with 3 waiting behind it."));
        QCOMPARE(panel.waitAges()->pictures(), 1);
        snapshot.elapsedS = 0.25;
        panel.setSnapshot(snapshot);
        QCOMPARE(panel.waitAges()->pictures(), 2);
        // A picture of the next strategy starts the strip afresh.
        snapshot.strategy = QStringLiteral("queued");
        panel.setSnapshot(snapshot);
        QCOMPARE(panel.waitAges()->pictures(), 1);
    }

    void aCostlyLookSaysWhyTheNextWaits()
    {
        LockSnapshot snapshot;
        snapshot.strategy = QStringLiteral("slotted-partitioned");
        snapshot.transactions = { trx(QStringLiteral("1000"), QStringLiteral("1"), 0, {}),
            trx(QStringLiteral("1001"), QStringLiteral("1"), 0.5, { QStringLiteral("1000") }) };
        snapshot.lookMs = 1.6;
        snapshot.nextLookAfterMs = 80; // cheap: looks come with the samples, nothing to say
        LockInspectorPanel panel;
        panel.setSnapshot(snapshot);
        QVERIFY2(!panel.chains().contains(QLatin1String("ms")), qPrintable(panel.chains()));
        snapshot.lookMs = 17.1;
        snapshot.nextLookAfterMs = 900;
        panel.setSnapshot(snapshot);
        QVERIFY2(panel.chains().endsWith(QLatin1String(
                     "This look took the server 17.1 ms, so the next one waits 0.9 s: looking takes "
                     "at most 2 % of the run.")),
            qPrintable(panel.chains()));
    }

    void anUnwatchedInspectorSaysSo()
    {
        LockInspectorPanel panel;
        panel.runStarted(false);
        QVERIFY(panel.findChild<QLabel*>() != nullptr);
        bool said = false;
        for (const QLabel* label : panel.findChildren<QLabel*>())
            said = said || label->text().contains(QLatin1String("off in this experiment"));
        QVERIFY(said);
    }
};

QTEST_MAIN(TestWaitForGraph)
#include "tst_waitforgraph.moc"
