#include "app/session/resultlist.h"

void ResultList::append(const SourcedResult& row)
{
    const int index = size();
    beginInsertRows({}, index, index);
    m_rows.append(row);
    endInsertRows();
}

bool ResultList::remove(int index)
{
    if (index < 0 || index >= size())
        return false;
    beginRemoveRows({}, index, index);
    m_rows.removeAt(index);
    endRemoveRows();
    return true;
}

void ResultList::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int ResultList::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : size();
}

QVariant ResultList::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SourcedResult& row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return row.source.isEmpty() ? row.result.strategy
                                    : row.source + QLatin1Char(' ') + row.result.strategy;
    case ResultRole:
        return QVariant::fromValue(row);
    default:
        return {};
    }
}
