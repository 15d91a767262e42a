#pragma once

#include "app/report/resultcolumns.h"

#include <QAbstractTableModel>
#include <QList>

// The session's finished results, one row each, in the window's columns of the shared
// column table. The model holds the data; the view only shows it.
class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ResultsModel(QObject* parent = nullptr);

    void append(const SourcedResult& row);
    const QList<SourcedResult>& rows() const { return m_rows; }
    ResultColumns::Column columnAt(int column) const { return m_columns.at(column); }
    // The column showing `column`, or -1.
    int indexOf(ResultColumns::Column column) const { return static_cast<int>(m_columns.indexOf(column)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The raw figure of a cell, for sorting proxies.
    static constexpr int SortRole = Qt::UserRole + 1;

private:
    QList<ResultColumns::Column> m_columns;
    QList<SourcedResult> m_rows;
};
