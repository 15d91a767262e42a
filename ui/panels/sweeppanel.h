#pragma once

#include "app/core/sweepplan.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

// What a sweep varies: the thread counts, and optionally the slots or the SKU count. The
// rest of the experiment comes from the experiment panel.
class SweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit SweepPanel(QWidget* parent = nullptr);

    // The plan, or nullopt with the reason in `error`.
    std::optional<SweepPlan> plan(QString* error) const;
    void setThreads(const QString& list);
    QPushButton* runButton() const { return m_run; }

signals:
    void changed();
    void runRequested();

private:
    QLineEdit* m_threads;
    QComboBox* m_dimension;
    QLineEdit* m_values;
    QLabel* m_message;
    QPushButton* m_run;
};
