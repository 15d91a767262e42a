#include "ui/panels/resultspanel.h"

#include "app/results/comparisonsentence.h"
#include "app/session/resultlist.h"

#include "ui/panels/explanationview.h"
#include "ui/panels/resultsmodel.h"

#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

ResultsPanel::ResultsPanel(const ResultList* results, QWidget* parent)
    : QWidget(parent)
    , m_model(new ResultsModel(results, this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_explanation(new ExplanationView(this))
    , m_comparison(new QLabel(this))
{
    // Sorted by any column's raw figure on a click of its header; until then, in run order.
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(ResultsModel::SortRole);
    m_view->setModel(m_sorted);
    showColumnsWithFigures();
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_view->verticalHeader()->setVisible(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // The last column ("why") holds sentences: it takes the width that is left, and the full
    // text is under the table.
    m_view->horizontalHeader()->setSectionResizeMode(m_model->columnCount() - 1, QHeaderView::Stretch);
    m_view->setWordWrap(false);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &ResultsPanel::showRowMenu);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    m_comparison->setWordWrap(true);
    m_comparison->setVisible(false);
    QFont bold = m_comparison->font();
    bold.setBold(true);
    m_comparison->setFont(bold);
    layout->addWidget(m_comparison);
    // The sentence scrolls past three lines, so that a small window keeps rows of the table.
    auto* why = new QScrollArea(this);
    why->setWidget(m_explanation);
    why->setWidgetResizable(true);
    why->setFrameShape(QFrame::NoFrame);
    why->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    why->setMaximumHeight(fontMetrics().lineSpacing() * 3 + 8);
    layout->addWidget(why);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            const int row = modelRow(current);
            if (row >= 0 && row < m_model->rows().size())
                m_explanation->show(m_model->rows().at(row));
        });
    followResults(results);
}

// After the model has taken each change in (it connected first): the sentences, the columns
// that have figures, and the row to explain.
void ResultsPanel::followResults(const ResultList* results)
{
    connect(results, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int, int row) {
        updateComparison();
        showColumnsWithFigures();
        // A view sizes its columns to their contents when it lays out, not when a model grows.
        m_view->resizeColumnsToContents();
        m_view->scrollToBottom();
        m_explanation->show(m_model->rows().at(row));
    });
    connect(results, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex& changed) {
        updateComparison();
        m_view->resizeColumnsToContents();
        m_explanation->show(m_model->rows().at(changed.row()));
    });
    const auto rowsGone = [this] {
        updateComparison();
        showColumnsWithFigures();
        m_explanation->clear();
    };
    connect(results, &QAbstractItemModel::rowsRemoved, this, rowsGone);
    connect(results, &QAbstractItemModel::modelReset, this, rowsGone);
}

void ResultsPanel::showColumnsWithFigures()
{
    // The claim workload's and a cluster's figures are zeros in every other row: shown only when a row has
    // them.
    const QList<SourcedResult>& rows = m_model->rows();
    const bool claims = std::any_of(rows.begin(), rows.end(),
        [](const SourcedResult& row) { return row.result.experiment.workload == WorkloadKind::Claim; });
    const bool cluster = std::any_of(
        rows.begin(), rows.end(), [](const SourcedResult& row) { return !row.result.nodes.isEmpty(); });
    const bool predicted
        = m_predictionsShown && std::any_of(rows.begin(), rows.end(), [](const SourcedResult& row) {
              return ResultColumns::hasFigure(ResultColumns::Column::Predicted, row.result);
          });
    for (int column = 0; column < m_model->columnCount(); ++column) {
        if (m_model->columnAt(column) == ResultColumns::Column::Predicted)
            m_view->setColumnHidden(column, !predicted);
        else if (ResultColumns::isClaimColumn(m_model->columnAt(column)))
            m_view->setColumnHidden(column, !claims);
        else if (ResultColumns::isClusterColumn(m_model->columnAt(column)))
            m_view->setColumnHidden(column, !cluster);
    }
}

void ResultsPanel::setPredictionsShown(bool shown)
{
    m_predictionsShown = shown;
    showColumnsWithFigures();
}

void ResultsPanel::showRowMenu(const QPoint& at)
{
    const int row = modelRow(m_view->indexAt(at));
    QMenu menu(this);
    if (row >= 0) {
        const SourcedResult& result = m_model->rows().at(row);
        menu.addAction(tr("Name this row…"), this, [this, row, result] {
            bool ok = false;
            const QString label = QInputDialog::getText(this, tr("Name the row"),
                tr("A name for %1's row (shown in the source column and in exports):")
                    .arg(result.result.strategy),
                QLineEdit::Normal, result.source, &ok);
            if (ok && !label.trimmed().isEmpty())
                emit renameRequested(row, label);
        });
        menu.addAction(tr("Remove this row"), this, [this, row] { emit removeRequested(row); });
    }
    QAction* clear = menu.addAction(tr("Clear all rows"), this, [this] { emit clearRequested(); });
    clear->setEnabled(m_model->rowCount() > 0);
    menu.exec(m_view->viewport()->mapToGlobal(at));
}

int ResultsPanel::modelRow(const QModelIndex& viewIndex) const
{
    return viewIndex.isValid() ? m_sorted->mapToSource(viewIndex).row() : -1;
}

QString ResultsPanel::shownCell(int viewRow, const QString& header) const
{
    for (int column = 0; column < m_sorted->columnCount(); ++column) {
        if (m_sorted->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString() == header)
            return m_sorted->data(m_sorted->index(viewRow, column), Qt::DisplayRole).toString();
    }
    return QString();
}

QList<StrategyResult> ResultsPanel::results() const
{
    QList<StrategyResult> results;
    results.reserve(m_model->rows().size());
    for (const SourcedResult& row : m_model->rows())
        results.append(row.result);
    return results;
}

const QList<SourcedResult>& ResultsPanel::rows() const
{
    return m_model->rows();
}

QString ResultsPanel::cell(int row, const QString& header) const
{
    for (int column = 0; column < m_model->columnCount(); ++column) {
        if (m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString() == header)
            return m_model->data(m_model->index(row, column), Qt::DisplayRole).toString();
    }
    return QString();
}

QString ResultsPanel::comparison() const
{
    return m_comparison->text();
}

void ResultsPanel::updateComparison()
{
    // The latest row's experiment, compared in plain words: what a class takes away.
    const QString text = ComparisonSentence::ofLatestExperiment(results());
    m_comparison->setText(text);
    m_comparison->setVisible(!text.isEmpty());
}
