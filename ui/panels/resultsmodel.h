#pragma once

#include "app/core/repeatsummary.h"
#include "app/results/resultcolumns.h"

#include <QAbstractTableModel>
#include <QList>

class ResultList;

// The session's results, read in place, one row each, in the window's columns of the shared
// column table, plus one column beside orders/s with the median and range over every run of
// the row's strategy on its experiment.
class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ResultsModel(const ResultList* results, QObject* parent = nullptr);

    const QList<SourcedResult>& rows() const;
    // The shared column shown at `column`; not for the spread column.
    ResultColumns::Column columnAt(int column) const { return m_columns.at(sharedIndex(column)); }
    // The column showing `column`, or -1.
    int indexOf(ResultColumns::Column column) const;
    // The column with the median and range of the row's repetitions.
    int spreadColumn() const { return m_spreadColumn; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The raw figure of a cell, for sorting proxies.
    static constexpr int SortRole = Qt::UserRole + 1;

private:
    static QString experimentText(const StrategyResult& result);
    int sharedIndex(int column) const { return column < m_spreadColumn ? column : column - 1; }
    QVariant spreadData(int row, int role) const;
    void follow(); // begins and ends each change the list announces
    void regroup(); // the repeat summaries and which row belongs to which
    void spreadChanged(); // a repetition added or gone moves the medians of the others

    const ResultList* m_results;
    QList<ResultColumns::Column> m_columns;
    int m_spreadColumn;
    QList<RepeatSummary> m_summaries;
    QList<int> m_summaryOfRow;
};
