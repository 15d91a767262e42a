#pragma once

#include "app/results/rateprediction.h"

#include <QObject>

class LabSession;
class LessonPanel;
class QAction;
class QStatusBar;
class ResultsPanel;

// Where a run's predictions go in the window. Asked for from the Run menu, or by a lesson step:
// the results table shows them beside the measured rates, and the status bar as they arrive;
// a lesson step keeps them hidden, in the table too, until the class has guessed.
class PredictionGate : public QObject {
    Q_OBJECT
public:
    PredictionGate(LabSession* session, LessonPanel* lessons, ResultsPanel* results, QStatusBar* status,
        QObject* parent = nullptr);

    QAction* action() const { return m_action; } // "Predict before running", checkable
    // Whether the run about to start predicts first; tells the table whether to hide them.
    bool predictFirst();

private:
    void arrived(const QList<RatePrediction::ForCell>& predictions);

    LessonPanel* m_lessons;
    ResultsPanel* m_results;
    QStatusBar* m_status;
    QAction* m_action;
};
