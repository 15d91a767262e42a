#include "ui/charts/smallmultiples.h"

#include "app/report/strategycolors.h"
#include "ui/charts/metricchart.h"

#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {

// Wide enough for a strategy's name and the rate labels whole; low enough for four rows of
// three (eleven strategies) in the Throughput tab at 1009x677.
constexpr int kCellMinWidth = 110;
constexpr int kCellMinHeight = 68;

// The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) at or
// above `value`: an axis end that reads, and leaves little of the chart empty.
double niceCeiling(double value)
{
    if (value <= 0)
        return 1.0;
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (const double step : { 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0 }) {
        if (step * power >= value)
            return step * power;
    }
    return 10.0 * power;
}

// Up to three side by side, then more rows: a row of three fits beside the bars at 1009x677.
int columnsFor(int count)
{
    return std::clamp(count, 1, 3);
}

// "queued (2)", a repeated run, belongs to queued's chart.
QString strategyOf(const QString& line)
{
    return line.section(QLatin1Char(' '), 0, 0);
}

} // namespace

SmallMultiples::SmallMultiples(const MetricChart* source, QWidget* parent)
    : QWidget(parent)
    , m_source(source)
    , m_grid(new QGridLayout(this))
{
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(2);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void SmallMultiples::clear()
{
    for (const Cell& cell : std::as_const(m_cells))
        delete cell.view; // owns its chart
    m_cells.clear();
    m_order.clear();
}

QChartView* SmallMultiples::viewOf(const QString& strategy) const
{
    return m_cells.value(strategy).view;
}

void SmallMultiples::refresh()
{
    if (isHidden())
        return;
    double yMax = 0.0;
    const qsizetype before = m_order.size();
    QStringList names = m_source->lineNames();
    std::stable_sort(names.begin(), names.end(), [this](const QString& a, const QString& b) {
        const auto rank = [this](const QString& line) {
            const qsizetype at = m_runOrder.indexOf(strategyOf(line));
            return at < 0 ? m_runOrder.size() : at;
        };
        return rank(a) < rank(b) || (rank(a) == rank(b) && a < b);
    });
    for (const QString& name : std::as_const(names)) {
        const QList<QPointF> points = m_source->points(name);
        QLineSeries* series = line(cell(strategyOf(name)), name);
        // Redrawn only when the line grew or moved: a finished run repaints nothing.
        if (series->count() != points.size()
            || (!points.isEmpty() && series->at(series->count() - 1) != points.last())) {
            series->replace(points);
            series->setPointsVisible(points.size() < 3); // a strategy done in a sample or two is a dot
        }
        for (const QPointF& point : points)
            yMax = std::max(yMax, point.y());
    }
    if (m_order.size() != before)
        arrange();
    shareAxes(m_source->timeEnd(), niceCeiling(yMax * 1.05));
}

SmallMultiples::Cell& SmallMultiples::cell(const QString& strategy)
{
    auto found = m_cells.find(strategy);
    if (found != m_cells.end())
        return *found;
    Cell cell;
    cell.chart = new QChart;
    cell.chart->legend()->hide();
    cell.chart->setMargins(QMargins(2, 2, 2, 2));
    cell.chart->setBackgroundRoundness(0);
    cell.chart->setTitle(strategy);
    cell.chart->setTitleBrush(StrategyColors::of(strategy));
    QFont small = cell.chart->titleFont();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    small.setBold(true);
    cell.chart->setTitleFont(small);
    cell.x = new QValueAxis;
    cell.y = new QValueAxis;
    for (QValueAxis* axis : { cell.x, cell.y }) {
        axis->setTickCount(3);
        QFont labels = axis->labelsFont();
        labels.setPointSizeF(labels.pointSizeF() * 0.8);
        axis->setLabelsFont(labels);
    }
    cell.x->setLabelFormat(
        QStringLiteral("%.0f")); // seconds, as the tooltip says: "10 s" is cut short in a small chart
    cell.y->setLabelFormat(QStringLiteral("%.0f"));
    cell.chart->addAxis(cell.x, Qt::AlignBottom);
    cell.chart->addAxis(cell.y, Qt::AlignLeft);
    cell.view = new QChartView(cell.chart, this);
    cell.view->setRenderHint(QPainter::Antialiasing);
    cell.view->setMinimumSize(kCellMinWidth, kCellMinHeight);
    cell.view->setToolTip(
        tr("%1: %2 against seconds elapsed, on the same axes as every other strategy's chart")
            .arg(strategy, m_source->title()));
    m_order.append(strategy);
    return *m_cells.insert(strategy, cell);
}

QLineSeries* SmallMultiples::line(Cell& cell, const QString& name)
{
    if (QLineSeries* series = cell.lines.value(name))
        return series;
    auto* series = new QLineSeries;
    series->setName(name);
    QPen pen(m_source->lineColor(name), 1.5);
    if (name != strategyOf(name))
        pen.setStyle(Qt::DashLine); // a repetition, beside the first run
    series->setPen(pen);
    cell.chart->addSeries(series);
    series->attachAxis(cell.x);
    series->attachAxis(cell.y);
    cell.lines.insert(name, series);
    return series;
}

// Rows and columns for the strategies so far, in the order they first ran.
void SmallMultiples::arrange()
{
    const auto count = static_cast<int>(m_order.size());
    const int columns = columnsFor(count);
    for (int i = 0; i < count; ++i) {
        QChartView* view = m_cells[m_order[i]].view;
        m_grid->removeWidget(view);
        m_grid->addWidget(view, i / columns, i % columns);
    }
}

void SmallMultiples::shareAxes(double xMax, double yMax)
{
    const auto count = static_cast<int>(m_order.size());
    const int columns = columnsFor(count);
    const int lastRowStart = ((count - 1) / columns) * columns;
    for (int i = 0; i < count; ++i) {
        Cell& cell = m_cells[m_order[i]];
        cell.x->setRange(0.0, std::max(xMax, 1.0));
        cell.y->setRange(0.0, yMax);
        // Shared axes are labelled once: times under the bottom row, rates left of the first column.
        cell.x->setLabelsVisible(i >= lastRowStart);
        cell.y->setLabelsVisible(i % columns == 0);
    }
}
