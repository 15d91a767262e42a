#include "ui/predictiongate.h"

#include "app/session/labsession.h"
#include "ui/panels/lessonpanel.h"
#include "ui/panels/resultspanel.h"

#include <QAction>
#include <QLocale>
#include <QStatusBar>

namespace {

constexpr int kShownMs = 20000;

} // namespace

PredictionGate::PredictionGate(
    LabSession* session, LessonPanel* lessons, ResultsPanel* results, QStatusBar* status, QObject* parent)
    : QObject(parent)
    , m_lessons(lessons)
    , m_results(results)
    , m_status(status)
    , m_action(new QAction(tr("&Predict before running"), this))
{
    m_action->setCheckable(true);
    m_action->setToolTip(tr("Run each strategy alone with one client for a moment first, and predict its "
                            "orders/s for the experiment before it runs"));
    connect(session, &LabSession::predictionsReady, this, &PredictionGate::arrived);
    connect(lessons, &LessonPanel::predictionShown, this, [this] { m_results->setPredictionsShown(true); });
}

bool PredictionGate::predictFirst()
{
    const bool guessFirst = m_lessons->stepAsksForGuess() && !m_lessons->predictionRevealed();
    m_results->setPredictionsShown(!guessFirst);
    return m_action->isChecked() || m_lessons->stepAsksForGuess();
}

void PredictionGate::arrived(const QList<RatePrediction::ForCell>& predictions)
{
    if (m_lessons->stepAsksForGuess() && !m_lessons->predictionRevealed()) {
        m_lessons->setPredictions(predictions);
        m_status->showMessage(tr("The lab has its prediction: ask the class for its guess"), kShownMs);
        return;
    }
    m_lessons->setPredictions(predictions);
    QStringList parts;
    const QLocale locale;
    for (const RatePrediction::ForCell& p : predictions) {
        if (p.prediction.ordersPerS >= 0)
            parts << tr("%1 %2 orders/s (%3)")
                         .arg(p.strategy, locale.toString(p.prediction.ordersPerS, 'f', 0),
                             boundName(p.prediction.bound));
    }
    m_status->showMessage(tr("Predicted: %1").arg(parts.join(QStringLiteral(", "))), kShownMs);
}
