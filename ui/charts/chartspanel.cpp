#include "ui/charts/chartspanel.h"

#include "app/report/strategycolors.h"
#include "app/results/timemetric.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/comparisonpanel.h"
#include "ui/charts/legendstrip.h"
#include "ui/charts/metricchart.h"
#include "ui/charts/oversellview.h"
#include "ui/charts/smallmultiples.h"
#include "ui/charts/strategybarsview.h"
#include "ui/charts/timelinepanel.h"
#include "ui/charts/timesplitpanel.h"

#include <QChart>
#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLegend>

#include <algorithm>

namespace {

long long errorCount(const MetricsSample& sample, ErrorClass errorClass)
{
    return sample.clients.error(errorClass);
}

} // namespace

ChartsPanel::ChartsPanel(QWidget* parent)
    : QTabWidget(parent)
    , m_oversell(new OversellView(this))
    , m_comparison(new ComparisonPanel(this))
    , m_bars(new StrategyBarsView(this))
    , m_timeSplit(new TimeSplitPanel(this))
    , m_timeline(new TimelinePanel(this))
    , m_tabRow(new FittingTabBar(this))
{
    setTabBar(m_tabRow); // before the first tab, as QTabWidget needs
    // Each tab a grid of the metrics in the order TimeMetric::all() lists them.
    const QList<TimeMetric>& metrics = TimeMetric::all();
    const struct {
        const char* title;
        int metrics;
    } tabs[] = { { QT_TR_NOOP("Throughput"), 2 }, { QT_TR_NOOP("Latency"), 4 },
        { QT_TR_NOOP("Lock waits"), 4 }, { QT_TR_NOOP("Errors"), 3 }, { QT_TR_NOOP("Redis"), 3 },
        { QT_TR_NOOP("Cluster"), 4 }, { QT_TR_NOOP("Replication"), 4 } };
    qsizetype next = 0;
    for (const auto& tab : tabs) {
        QWidget* page = addGridTab(tr(tab.title));
        // Eleven tabs do not fit in a row at 1280x720: those only a Redis strategy or a cluster
        // draws wait until something draws them.
        for (const char* onDemand : { "Redis", "Cluster", "Replication" }) {
            if (qstrcmp(tab.title, onDemand) == 0) {
                m_onDemand.append(page);
                setTabVisible(indexOf(page), false);
            }
        }
        if (qstrcmp(tab.title, "Throughput") == 0) {
            layOutThroughput(page, metrics[next], metrics[next + 1]);
            next += tab.metrics;
            continue;
        }
        for (int i = 0; i < tab.metrics; ++i, ++next)
            addChart(page, i / 2, i % 2, metrics[next].translatedTitle(), metrics[next].translatedUnit());
        if (qstrcmp(tab.title, "Errors") == 0) {
            addChart(page, 1, 1, TimeMetric::otherErrorsTitle(), tr("errors/s"));
            m_strips.last()->setNote(tr(
                "Other errors: solid 1020 (write conflict), dashed 3572 (NOWAIT), dotted lost connections."));
        } else if (qstrcmp(tab.title, "Redis") == 0) {
            m_strips.last()->setNote(tr(
                "Drawn by the strategies that keep stock in Redis (redis-split), from Redis's INFO and the "
                "clients' own clocks. Redis counts a script's own GET and DECRBY as commands."));
        } else if (qstrcmp(tab.title, "Cluster") == 0) {
            m_strips.last()->setNote(tr("Drawn by runs on a multi-primary cluster: a row lock holds only on "
                                        "its own node, so writes from "
                                        "other nodes meet at COMMIT and all but one are aborted. Lower "
                                        "charts, from each node's wsrep status: "
                                        "node 1 solid, node 2 dashed, node 3 dotted."));
        } else if (qstrcmp(tab.title, "Replication") == 0) {
            m_strips.last()->setNote(
                tr("Each node of a cluster, from its wsrep status (node 1 solid, node 2 dashed, node 3 "
                   "dotted): the "
                   "commits of its own clients, the time flow control paused replication, and the write sets "
                   "waiting to be applied or sent."));
        }
    }
    Q_ASSERT(next == metrics.size());

    addTab(m_oversell, tr("Oversell"));
    addTab(m_comparison, tr("Scaling"));
    addTab(m_timeSplit, tr("Time per order"));
    addTab(m_timeline, tr("Hot-row timeline"));
    connect(m_comparison, &ComparisonPanel::latestChanged, m_bars, &StrategyBarsView::setSources);
    connect(m_comparison, &ComparisonPanel::latestChanged, m_timeSplit, &TimeSplitPanel::setSources);
    connect(m_comparison, &ComparisonPanel::latestChanged, m_timeline, &TimelinePanel::setSources);

    m_repaint.setInterval(150);
    connect(&m_repaint, &QTimer::timeout, this, &ChartsPanel::flush);
    m_repaint.start();
}

// The strategies' bars on the left, the lines over time on the right: overlaid, or one small
// chart per strategy on shared axes.
void ChartsPanel::layOutThroughput(QWidget* page, const TimeMetric& orders, const TimeMetric& attempts)
{
    auto* grid = static_cast<QGridLayout*>(page->layout());
    grid->addWidget(m_bars, 1, 0, 2, 1);
    m_throughputLines = { addChart(page, 0, 1, orders.translatedTitle(), orders.translatedUnit()),
        addChart(page, 1, 1, attempts.translatedTitle(), attempts.translatedUnit()) };
    m_multiples = new SmallMultiples(m_throughputLines.first(), page);
    m_multiples->hide();
    grid->addWidget(m_multiples, 1, 1, 2, 1);
    m_perStrategy = new QCheckBox(tr("One chart per strategy"), page);
    m_perStrategy->setToolTip(tr("Orders per second over time as one small chart per strategy, every "
                                 "one on the same axes, instead of every line on one chart"));
    // Beside the strip of names, which it shares a line with: no row of its own to cost the charts.
    LegendStrip* strip = m_strips.last();
    grid->removeWidget(strip);
    auto* top = new QHBoxLayout;
    top->addWidget(strip, 1);
    top->addWidget(m_perStrategy, 0, Qt::AlignTop);
    grid->addLayout(top, 0, 0, 1, 2);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    grid->setRowStretch(1, 1); // the charts take the height, not the strip of names
    grid->setRowStretch(2, 1);
    connect(m_perStrategy, &QCheckBox::toggled, this, [this] { setFocusChart(m_focus); });
}

QWidget* ChartsPanel::addGridTab(const QString& title)
{
    auto* page = new QWidget(this);
    auto* grid = new QGridLayout(page);
    grid->setContentsMargins(2, 2, 2, 2);
    auto* strip = new LegendStrip(page);
    grid->addWidget(strip, 0, 0, 1, 2);
    m_strips.append(strip);
    addTab(page, title);
    return page;
}

MetricChart* ChartsPanel::addChart(
    QWidget* page, int row, int column, const QString& title, const QString& unit)
{
    auto* chart = new MetricChart(title, unit, page);
    chart->chart()->legend()->hide(); // the tab's strip names the lines; exports draw the legend
    static_cast<QGridLayout*>(page->layout())->addWidget(chart, row + 1, column); // under the strip
    m_charts.insert(title, chart);
    m_ordered.append(chart);
    return chart;
}

void ChartsPanel::startRun(std::int64_t totalStock, double plannedS)
{
    for (MetricChart* chart : std::as_const(m_charts)) {
        chart->clear();
        chart->setTimeSpan(plannedS);
    }
    m_oversell->startRun(totalStock);
    m_multiples->clear();
    m_previous.clear();
    m_starts.clear();
    m_servers.clear();
    m_server.clear();
    m_deadlockMarks = false;
    m_soldOutMarks = false;
    updateStrips();
}

void ChartsPanel::updateStrips()
{
    QStringList names = m_starts.keys();
    std::sort(names.begin(), names.end(),
        [this](const QString& a, const QString& b) { return m_order.value(a) < m_order.value(b); });
    for (LegendStrip* strip : std::as_const(m_strips)) {
        strip->setStrategies(names);
        strip->setServers(m_servers);
        strip->setMarks(m_deadlockMarks, m_soldOutMarks);
    }
    m_oversell->strip()->setStrategies(names);
    m_multiples->setRunOrder(names);
}

void ChartsPanel::strategyStarted(const QString& strategy)
{
    if (!m_order.contains(strategy))
        m_order.insert(strategy, static_cast<int>(m_order.size()));
    const bool first = !m_starts.contains(strategy);
    ++m_starts[strategy];
    m_previous.remove(strategy); // no rate across two runs
    if (first)
        updateStrips();
}

void ChartsPanel::setServer(const QString& engine)
{
    if (!m_servers.contains(engine))
        m_servers.append(engine);
    m_server = engine;
    updateStrips();
}

void ChartsPanel::addSample(const MetricsSample& s)
{
    const MetricsSample before = m_previous.value(s.strategy);
    const double x = s.elapsedS;
    if (!m_starts.contains(s.strategy))
        strategyStarted(s.strategy);
    const int run = m_starts.value(s.strategy, 1);
    const bool laterServer = m_servers.indexOf(m_server) > 0;
    const QString lineName = !m_server.isEmpty() ? QStringLiteral("%1 (%2)").arg(s.strategy, m_server)
        : run > 1                                ? QStringLiteral("%1 (%2)").arg(s.strategy).arg(run)
                                                 : s.strategy;
    // The last sample of a strategy may cover a few milliseconds: too short for a rate, unless
    // it is the whole run (queued can sell out a hot SKU in 30 ms), which would leave no line.
    if (s.intervalS < 0.1 && m_previous.contains(s.strategy)) {
        m_oversell->addSample(s);
        m_previous.insert(s.strategy, s);
        return;
    }
    for (const TimeMetric& metric : TimeMetric::all()) {
        MetricChart* chart = m_charts.value(metric.translatedTitle());
        for (const TimeMetric::Point& point : metric.points(s, before)) {
            if (point.node == 0) {
                if (laterServer && chart->pointCount(lineName) == 0)
                    chart->setPen(lineName, QPen(StrategyColors::of(s.strategy), 2.0, Qt::DashLine));
                chart->addPoint(lineName, x, point.y);
                continue;
            }
            const QString line = lineName + TimeMetric::nodeSuffix(point.node);
            chart->setPen(line, QPen(StrategyColors::of(s.strategy), 2.0, TimeMetric::nodeStyle(point.node)));
            chart->addPoint(line, x, point.y);
        }
    }
    // One line per code, same colour per strategy, told apart by the dash pattern.
    MetricChart* otherChart = m_charts.value(TimeMetric::otherErrorsTitle());
    for (const TimeMetric::OtherError& other : TimeMetric::otherErrors()) {
        const QString line = lineName + QLatin1String(other.suffix);
        const double rate = TimeMetric::ratePerSecond(
            errorCount(s, other.errorClass), errorCount(before, other.errorClass), s.intervalS);
        if (rate <= 0 && otherChart->pointCount(line) == 0)
            continue; // a line only once the code has occurred
        otherChart->setPen(line, QPen(StrategyColors::of(s.strategy), 2.0, other.style));
        otherChart->addPoint(line, x, rate);
    }
    m_oversell->addSample(s);
    m_previous.insert(s.strategy, s);
}

void ChartsPanel::addDeadlock(const DeadlockRecord& deadlock)
{
    for (const char* id : { "orders-per-second", "deadlocks", "waiting-now" })
        chartOf(QLatin1String(id))->addMarker(deadlock.elapsedS);
    if (!m_deadlockMarks) {
        m_deadlockMarks = true;
        updateStrips();
    }
}

void ChartsPanel::strategyFinished(const StrategyResult& result)
{
    if (result.soldOut()) {
        for (const char* id : { "orders-per-second", "attempts-per-second", "row-lock-waits" })
            chartOf(QLatin1String(id))->addSoldOutMarker(result.soldOutS);
        if (!m_soldOutMarks) {
            m_soldOutMarks = true;
            updateStrips();
        }
    }
    double end = 0.0;
    for (MetricChart* chart : std::as_const(m_charts)) {
        chart->fitTime();
        end = std::max(end, chart->timeEnd());
    }
    // A chart with nothing to draw yet (no 3572 so far, say) keeps the same time axis as
    // the others, not one of its own from 0 to 1.
    for (MetricChart* chart : std::as_const(m_charts)) {
        if (chart->lineNames().isEmpty())
            chart->matchTime(end);
    }
    m_oversell->strategyFinished(result);
}

MetricChart* ChartsPanel::chartOf(const QString& id) const
{
    const TimeMetric* metric = TimeMetric::find(id.toLatin1().constData());
    return metric ? m_charts.value(metric->translatedTitle()) : nullptr;
}

void ChartsPanel::setPresenting(bool presenting)
{
    m_presenting = presenting;
    for (MetricChart* chart : charts())
        chart->setStyle(ChartStyle { presenting });
    setFocusChart(m_focus);
}

void ChartsPanel::setFocusChart(const QString& id)
{
    m_focus = id;
    MetricChart* focused = chartOf(id);
    // Hidden charts leave their grid cells empty, and the one shown takes the tab.
    for (MetricChart* chart : std::as_const(m_ordered))
        chart->setVisible(!m_presenting || !focused || chart == focused
            || chart->parentWidget() != focused->parentWidget());
    // A lesson's chart on the projector fills its tab, without the bars beside it.
    QWidget* throughput = m_bars->parentWidget();
    const bool besideFocus = !m_presenting || !focused || focused->parentWidget() != throughput;
    m_bars->setVisible(besideFocus);
    m_perStrategy->setVisible(besideFocus);
    // One chart per strategy takes the place of the overlaid lines.
    const bool perStrategy = besideFocus && m_perStrategy->isChecked();
    for (MetricChart* chart : std::as_const(m_throughputLines))
        chart->setVisible(chart->isVisibleTo(throughput) && !perStrategy);
    m_multiples->setVisible(perStrategy);
    m_multiples->refresh();
    // Stretch only where something is shown (an empty row or column with a stretch takes room
    // all the same): the small charts two thirds of the width, the bars the rest.
    auto* grid = static_cast<QGridLayout*>(throughput->layout());
    grid->setColumnStretch(0, besideFocus ? 1 : 0);
    grid->setColumnStretch(1, perStrategy ? 2 : 1);
    grid->setRowStretch(2, perStrategy || m_throughputLines.last()->isVisibleTo(throughput) ? 1 : 0);
}

bool ChartsPanel::showChart(const QString& id)
{
    if (id == QLatin1String("oversell")) {
        setCurrentWidget(m_oversell);
        return true;
    }
    if (id == QLatin1String("scaling")) {
        setCurrentWidget(m_comparison);
        return true;
    }
    if (id == QLatin1String("timeline")) {
        setCurrentWidget(m_timeline);
        return true;
    }
    MetricChart* chart = chartOf(id);
    if (!chart)
        return false;
    setTabVisible(indexOf(chart->parentWidget()), true);
    fitTabs();
    setCurrentWidget(chart->parentWidget());
    return true;
}

QList<MetricChart*> ChartsPanel::charts() const
{
    QList<MetricChart*> all = m_ordered;
    all.append(m_oversell->chart());
    return all;
}

void ChartsPanel::flush()
{
    // Hidden tabs are drawn too, so that switching tabs shows current lines at once;
    // replace() on a bounded list keeps that cheap.
    for (MetricChart* chart : std::as_const(m_charts))
        chart->flush();
    m_multiples->refresh();
    m_oversell->flush();
    revealDrawnTabs();
    emit drawn();
}

void ChartsPanel::resizeEvent(QResizeEvent* event)
{
    fitTabs();
    QTabWidget::resizeEvent(event);
}

void ChartsPanel::fitTabs()
{
    m_tabRow->fit(width());
}

void ChartsPanel::revealDrawnTabs()
{
    for (QWidget* page : std::as_const(m_onDemand)) {
        const int index = indexOf(page);
        if (isTabVisible(index))
            continue;
        const QList<MetricChart*> charts = page->findChildren<MetricChart*>();
        if (std::any_of(
                charts.begin(), charts.end(), [](MetricChart* c) { return !c->lineNames().isEmpty(); })) {
            setTabVisible(index, true);
            fitTabs();
        }
    }
}
