#include "ui/panels/locktablemodel.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>

namespace {

const char* const kHeaders[] = { QT_TRANSLATE_NOOP("LockInspectorPanel", "trx"),
    QT_TRANSLATE_NOOP("LockInspectorPanel", "connection"), QT_TRANSLATE_NOOP("LockInspectorPanel", "state"),
    QT_TRANSLATE_NOOP("LockInspectorPanel", "waiting s"), QT_TRANSLATE_NOOP("LockInspectorPanel", "lock"),
    QT_TRANSLATE_NOOP("LockInspectorPanel", "table"), QT_TRANSLATE_NOOP("LockInspectorPanel", "row"),
    QT_TRANSLATE_NOOP("LockInspectorPanel", "blocked by"),
    QT_TRANSLATE_NOOP("LockInspectorPanel", "statement") };
static_assert(std::size(kHeaders) == LockTableModel::ColumnCount);

} // namespace

LockTableModel::LockTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void LockTableModel::setTransactions(const QList<LockTransaction>& transactions)
{
    const int kept = static_cast<int>(std::min(m_rows.size(), transactions.size()));
    if (transactions.size() < m_rows.size()) {
        beginRemoveRows({}, kept, static_cast<int>(m_rows.size()) - 1);
        m_rows.resize(kept);
        endRemoveRows();
    }
    // One announcement for the span of rows that changed, not one per row.
    int firstChanged = -1;
    int lastChanged = -1;
    for (int row = 0; row < kept; ++row) {
        if (sameCells(m_rows[row], transactions[row]))
            continue;
        m_rows[row] = transactions[row];
        if (firstChanged < 0)
            firstChanged = row;
        lastChanged = row;
    }
    if (firstChanged >= 0)
        emit dataChanged(index(firstChanged, 0), index(lastChanged, ColumnCount - 1), { Qt::DisplayRole });
    if (transactions.size() > kept) {
        beginInsertRows({}, kept, static_cast<int>(transactions.size()) - 1);
        m_rows.append(transactions.mid(kept));
        endInsertRows();
    }
}

int LockTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int LockTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LockTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size()
        || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const QString text = cell(m_rows.at(index.row()), index.column());
    // The statement is often longer than its column: its tool tip holds all of it.
    if (role == Qt::ToolTipRole)
        return index.column() == Statement ? QVariant(text) : QVariant();
    return text;
}

QVariant LockTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    return QCoreApplication::translate("LockInspectorPanel", kHeaders[section]);
}

QString LockTableModel::cell(const LockTransaction& trx, int column)
{
    switch (static_cast<Column>(column)) {
    case Trx:
        return trx.trxId;
    case Connection:
        return QString::number(trx.threadId);
    case State:
        return trx.state;
    case WaitingS:
        return trx.blockedBy.isEmpty() ? QString() : QString::number(static_cast<int>(trx.waitingS));
    case Lock:
        return trx.lockMode;
    case Table:
        return trx.lockTable;
    case Row:
        return trx.lockRow;
    case BlockedBy:
        return trx.blockedBy.join(QStringLiteral(", "));
    case Statement:
        return trx.statement;
    case ColumnCount:
        break;
    }
    return {};
}

bool LockTableModel::sameCells(const LockTransaction& a, const LockTransaction& b)
{
    for (int column = 0; column < ColumnCount; ++column) {
        if (cell(a, column) != cell(b, column))
            return false;
    }
    return true;
}
