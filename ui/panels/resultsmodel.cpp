#include "ui/panels/resultsmodel.h"

#include "app/report/reportgroup.h"
#include "app/report/reportsection.h"

#include "app/report/strategycolors.h"
#include "app/results/spreadcolumns.h"
#include "app/session/resultlist.h"

using ResultColumns::Column;

ResultsModel::ResultsModel(const ResultList* results, QObject* parent)
    : QAbstractTableModel(parent)
    , m_results(results)
    , m_columns(ResultColumns::of(ResultColumns::Table::Window))
    , m_spreadColumn(static_cast<int>(m_columns.indexOf(Column::OrdersPerS)) + 1)
{
    regroup();
    follow();
}

const QList<SourcedResult>& ResultsModel::rows() const
{
    return m_results->rows();
}

void ResultsModel::follow()
{
    using Model = QAbstractItemModel;
    connect(m_results, &Model::rowsAboutToBeInserted, this,
        [this](const QModelIndex&, int first, int last) { beginInsertRows({}, first, last); });
    connect(m_results, &Model::rowsInserted, this, [this] {
        regroup();
        endInsertRows();
        spreadChanged();
    });
    connect(m_results, &Model::dataChanged, this, [this] {
        regroup(); // a lost run's audit may change its figures, a new name its group
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    });
    connect(m_results, &Model::rowsAboutToBeRemoved, this,
        [this](const QModelIndex&, int first, int last) { beginRemoveRows({}, first, last); });
    connect(m_results, &Model::rowsRemoved, this, [this] {
        regroup();
        endRemoveRows();
        spreadChanged();
    });
    connect(m_results, &Model::modelAboutToBeReset, this, [this] { beginResetModel(); });
    connect(m_results, &Model::modelReset, this, [this] {
        regroup();
        endResetModel();
    });
}

void ResultsModel::spreadChanged()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, m_spreadColumn), index(rowCount() - 1, m_spreadColumn));
}

void ResultsModel::regroup()
{
    m_summaries = RepeatSummary::of(rows());
    m_summaryOfRow.resize(rows().size());
    for (int summary = 0; summary < m_summaries.size(); ++summary) {
        for (const int member : std::as_const(m_summaries[summary].rows))
            m_summaryOfRow[member] = summary;
    }
}

int ResultsModel::indexOf(Column column) const
{
    const int shared = static_cast<int>(m_columns.indexOf(column));
    return shared < 0 || shared < m_spreadColumn ? shared : shared + 1;
}

QVariant ResultsModel::spreadData(int row, int role) const
{
    const RepeatSummary& summary = m_summaries.at(m_summaryOfRow.at(row));
    switch (role) {
    case Qt::DisplayRole:
        return SpreadColumns::text(SpreadColumns::Column::OrdersSpread, summary);
    case SortRole:
        return summary.ordersPerS.median;
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        if (summary.n() < 2)
            return {};
        QString tip = tr("%1 runs; interval of the median %2")
                          .arg(summary.n())
                          .arg(SpreadColumns::interval(summary.ordersPerS, 0));
        if (!summary.notSeparableFrom.isEmpty())
            tip += QLatin1Char('\n')
                + tr("Not separable from %1").arg(summary.notSeparableFrom.join(QStringLiteral(", ")));
        return tip;
    }
    default:
        return {};
    }
}

int ResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_results->size();
}

int ResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size()) + 1;
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (index.column() == m_spreadColumn)
        return spreadData(index.row(), role);
    const SourcedResult& row = m_results->at(index.row());
    const Column column = m_columns.at(sharedIndex(index.column()));
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
            return QString(
                tr("An unsafe baseline: it oversells on purpose, to show what the other strategies prevent.")
                + QLatin1Char('\n') + experimentText(row.result));
        return experimentText(row.result); // each row its own experiment, whatever the form shows now

    default:
        return {};
    }
}

QString ResultsModel::experimentText(const StrategyResult& result)
{
    ReportGroup group;
    group.experiment = result.experiment;
    return tr("Experiment: %1").arg(ReportSection::summary(group));
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == m_spreadColumn) {
        if (role == Qt::DisplayRole)
            return SpreadColumns::header(SpreadColumns::Column::OrdersSpread);
        if (role == Qt::ToolTipRole)
            return SpreadColumns::toolTip(SpreadColumns::Column::OrdersSpread);
        return {};
    }
    if (role == Qt::DisplayRole)
        return ResultColumns::header(m_columns.at(sharedIndex(section)));
    if (role == Qt::ToolTipRole)
        return ResultColumns::toolTip(m_columns.at(sharedIndex(section)));
    return {};
}
