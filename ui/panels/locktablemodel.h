#pragma once

#include "app/core/locksnapshot.h"

#include <QAbstractTableModel>
#include <QList>

// The lock inspector's table: one row per transaction, in the order the panel gives (the
// queue on the hot row first). A new picture arrives four times a second with up to a thousand
// rows, so it is applied row by row: rows that stay are changed in place and only the rows
// whose cells differ are announced, rows beyond the new count are removed, new ones inserted.
class LockTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Trx, Connection, State, WaitingS, Lock, Table, Row, BlockedBy, Statement, ColumnCount };

    explicit LockTableModel(QObject* parent = nullptr);

    void setTransactions(const QList<LockTransaction>& transactions);
    void clear() { setTransactions({}); }
    const LockTransaction& transaction(int row) const { return m_rows.at(row); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    static QString cell(const LockTransaction& trx, int column);
    static bool sameCells(const LockTransaction& a, const LockTransaction& b);

    QList<LockTransaction> m_rows;
};
