#include "ui/charts/comparisonpanel.h"

#include "ui/charts/exportablechartview.h"

#include <QChart>
#include <QGridLayout>

ComparisonPanel::ComparisonPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(2, 2, 2, 2);
    for (int i = 0; i < 4; ++i) {
        auto* view = new ExportableChartView(this);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(240, 180);
        grid->addWidget(view, i / 2, i % 2);
        m_views.append(view);
    }
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

void ComparisonPanel::rebuild()
{
    // The bars show the latest run of this session (or, before any, everything opened).
    int latestRun = 0;
    for (const SourcedResult& source : std::as_const(m_sources)) {
        if (source.source.isEmpty())
            latestRun = std::max(latestRun, source.result.runId);
    }
    QList<SourcedResult> latest;
    for (const SourcedResult& source : std::as_const(m_sources)) {
        if (latestRun == 0 || (source.source.isEmpty() && source.result.runId == latestRun))
            latest.append(source);
    }
    const QList<QChart*> charts = { ChartFactory::ordersVersusThreads(m_sources), ChartFactory::p99VersusThreads(m_sources),
        ChartFactory::lockWaitsVersusThreads(m_sources), ChartFactory::ordersByStrategy(latest) };
    for (int i = 0; i < m_views.size(); ++i) {
        QChart* old = m_views[i]->chart();
        m_views[i]->setChart(charts[i]); // the view does not delete the chart it had
        delete old;
    }
}
