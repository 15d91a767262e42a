// The lock inspector's table model: a new picture is applied row by row (rows kept are changed
// in place, only the changed span is announced), checked by QAbstractItemModelTester.
#include "ui/panels/locktablemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

namespace {

LockTransaction transaction(const QString& id, long long connection, const QStringList& blockedBy = {})
{
    LockTransaction trx;
    trx.trxId = id;
    trx.threadId = connection;
    trx.state = blockedBy.isEmpty() ? QStringLiteral("RUNNING") : QStringLiteral("LOCK WAIT");
    trx.waitingS = blockedBy.isEmpty() ? 0.0 : 2.6;
    trx.lockMode = QStringLiteral("X");
    trx.lockTable = QStringLiteral("`lockbench`.`stock`");
    trx.lockRow = QStringLiteral("1");
    trx.blockedBy = blockedBy;
    trx.statement = QStringLiteral("UPDATE stock SET qty = qty - 1 WHERE sku_id = 1");
    return trx;
}

QList<LockTransaction> queue(int waiters)
{
    QList<LockTransaction> rows { transaction(QStringLiteral("100"), 7) };
    for (int i = 0; i < waiters; ++i)
        rows << transaction(QString::number(101 + i), 8 + i, { QStringLiteral("100") });
    return rows;
}

} // namespace

class TestLockTableModel : public QObject {
    Q_OBJECT
private slots:
    void cellsSayWhoWaitsForWhom()
    {
        LockTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTransactions(queue(2));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(LockTableModel::ColumnCount));
        QCOMPARE(model.headerData(LockTableModel::BlockedBy, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("blocked by"));
        QCOMPARE(model.data(model.index(0, LockTableModel::Connection), Qt::DisplayRole).toString(),
            QStringLiteral("7"));
        QCOMPARE(model.data(model.index(0, LockTableModel::WaitingS), Qt::DisplayRole).toString(),
            QString()); // the holder waits for nothing
        QCOMPARE(model.data(model.index(1, LockTableModel::WaitingS), Qt::DisplayRole).toString(),
            QStringLiteral("2"));
        QCOMPARE(model.data(model.index(2, LockTableModel::BlockedBy), Qt::DisplayRole).toString(),
            QStringLiteral("100"));
        QCOMPARE(model.data(model.index(2, LockTableModel::Statement), Qt::ToolTipRole).toString(),
            QStringLiteral("UPDATE stock SET qty = qty - 1 WHERE sku_id = 1"));
    }

    // A queue that grows by two: two rows inserted, the rows already shown left alone.
    void aLongerQueueInsertsOnlyTheNewRows()
    {
        LockTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTransactions(queue(3));
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setTransactions(queue(5));
        QCOMPARE(model.rowCount(), 6);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 4);
        QCOMPARE(inserted.first().at(2).toInt(), 5);
        QCOMPARE(changed.size(), 0);
        QCOMPARE(reset.size(), 0);
    }

    // One waiter's figure changes: one announcement, for that row only.
    void oneChangedRowIsAnnouncedAlone()
    {
        LockTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<LockTransaction> rows = queue(4);
        model.setTransactions(rows);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        rows[2].waitingS = 7.0;
        model.setTransactions(rows);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 2);
        QCOMPARE(changed.first().at(1).toModelIndex().row(), 2);
        QCOMPARE(model.data(model.index(2, LockTableModel::WaitingS), Qt::DisplayRole).toString(),
            QStringLiteral("7"));
        model.setTransactions(rows); // the same picture again: nothing to announce
        QCOMPARE(changed.size(), 1);
    }

    // The queue drains: the rows beyond the new count go, the first is changed in place.
    void aShorterQueueRemovesTheRest()
    {
        LockTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTransactions(queue(4));
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.setTransactions({ transaction(QStringLiteral("200"), 30) });
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.first().at(1).toInt(), 1);
        QCOMPARE(removed.first().at(2).toInt(), 4);
        QCOMPARE(model.transaction(0).trxId, QStringLiteral("200"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_APPLESS_MAIN(TestLockTableModel)
#include "tst_locktablemodel.moc"
