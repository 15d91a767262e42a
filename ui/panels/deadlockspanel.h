#pragma once

#include "app/core/deadlockrecord.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

// Every deadlock of the session: when, which strategy, both (or all) transactions with
// their statements and the lock each waited for, and the victim the server rolled back.
class DeadlocksPanel : public QWidget {
    Q_OBJECT
public:
    explicit DeadlocksPanel(QWidget* parent = nullptr);

    void addDeadlock(const DeadlockRecord& deadlock);
    int count() const { return m_count; }
    QTreeWidget* tree() const { return m_tree; }

private:
    QLabel* m_summary;
    QTreeWidget* m_tree;
    int m_count = 0;
};
