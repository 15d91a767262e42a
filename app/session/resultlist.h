#pragma once

#include "app/core/sourcedresult.h"

#include <QAbstractListModel>
#include <QList>

// The session's results in the order they came: runs of this session ("#3") and results
// opened from files, as a list model, one row each. A view's model reads the rows in place
// and follows Qt's own announcements of every change.
class ResultList : public QAbstractListModel {
    Q_OBJECT
public:
    // The row's SourcedResult; the display role names it ("#3 pessimistic").
    static constexpr int ResultRole = Qt::UserRole + 1;

    using QAbstractListModel::QAbstractListModel;

    const QList<SourcedResult>& rows() const { return m_rows; }
    int size() const { return static_cast<int>(m_rows.size()); }
    const SourcedResult& at(int index) const { return m_rows.at(index); }

    void append(const SourcedResult& row);
    // Changes the row at `index` in place (a lost run audited, a new name); false if none.
    template <typename Change> bool update(int index, Change change)
    {
        if (index < 0 || index >= size())
            return false;
        change(m_rows[index]);
        emit dataChanged(this->index(index), this->index(index));
        return true;
    }
    bool remove(int index);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QList<SourcedResult> m_rows;
};
