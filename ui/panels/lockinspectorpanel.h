#pragma once

#include "app/core/locksnapshot.h"

#include <QWidget>

class QLabel;
class QTableWidget;
class WaitForGraph;

// The live row-lock picture of the running strategy: the wait-for graph on top, every
// transaction holding or waiting for a lock below. Updated a few times a second.
class LockInspectorPanel : public QWidget {
    Q_OBJECT
public:
    explicit LockInspectorPanel(QWidget* parent = nullptr);

    void setSnapshot(const LockSnapshot& snapshot);
    WaitForGraph* graph() const { return m_graph; }
    QTableWidget* table() const { return m_table; }
    QString summary() const;

private:
    QLabel* m_summary;
    WaitForGraph* m_graph;
    QTableWidget* m_table;
};
