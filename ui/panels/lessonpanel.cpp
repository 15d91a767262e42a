#include "ui/panels/lessonpanel.h"

#include "app/lesson/lessonlibrary.h"
#include "app/results/comparisonsentence.h"
#include "app/results/resultexplanation.h"
#include "app/results/timemetric.h"
#include "ui/panels/guessbox.h"
#include "ui/windowkeys.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

namespace {

// The chart a step asks for, as the window names it.
QString chartTitle(const QString& chart)
{
    if (const TimeMetric* metric = TimeMetric::find(chart.toLatin1().constData()))
        return metric->translatedTitle();
    if (chart == QLatin1String("oversell"))
        return LessonPanel::tr("the Oversell tab");
    if (chart == QLatin1String("scaling"))
        return LessonPanel::tr("the Scaling tab");
    if (chart == QLatin1String("lock-inspector"))
        return LessonPanel::tr("the Lock inspector");
    if (chart == QLatin1String("timeline"))
        return LessonPanel::tr("the Hot-row timeline tab");
    return LessonPanel::tr("the Deadlocks panel");
}

} // namespace

LessonPanel::LessonPanel(QWidget* parent)
    : QWidget(parent)
    , m_lessons(LessonLibrary::load())
    , m_chooser(new QComboBox(this))
    , m_position(new QLabel(this))
    , m_text(new QTextBrowser(this))
    , m_guess(new GuessBox(this))
    , m_back(new QPushButton(tr("◀ Back"), this))
    , m_next(new QPushButton(tr("Next ▶"), this))
    , m_run(new QPushButton(tr("Run this step"), this))
    , m_handout(new QPushButton(tr("Hand-out…"), this))
{
    m_chooser->addItem(tr("Choose a lesson…"));
    for (const Lesson& lesson : m_lessons)
        m_chooser->addItem(lesson.title, lesson.id);
    m_text->setOpenLinks(false);
    // The text wraps to the width: a horizontal scroll bar only ever showed a few pixels of
    // overhang (Chinese text in presenter mode), and took a line from the text.
    m_text->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    WindowKeys::bind(m_back, WindowKeys::Command::LessonBack);
    WindowKeys::bind(m_next, WindowKeys::Command::LessonNext);
    m_back->setToolTip(tr("The previous step (%1)").arg(WindowKeys::named(WindowKeys::Command::LessonBack)));
    m_next->setToolTip(tr("The next step (%1)").arg(WindowKeys::named(WindowKeys::Command::LessonNext)));
    m_run->setToolTip(tr("Run this step's strategies on its experiment"));
    m_handout->setToolTip(
        tr("Export the lesson's text and questions with the rows its steps ran, as PDF or HTML"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addStretch();
    buttons->addWidget(m_run);
    buttons->addWidget(m_handout);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_chooser);
    layout->addWidget(m_position);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_guess);
    layout->addLayout(buttons);
    connect(m_guess, &GuessBox::revealedPrediction, this, [this] {
        render();
        m_text->scrollToAnchor(QStringLiteral("guess"));
        emit predictionShown();
    });

    connect(m_chooser, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            openLesson(m_chooser->itemData(index).toString());
    });
    connect(m_back, &QPushButton::clicked, this, &LessonPanel::back);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::next);
    connect(m_run, &QPushButton::clicked, this, &LessonPanel::runRequested);
    connect(m_handout, &QPushButton::clicked, this, [this] {
        if (m_lesson)
            emit handoutRequested(*m_lesson);
    });
    showStep(-1);
}

bool LessonPanel::openLesson(const QString& name)
{
    for (qsizetype i = 0; i < m_lessons.size(); ++i) {
        const Lesson& lesson = m_lessons[i];
        if (lesson.isNamed(name)) {
            m_lesson = lesson;
            m_chooser->setCurrentIndex(static_cast<int>(i) + 1);
            showStep(0);
            return true;
        }
    }
    return false;
}

void LessonPanel::next()
{
    if (m_lesson && m_step + 1 < m_lesson->steps.size())
        showStep(m_step + 1);
}

void LessonPanel::back()
{
    if (m_lesson && m_step > 0)
        showStep(m_step - 1);
}

QString LessonPanel::stepText() const
{
    return m_text->toHtml();
}

void LessonPanel::addResult(const StrategyResult& result)
{
    if (!m_lesson || m_step < 0)
        return;
    m_runResults.append(result);
    render();
}

void LessonPanel::runStarted()
{
    if (m_runResults.isEmpty())
        return;
    m_runResults.clear();
    render();
}

bool LessonPanel::stepAsksForGuess() const
{
    return m_lesson && m_step >= 0 && m_lesson->steps[m_step].predict;
}

bool LessonPanel::predictionRevealed() const
{
    return m_guess->revealed();
}

void LessonPanel::setPredictions(const QList<RatePrediction::ForCell>& predictions)
{
    m_guess->setPredictions(predictions);
}

void LessonPanel::showStep(int index)
{
    m_step = index;
    m_runResults.clear();
    m_guess->reset();
    m_guess->setVisible(stepAsksForGuess());
    const bool open = m_lesson && index >= 0;
    m_back->setEnabled(open && index > 0);
    m_next->setEnabled(open && index + 1 < m_lesson->steps.size());
    m_run->setEnabled(open);
    m_handout->setEnabled(open);
    render();
    if (open)
        emit stepShown(m_lesson->steps[index]);
}

void LessonPanel::render()
{
    if (!m_lesson || m_step < 0) {
        m_position->clear();
        m_text->setHtml(
            tr("<p>A lesson is a sequence of steps: each loads an experiment and its strategies and opens "
               "the chart to look at, with a few sentences to read out and a question for the class.</p>"));
        return;
    }
    const LessonStep& step = m_lesson->steps[m_step];
    m_position->setText(tr("Step %1 of %2: %3").arg(m_step + 1).arg(m_lesson->steps.size()).arg(step.title));
    QString html;
    if (m_step == 0)
        html += QStringLiteral("<p><i>%1</i></p>").arg(m_lesson->summary.toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>").arg(step.say.toHtmlEscaped());
    html += QStringLiteral("<p><b>%1</b> %2</p>")
                .arg(tr("Look at %1:").arg(chartTitle(step.chart)).toHtmlEscaped(),
                    step.notice.toHtmlEscaped());
    html += QStringLiteral("<p><b>%1</b> %2</p>")
                .arg(tr("Question:").toHtmlEscaped(), step.question.toHtmlEscaped());
    html += m_guess->summaryHtml(m_runResults);
    if (!m_runResults.isEmpty()) {
        html += QStringLiteral("<hr><p><a name='found'></a><b>%1</b></p>")
                    .arg(tr("What this run found:").toHtmlEscaped());
        if (const QString comparison = ComparisonSentence::of(m_runResults); !comparison.isEmpty())
            html += QStringLiteral("<p>%1</p>").arg(comparison.toHtmlEscaped());
        for (const StrategyResult& result : std::as_const(m_runResults)) {
            if (const QString why = ResultExplanation::of(result).text; !why.isEmpty())
                html += QStringLiteral("<p><b>%1</b> (%2) %3</p>")
                            .arg(result.strategy.toHtmlEscaped(), result.verdictLabel().toHtmlEscaped(),
                                why.toHtmlEscaped());
        }
    }
    m_text->setHtml(html);
    showWhatWasFound();
}

void LessonPanel::showWhatWasFound()
{
    if (!m_runResults.isEmpty())
        m_text->scrollToAnchor(QStringLiteral("found")); // in large type it is below the question
}

void LessonPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // Presenter mode's large type reflows the page: bring what the run found back into view
    // once the text is laid out again.
    if (event->type() == QEvent::FontChange)
        QTimer::singleShot(0, this, &LessonPanel::showWhatWasFound);
}
