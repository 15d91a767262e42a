#pragma once

#include "app/core/sourcedresult.h"

#include <QList>
#include <QObject>

// The session's results in the order they came: runs of this session ("#3") and results
// opened from files. A view's model reads the rows in place, so every change is announced
// before it is made as well as after, as Qt's item models need.
class ResultList : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

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
        emit changed(index);
        return true;
    }
    bool remove(int index);
    void clear();

signals:
    void aboutToAppend(int index);
    void appended(int index);
    void changed(int index);
    void aboutToRemove(int index);
    void removed(int index);
    void aboutToClear();
    void cleared();

private:
    QList<SourcedResult> m_rows;
};
