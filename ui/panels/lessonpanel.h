#pragma once

#include "app/core/lesson.h"
#include "app/core/strategyresult.h"
#include "app/results/rateprediction.h"

#include <QWidget>

class GuessBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

// A lesson in class: choose one, then Back and Next through its steps. Each step shown loads its
// experiment and strategies and opens its chart (the window does that on stepShown); the step's
// text, what to notice and the question stay here, beside the chart.
class LessonPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonPanel(QWidget* parent = nullptr);

    // Opens a lesson by id or title at its first step; false when there is none.
    bool openLesson(const QString& name);
    const std::optional<Lesson>& lesson() const { return m_lesson; }
    int stepIndex() const { return m_step; }
    void next();
    void back();
    // The text shown for the current step (HTML), for tests.
    QString stepText() const;
    QPushButton* runButton() const { return m_run; }
    // A strategy of the run started while this step is shown has finished: what it found is
    // said under the question, in the run's own numbers, so that a class sees it beside the
    // chart (presenter mode hides the results table).
    void addResult(const StrategyResult& result);
    void runStarted();
    // The step shown asks the class to guess before the lab's prediction is shown.
    bool stepAsksForGuess() const;
    // Whether that guess has been made and the prediction shown.
    bool predictionRevealed() const;
    // The lab's predictions for the run under way: kept behind the class's guess.
    void setPredictions(const QList<RatePrediction::ForCell>& predictions);
    GuessBox* guessBox() const { return m_guess; }

signals:
    void stepShown(const LessonStep& step);
    void runRequested();
    void handoutRequested(const Lesson& lesson);
    void predictionShown();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showStep(int index);
    void showWhatWasFound();
    void render();

    QList<Lesson> m_lessons;
    std::optional<Lesson> m_lesson;
    int m_step = -1;
    QList<StrategyResult> m_runResults;
    QComboBox* m_chooser;
    QLabel* m_position;
    QTextBrowser* m_text;
    GuessBox* m_guess;
    QPushButton* m_back;
    QPushButton* m_next;
    QPushButton* m_run;
    QPushButton* m_handout;
};
