#include "ui/charts/timelinepanel.h"

#include "ui/charts/legendstrip.h"
#include "ui/charts/timelineview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent)
    , m_choice(new QComboBox(this))
    , m_strip(new LegendStrip(this))
    , m_caption(new QLabel(this))
    , m_view(new TimelineView(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* top = new QHBoxLayout;
    auto* label = new QLabel(tr("Run:"), this);
    label->setBuddy(m_choice);
    top->addWidget(label);
    top->addWidget(m_choice);
    top->addWidget(m_strip, 1);
    layout->addLayout(top);
    m_caption->setWordWrap(true);
    layout->addWidget(m_caption);
    layout->addWidget(m_view, 1);
    QList<std::pair<QColor, QString>> phases;
    for (int i = 0; i < kTimelinePhaseCount; ++i) {
        const auto phase = static_cast<TimelinePhase>(i);
        phases.append({ TimelineView::phaseColor(phase), TimelineView::phaseName(phase) });
    }
    m_strip->setEntries(phases);
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_choice, &QComboBox::currentIndexChanged, this, &TimelinePanel::showRun);
    setSources({});
}

void TimelinePanel::setSources(const QList<SourcedResult>& sources)
{
    const QString chosen = m_choice->currentText();
    m_runs.clear();
    const QSignalBlocker quiet(m_choice);
    m_choice->clear();
    for (const SourcedResult& source : sources) {
        if (!source.result.timeline || source.result.timeline->lanes().empty())
            continue;
        m_runs.append(source.result);
        m_choice->addItem(source.result.strategy);
    }
    m_choice->setEnabled(!m_runs.isEmpty());
    const int again = m_choice->findText(chosen);
    m_choice->setCurrentIndex(again >= 0 ? again : 0);
    showRun(m_choice->currentIndex());
}

void TimelinePanel::showRun(int index)
{
    if (index < 0 || index >= m_runs.size()) {
        m_view->setTimeline(nullptr);
        m_caption->setText(tr("Run a strategy to see what each of its clients did over the last seconds."));
        return;
    }
    const StrategyResult& run = m_runs[index];
    m_view->setTimeline(run.timeline);
    const RunTimeline& timeline = *run.timeline;
    const QLocale locale;
    QString text = tr("%1, %2 lanes, %3 to %4 s after the start: at most %5 held a row at once, at most %6 "
                      "waited for one.")
                       .arg(run.strategy)
                       .arg(timeline.lanes().size())
                       .arg(locale.toString(timeline.fromUs() / 1e6, 'f', 2),
                           locale.toString(timeline.toUs() / 1e6, 'f', 2))
                       .arg(timeline.mostAtOnce(TimelinePhase::Holding))
                       .arg(timeline.mostAtOnce(TimelinePhase::LockWait));
    if (timeline.shortened())
        text += QLatin1Char(' ')
            + tr("Sampled: each worker keeps only its latest phases, so the period is the last %1 s every "
                 "lane still holds.")
                  .arg(locale.toString((timeline.toUs() - timeline.fromUs()) / 1e6, 'f', 2));
    m_caption->setText(text);
}

QString TimelinePanel::caption() const
{
    return m_caption->text();
}
