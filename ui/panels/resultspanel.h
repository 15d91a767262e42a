#pragma once

#include "app/core/sourcedresult.h"

#include <QList>
#include <QWidget>

class ExplanationView;
class QLabel;
class QModelIndex;
class QSortFilterProxyModel;
class QTableView;
class ResultList;
class ResultsModel;

// One row per finished strategy, kept for the whole session so that runs can be compared:
// a view on the session's results through a ResultsModel, sorted by any column.
class ResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPanel(const ResultList* results, QWidget* parent = nullptr);

    QList<StrategyResult> results() const;
    const QList<SourcedResult>& rows() const;
    ResultsModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    // The text of a cell, by column header, as the model gives it to the view.
    QString cell(int row, const QString& header) const;
    // The same for the row the view shows at `viewRow`, in the order a click on a header chose.
    QString shownCell(int viewRow, const QString& header) const;
    ExplanationView* explanation() const { return m_explanation; }
    // The latest experiment's rows compared in plain words ("queued sold 28x as fast as ...").
    QString comparison() const;
    // Whether the predicted rates show: a lesson keeps them hidden until the class has guessed.
    void setPredictionsShown(bool shown);

signals:
    // A person asked, from the rows' context menu; the session decides and tells back.
    void renameRequested(int row, const QString& label);
    void removeRequested(int row);
    void clearRequested();

private:
    void followResults(const ResultList* results);
    void showColumnsWithFigures();
    void updateComparison();
    void showRowMenu(const QPoint& at);
    int modelRow(const QModelIndex& viewIndex) const; // -1 for no row

    ResultsModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_view;
    ExplanationView* m_explanation;
    QLabel* m_comparison;
    bool m_predictionsShown = true;
};
