#include "ui/charts/chartspanel.h"

#include "app/report/strategycolors.h"
#include "ui/charts/comparisonpanel.h"
#include "ui/charts/legendstrip.h"
#include "ui/charts/metricchart.h"
#include "ui/charts/oversellview.h"

#include <QChart>
#include <QGridLayout>
#include <QLegend>

#include <algorithm>

namespace {

double perSecond(long long now, long long before, double intervalS)
{
    return intervalS > 0 ? static_cast<double>(now - before) / intervalS : 0.0;
}

long long errorCount(const MetricsSample& sample, ErrorClass errorClass)
{
    return sample.errors[static_cast<std::size_t>(errorClass)];
}

} // namespace

ChartsPanel::ChartsPanel(QWidget* parent)
    : QTabWidget(parent)
    , m_oversell(new OversellView(this))
    , m_comparison(new ComparisonPanel(this))
{
    QWidget* throughput = addGridTab(tr("Throughput"));
    addChart(throughput, 0, 0, tr("Orders per second"), tr("orders/s"));
    addChart(throughput, 0, 1, tr("Attempts per second"), tr("attempts/s"));

    QWidget* latency = addGridTab(tr("Latency"));
    addChart(latency, 0, 0, tr("p50"), tr("ms"));
    addChart(latency, 0, 1, tr("p95"), tr("ms"));
    addChart(latency, 1, 0, tr("p99"), tr("ms"));
    addChart(latency, 1, 1, tr("max"), tr("ms"));

    QWidget* locks = addGridTab(tr("Lock waits"));
    addChart(locks, 0, 0, tr("Server row-lock waits per second"), tr("waits/s"));
    addChart(locks, 0, 1, tr("Server row-lock time per second"), tr("ms/s"));
    addChart(locks, 1, 0, tr("Transactions waiting for a lock now"), tr("transactions"));
    addChart(locks, 1, 1, tr("Client time in the locking statement"), tr("ms/s"));

    QWidget* errors = addGridTab(tr("Errors"));
    addChart(errors, 0, 0, tr("Retries per second"), tr("retries/s"));
    addChart(errors, 0, 1, tr("1213 deadlocks per second"), tr("errors/s"));
    addChart(errors, 1, 0, tr("1205 lock wait timeouts per second"), tr("errors/s"));
    addChart(errors, 1, 1, tr("1020, 3572 and lost connections per second"), tr("errors/s"));
    m_strips.last()->setNote(tr("On the last chart: solid 1020, dashed 3572, dotted lost connections."));

    addTab(m_oversell, tr("Oversell"));
    addTab(m_comparison, tr("Scaling"));

    m_repaint.setInterval(150);
    connect(&m_repaint, &QTimer::timeout, this, &ChartsPanel::flush);
    m_repaint.start();
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

MetricChart* ChartsPanel::addChart(QWidget* page, int row, int column, const QString& title, const QString& unit)
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
    m_previous.clear();
    m_starts.clear();
    m_deadlockMarks = false;
    m_soldOutMarks = false;
    updateStrips();
}

void ChartsPanel::updateStrips()
{
    QStringList names = m_starts.keys();
    std::sort(names.begin(), names.end(), [this](const QString& a, const QString& b) { return m_order.value(a) < m_order.value(b); });
    for (LegendStrip* strip : std::as_const(m_strips)) {
        strip->setStrategies(names);
        strip->setMarks(m_deadlockMarks, m_soldOutMarks);
    }
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

void ChartsPanel::addSample(const MetricsSample& s)
{
    const MetricsSample before = m_previous.value(s.strategy);
    const double x = s.elapsedS;
    if (!m_starts.contains(s.strategy))
        strategyStarted(s.strategy);
    const int run = m_starts.value(s.strategy, 1);
    const QString lineName = run > 1 ? QStringLiteral("%1 (%2)").arg(s.strategy).arg(run) : s.strategy;
    const auto add = [&](const QString& chart, double y) { m_charts.value(chart)->addPoint(lineName, x, y); };
    // The last sample of a strategy may cover a few milliseconds: too short for a rate, unless
    // it is the whole run (queued can sell out a hot SKU in 30 ms), which would leave no line.
    if (s.intervalS < 0.1 && m_previous.contains(s.strategy)) {
        m_oversell->addSample(s);
        m_previous.insert(s.strategy, s);
        return;
    }
    add(tr("Orders per second"), s.ordersPerS);
    add(tr("Attempts per second"), s.attemptsPerS);
    add(tr("p50"), s.p50Ms);
    add(tr("p95"), s.p95Ms);
    add(tr("p99"), s.p99Ms);
    add(tr("max"), s.maxMs);
    if (s.serverStatsValid) {
        add(tr("Server row-lock waits per second"), static_cast<double>(s.rowLockWaits) / s.intervalS);
        add(tr("Server row-lock time per second"), static_cast<double>(s.rowLockTimeMs) / s.intervalS);
    }
    if (s.waitingNow >= 0)
        add(tr("Transactions waiting for a lock now"), static_cast<double>(s.waitingNow));
    add(tr("Client time in the locking statement"), s.clientLockWaitMsPerS);
    add(tr("Retries per second"), perSecond(s.retries, before.retries, s.intervalS));
    add(tr("1213 deadlocks per second"),
        perSecond(errorCount(s, ErrorClass::Deadlock), errorCount(before, ErrorClass::Deadlock), s.intervalS));
    add(tr("1205 lock wait timeouts per second"),
        perSecond(errorCount(s, ErrorClass::LockWaitTimeout), errorCount(before, ErrorClass::LockWaitTimeout), s.intervalS));
    // One line per code, same colour per strategy, told apart by the dash pattern.
    const struct {
        ErrorClass errorClass;
        const char* suffix;
        Qt::PenStyle style;
    } others[] = { { ErrorClass::RecordChanged, " 1020", Qt::SolidLine }, { ErrorClass::LockNowait, " 3572", Qt::DashLine },
        { ErrorClass::ConnectionLost, " lost connection", Qt::DotLine } };
    MetricChart* otherChart = m_charts.value(tr("1020, 3572 and lost connections per second"));
    for (const auto& other : others) {
        const QString line = lineName + QLatin1String(other.suffix);
        const double rate = perSecond(errorCount(s, other.errorClass), errorCount(before, other.errorClass), s.intervalS);
        if (rate <= 0 && otherChart->pointCount(line) == 0)
            continue; // a line only once the code has occurred
        QPen pen(StrategyColors::of(s.strategy), 2.0, other.style);
        otherChart->setPen(line, pen);
        otherChart->addPoint(line, x, rate);
    }
    m_oversell->addSample(s);
    m_previous.insert(s.strategy, s);
}

void ChartsPanel::addDeadlock(const DeadlockRecord& deadlock)
{
    for (const QString& title : { tr("Orders per second"), tr("1213 deadlocks per second"), tr("Transactions waiting for a lock now") })
        m_charts.value(title)->addMarker(deadlock.elapsedS);
    if (!m_deadlockMarks) {
        m_deadlockMarks = true;
        updateStrips();
    }
}

void ChartsPanel::strategyFinished(const StrategyResult& result)
{
    if (result.soldOut()) {
        for (const QString& title : { tr("Orders per second"), tr("Attempts per second"), tr("Server row-lock waits per second") })
            m_charts.value(title)->addSoldOutMarker(result.soldOutS);
        if (!m_soldOutMarks) {
            m_soldOutMarks = true;
            updateStrips();
        }
    }
    for (MetricChart* chart : std::as_const(m_charts))
        chart->fitTime();
    m_oversell->strategyFinished(result);
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
    m_oversell->flush();
}
