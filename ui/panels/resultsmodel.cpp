#include "ui/panels/resultsmodel.h"

#include "app/report/strategycolors.h"

using ResultColumns::Column;

ResultsModel::ResultsModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_columns(ResultColumns::of(ResultColumns::Table::Window))
{
}

void ResultsModel::append(const SourcedResult& row)
{
    const int at = static_cast<int>(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.append(row);
    endInsertRows();
}

int ResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SourcedResult& row = m_rows.at(index.row());
    const Column column = m_columns.at(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return ResultColumns::text(column, row);
    case SortRole:
        return ResultColumns::sortValue(column, row);
    case Qt::TextAlignmentRole:
        return ResultColumns::isNumber(column) ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ForegroundRole:
        if (column == Column::Strategy)
            return StrategyColors::of(row.result.strategy);
        if (column == Column::Verdict)
            return row.result.isBad() ? StrategyColors::unsafe() : StrategyColors::safe();
        if (ResultColumns::flagged(column, row))
            return StrategyColors::unsafe();
        return {};
    case Qt::ToolTipRole:
        if (column == Column::Verdict)
            return ResultColumns::verdictDetail(row.result);
        if (column == Column::Strategy && !row.result.safe)
            return tr(
                "An unsafe baseline: it oversells on purpose, to show what the other strategies prevent.");
        return {};
    default:
        return {};
    }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return ResultColumns::header(m_columns.at(section));
    if (role == Qt::ToolTipRole)
        return ResultColumns::toolTip(m_columns.at(section));
    return {};
}
