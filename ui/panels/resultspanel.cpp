#include "ui/panels/resultspanel.h"

#include "ui/panels/explanationview.h"
#include "ui/panels/resultsmodel.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

ResultsPanel::ResultsPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new ResultsModel(this))
    , m_view(new QTableView(this))
    , m_explanation(new ExplanationView(this))
{
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSortingEnabled(false);
    m_view->verticalHeader()->setVisible(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // The last column ("why") holds sentences: it takes the width that is left, and the full
    // text is under the table.
    m_view->horizontalHeader()->setSectionResizeMode(m_model->columnCount() - 1, QHeaderView::Stretch);
    m_view->setWordWrap(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_explanation);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (current.isValid() && current.row() < m_model->rows().size())
            m_explanation->show(m_model->rows().at(current.row()));
    });
}

void ResultsPanel::addResult(const SourcedResult& result)
{
    m_model->append(result);
    // A view sizes its columns to their contents when it lays out, not when a model grows.
    m_view->resizeColumnsToContents();
    m_view->scrollToBottom();
    m_explanation->show(result);
}

void ResultsPanel::replaceResult(int row, const SourcedResult& result)
{
    m_model->replace(row, result);
    m_view->resizeColumnsToContents();
    m_explanation->show(result);
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
