#pragma once

#include "app/core/locksnapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class LockTableModel;
class QTableView;
class WaitAgeStrip;
class WaitForGraph;

// The live row-lock picture of the running strategy: the wait-for graph on top, every
// transaction holding or waiting for a lock below. Updated a few times a second.
class LockInspectorPanel : public QWidget {
    Q_OBJECT
public:
    explicit LockInspectorPanel(QWidget* parent = nullptr);

    void setSnapshot(const LockSnapshot& snapshot);
    // A run starts: when its experiment does not watch the lock inspector, the panel says so
    // instead of waiting for pictures that will not come.
    void runStarted(bool watched);
    // Frozen, the panel keeps the picture it shows while the run goes on; thawed, it shows
    // the latest one at once.
    void setFrozen(bool frozen);
    bool isFrozen() const;
    // Frozen, steps through the pictures recorded while the run went on (the last
    // kHistory): -1 the one before the shown one, +1 the one after.
    void step(int delta);
    static constexpr int kHistory = 600; // two and a half minutes at 4 samples a second
    // Seconds of run between two pictures shown: 0 for every sample, 2 or 5 for a class.
    void setPace(double seconds);
    double pace() const;
    WaitForGraph* graph() const { return m_graph; }
    WaitAgeStrip* waitAges() const { return m_ages; }
    QString chains() const; // the roots of the shown picture's chains, as chainsSentence says them
    // The roots of the picture's chains of waits, each with how many wait behind it (the
    // longest three), as the summary says them; empty when nobody waits.
    static QString chainsSentence(const LockSnapshot& snapshot);
    QTableView* table() const { return m_table; }
    LockTableModel* model() const { return m_model; }
    QString summary() const;
    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitColumns();
    void display(const LockSnapshot& snapshot);
    static QString lookCostSentence(const LockSnapshot& snapshot); // empty while looks are cheap
    void updateStepButtons();
    // The recorded picture with this sequence number (the first ever recorded is 0).
    const LockSnapshot* recorded(long long sequence) const;
    // The transactions in queue order: each queue's holders, then its waiters, then the rest.
    static QList<const LockTransaction*> inQueueOrder(
        const LockSnapshot& snapshot, const WaitForGraph& graph);

    QLabel* m_summary;
    QPushButton* m_freeze;
    QPushButton* m_stepBack;
    QPushButton* m_stepForward;
    QList<LockSnapshot> m_history;
    long long m_firstSequence = 0; // of m_history.first()
    long long m_shownSequence = -1;
    LockSnapshot m_latest;
    LockSnapshot m_shown;
    bool m_columnsFitted = false;
    WaitForGraph* m_graph;
    WaitAgeStrip* m_ages;
    QLabel* m_chains;
    QWidget* m_chainsBox;
    LockTableModel* m_model;
    QTableView* m_table;
    QComboBox* m_pace;
};
