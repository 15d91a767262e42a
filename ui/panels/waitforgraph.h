#pragma once

#include "app/core/locksnapshot.h"

#include <QHash>
#include <QWidget>

class QPainter;

// Who waits on whom, drawn as one queue per contended row: the holders first, then the
// waiters in the order they queued, each arrow pointing at the transaction it waits behind.
// A long queue wraps onto lines as wide as the widget. A hot row shows as one long queue at a glance.
class WaitForGraph : public QWidget {
    Q_OBJECT
public:
    struct Queue {
        QString table;
        QString row;
        QStringList holders; // transaction ids in the way that do not wait for this row
        QStringList waiters; // longest waiting first
    };

    explicit WaitForGraph(QWidget* parent = nullptr);

    void setSnapshot(const LockSnapshot& snapshot);
    // The queues of a snapshot, longest first (pure: also used by tests).
    static QList<Queue> queues(const LockSnapshot& snapshot);
    const QList<Queue>& currentQueues() const { return m_queues; }
    // What the graph says instead of queues (the server's refusal, a crowd too large to read,
    // nobody waiting); empty while it draws queues.
    QString placeholderText() const;

    QSize sizeHint() const override;
    // A long queue wraps onto more lines, so every waiter stays in view of the scroll area.
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    static QString label(const Queue& queue); // the queue's title line
    // Draws one queue from `y` down; returns where the next one starts.
    int paintQueue(QPainter& painter, const Queue& queue, int y,
        const QHash<QString, const LockTransaction*>& byId) const;
    LockSnapshot m_snapshot;
    QList<Queue> m_queues;
};
