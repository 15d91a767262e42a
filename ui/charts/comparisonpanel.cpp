#include "ui/charts/comparisonpanel.h"

#include "ui/charts/exportablechartview.h"
#include "ui/charts/legendstrip.h"

#include "app/report/reportgroup.h"
#include "app/report/reportsection.h"

#include <QChart>
#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QSet>

#include <algorithm>

ComparisonPanel::ComparisonPanel(QWidget* parent)
    : QWidget(parent)
    , m_shown(new QLabel(this))
    , m_everyExperiment(new QCheckBox(tr("Every experiment"), this))
    , m_strip(new LegendStrip(this))
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(2, 2, 2, 2);
    m_shown->setWordWrap(true);
    m_everyExperiment->setToolTip(tr(
        "Draw the rows of every experiment of the session and of opened files, each line named by its run."));
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_shown, 1);
    bar->addWidget(m_everyExperiment);
    grid->addLayout(bar, 0, 0, 1, 2);
    grid->addWidget(m_strip, 1, 0, 1, 2);
    connect(m_everyExperiment, &QCheckBox::toggled, this, &ComparisonPanel::rebuild);
    for (int i = 0; i < 4; ++i) {
        auto* view = new ExportableChartView(this);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(220, 150); // two rows of charts still fit a 1280x720 projector, and 1009x677
        grid->addWidget(view, 2 + i / 2, i % 2);
        m_views.append(view);
    }
    // Columns and chart rows share the room equally, whichever way the views are placed.
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    grid->setRowStretch(2, 1);
    grid->setRowStretch(3, 1);
    m_grid = grid;
    m_rebuild.setSingleShot(true);
    m_rebuild.setInterval(300);
    connect(&m_rebuild, &QTimer::timeout, this, &ComparisonPanel::rebuild);
    rebuild();
}

void ComparisonPanel::setSources(const QList<SourcedResult>& sources)
{
    m_sources = sources;
    if (!m_rebuild.isActive())
        m_rebuild.start();
}

bool ComparisonPanel::curvesShown() const
{
    return !m_views.first()->isHidden();
}

QString ComparisonPanel::shownText() const
{
    return m_shown->text();
}

void ComparisonPanel::rebuild()
{
    QList<SourcedResult> shown = m_sources;
    const QList<ReportGroup> groups = ReportGroup::split(m_sources);
    if (groups.isEmpty()) {
        m_shown->setText(tr("No results yet: run a sweep (Sweep tab) or open results files."));
    } else if (m_everyExperiment->isChecked()) {
        m_shown->setText(tr("Every experiment (%1): a strategy's lines from other runs are named by the run.")
                             .arg(groups.size()));
    } else {
        // The experiment of the latest row: the one just run, or the file just opened.
        const SourcedResult& latest = m_sources.last();
        for (const ReportGroup& group : groups) {
            if (!group.rows.isEmpty()
                && std::any_of(group.rows.cbegin(), group.rows.cend(), [&](const SourcedResult& row) {
                       return row.source == latest.source && row.result.runId == latest.result.runId
                           && row.result.strategy == latest.result.strategy
                           && row.result.experiment == latest.result.experiment;
                   })) {
                shown = group.rows;
                QString text = tr("This experiment: %1.").arg(ReportSection::summary(group));
                if (groups.size() > 1)
                    text += QLatin1Char(' ')
                        + (groups.size() == 2 ? tr("1 other experiment hidden.")
                                              : tr("%1 other experiments hidden.").arg(groups.size() - 1));
                m_shown->setText(text);
            }
        }
    }
    // The bars show the latest run of this session (or, before any, everything opened).
    int latestRun = 0;
    for (const SourcedResult& source : std::as_const(shown)) {
        if (source.source.isEmpty())
            latestRun = std::max(latestRun, source.result.runId);
    }
    QList<SourcedResult> latest;
    for (const SourcedResult& source : std::as_const(shown)) {
        if (latestRun == 0 || (source.source.isEmpty() && source.result.runId == latestRun))
            latest.append(source);
    }
    const QList<QChart*> charts
        = { ChartFactory::ordersVersusThreads(shown), ChartFactory::p99VersusThreads(shown),
              ChartFactory::lockWaitsVersusThreads(shown), ChartFactory::ordersByStrategy(latest) };
    for (int i = 0; i < m_views.size(); ++i) {
        QChart* old = m_views[i]->chart();
        m_views[i]->setChart(charts[i]); // the view does not delete the chart it had
        delete old;
    }
    arrange(shown, charts.first());
    emit latestChanged(latest);
}

void ComparisonPanel::arrange(const QList<SourcedResult>& shown, QChart* scaling)
{
    // One thread count draws no curve: the bars take the whole tab.
    QSet<int> threadCounts;
    for (const SourcedResult& source : shown)
        threadCounts.insert(source.result.experiment.threads);
    const bool curves = threadCounts.size() > 1;
    for (int i = 0; i < 3; ++i)
        m_views[i]->setVisible(curves);
    m_grid->removeWidget(m_views[3]);
    if (curves)
        m_grid->addWidget(m_views[3], 3, 1);
    else
        m_grid->addWidget(m_views[3], 2, 0, 2, 2);
    // Lines named by their strategy alone are named once, in the strip above, which wraps;
    // lines of several runs keep each chart's legend, which says which run.
    QStringList strategies;
    bool plain = true;
    for (QAbstractSeries* series : scaling->series()) {
        if (series->name().isEmpty())
            continue; // a whisker
        plain = plain && !series->name().contains(QLatin1Char(' '));
        if (!strategies.contains(series->name()))
            strategies << series->name();
    }
    m_strip->setVisible(!curves || plain);
    m_strip->setStrategies(curves ? strategies : QStringList());
    for (int i = 0; i < 3; ++i)
        m_views[i]->chart()->legend()->setVisible(!(curves && plain));
    m_strip->setNote(curves
            ? QString()
            : tr("Run a sweep (Sweep tab) to draw orders/s, p99 and lock waits against clients."));
}
