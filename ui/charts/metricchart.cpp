#include "ui/charts/metricchart.h"

#include "app/report/strategycolors.h"
#include "ui/charts/chartstyle.h"

#include <QChart>
#include <QCursor>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace {

constexpr double kMarkerBucketS = 0.25; // one deadlock square per quarter second at most

// The smallest "nice" multiple of a power of ten at or above v. The value axis takes finer
// steps, so that the data still fills half of it after the headroom; the time axis keeps
// coarse ones, which give it more evenly spaced labels.
double niceCeiling(double v, bool fine)
{
    if (!(v > 0.0))
        return 1.0;
    const double power = std::pow(10.0, std::floor(std::log10(v)));
    static constexpr std::array kFine { 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0 };
    static constexpr std::array kCoarse { 1.0, 2.0, 2.5, 5.0, 10.0 };
    for (const double step : fine ? std::span<const double>(kFine) : std::span<const double>(kCoarse)) {
        if (step * power >= v * (1.0 - 1e-12))
            return step * power;
    }
    return 10.0 * power;
}

// The time axis's tick interval: 1, 2 or 5 times a power of ten, at most five ticks over
// `span`, so that each label stays short ("20", not "18.75") and is never cut to "18....".
double timeTickInterval(double span)
{
    if (!(span > 0.0))
        return 1.0;
    const double least = span / 4.0;
    const double power = std::pow(10.0, std::floor(std::log10(least)));
    for (const double step : { 1.0, 2.0, 5.0 }) {
        if (step * power >= least * (1.0 - 1e-12))
            return step * power;
    }
    return 10.0 * power;
}

// The most ticks a value axis of `height` pixels labels whole: Qt Charts gives each label the
// axis's height divided among the ticks, and cuts a label taller than its share to "...".
// The ticks a value axis would have with room for them all, as QValueAxis has by default.
constexpr int kNiceYTicks = 5;

int ticksThatFit(double height, const QFont& font)
{
    const double perLabel = QFontMetricsF(font).height() * 1.8;
    return std::max(2, static_cast<int>(height / perLabel) + 1);
}

// Whether the step between ticks, `step`, has at most two significant digits (400, 2500, 1.5),
// so that every tick is a round number; 266.67 or 1250 would label the axis with odd figures.
bool isNiceStep(double step)
{
    if (!(step > 0.0))
        return false;
    const double tenths = 10.0 * step / std::pow(10.0, std::floor(std::log10(step)));
    return std::abs(tenths - std::round(tenths)) < 1e-6;
}

// A line's name without its run number: "queued (2) 1020" -> "queued 1020".
QString legendNameOf(const QString& line)
{
    static const QRegularExpression runNumber(QStringLiteral(" \\(\\d+\\)"));
    return QString(line).remove(runNumber);
}

} // namespace

MetricChart::MetricChart(const QString& title, const QString& unit, QWidget* parent)
    : ExportableChartView(parent)
    , m_title(title)
    , m_unit(unit)
    , m_chart(new QChart)
    , m_xAxis(new QValueAxis)
    , m_yAxis(new QValueAxis)
{
    // Follow the desktop: a dark palette gets the dark chart theme (set before any series).
    if (palette().color(QPalette::Window).lightness() < 128)
        m_chart->setTheme(QChart::ChartThemeDark);
    m_chart->setTitle(title);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_xAxis->setTitleText(tr("elapsed s"));
    m_xAxis->setLabelFormat(QStringLiteral("%g"));
    m_xAxis->setTickType(QValueAxis::TicksDynamic);
    m_xAxis->setTickAnchor(0.0);
    m_xAxis->setTickInterval(timeTickInterval(1.0));
    connect(m_xAxis, &QValueAxis::rangeChanged, this,
        [this](qreal min, qreal max) { m_xAxis->setTickInterval(timeTickInterval(max - min)); });
    m_yAxis->setTitleText(unit);
    // A chart squeezed low (four to a tab at 1009x677) would cut its vertical unit title to
    // "retrie…"; the chart's own title still says what is drawn, so the unit steps aside.
    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        const int needed = QFontMetrics(m_yAxis->titleFont()).horizontalAdvance(m_yAxis->titleText()) + 4;
        m_yAxis->setTitleVisible(plot.height() >= needed);
        fitYTicks();
    });
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    m_xAxis->setRange(0, 1);
    m_yAxis->setRange(0, 1);
    QChart* placeholder = chart(); // QChartView makes one of its own and would leak it on setChart()
    setChart(m_chart);
    delete placeholder;
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(220, 150); // two rows of charts still fit a 1280x720 projector, and 1009x677
    setRubberBand(QChartView::HorizontalRubberBand);
    setFocusPolicy(Qt::StrongFocus); // the arrow keys pan
}

MetricChart::Line& MetricChart::line(const QString& name)
{
    auto it = m_lines.find(name);
    if (it != m_lines.end())
        return *it;
    Line created;
    created.series = new QLineSeries;
    created.series->setName(name);
    const QString strategy = name.section(QLatin1Char(' '), 0, 0);
    QPen pen(StrategyColors::of(strategy));
    pen.setWidthF(2.0);
    pen.setStyle(StrategyColors::lineStyleOf(strategy));
    m_style.setPen(created.series, pen);
    m_chart->addSeries(created.series);
    connect(created.series, &QLineSeries::hovered, this, [this, name](const QPointF& point, bool entered) {
        if (entered)
            QToolTip::showText(QCursor::pos(), pointText(name, point), this);
        else
            QToolTip::hideText();
    });
    created.series->attachAxis(m_xAxis);
    created.series->attachAxis(m_yAxis);
    // A strategy's later runs ("queued (2)") are lines of their own, so that no line jumps
    // back to the start; the legend names the strategy once.
    const QString legendName = legendNameOf(name);
    const bool named = std::any_of(m_lines.cbegin(), m_lines.cend(),
        [&](const Line& other) { return legendNameOf(other.series->name()) == legendName; });
    if (named) {
        for (QLegendMarker* marker : m_chart->legend()->markers(created.series))
            marker->setVisible(false);
    }
    return *m_lines.insert(name, std::move(created));
}

void MetricChart::addPoint(const QString& name, double x, double y)
{
    if (!std::isfinite(x) || !std::isfinite(y))
        return;
    Line& target = line(name);
    target.points.emplace_back(x, y);
    if (target.points.size() > kMaxPointsPerLine)
        target.points.pop_front();
    target.dirty = true;
}

void MetricChart::setPen(const QString& name, const QPen& pen)
{
    m_style.setPen(line(name).series, pen);
}

void MetricChart::addMarker(double x)
{
    // At hundreds of deadlocks a second the squares would merge into a bar: one per quarter
    // second says when they happened, and counts how many it stands for.
    if (!m_deadlocks.points.empty()
        && std::floor(m_deadlocks.points.back().x() / kMarkerBucketS) == std::floor(x / kMarkerBucketS)) {
        ++m_deadlocks.counts.back();
        return;
    }
    const bool first = m_deadlocks.series == nullptr;
    addTo(m_deadlocks, x, tr("deadlock"), QScatterSeries::MarkerShapeRectangle, StrategyColors::unsafe());
    if (first) {
        connect(
            m_deadlocks.series, &QScatterSeries::hovered, this, [this](const QPointF& point, bool entered) {
                if (entered)
                    QToolTip::showText(QCursor::pos(), markerText(point.x()), this);
                else
                    QToolTip::hideText();
            });
    }
}

QString MetricChart::markerText(double x) const
{
    const std::deque<QPointF>& points = m_deadlocks.points;
    if (points.empty())
        return {};
    const auto nearest = std::min_element(points.begin(), points.end(),
        [&](const QPointF& a, const QPointF& b) { return std::abs(a.x() - x) < std::abs(b.x() - x); });
    const int count = m_deadlocks.counts[static_cast<std::size_t>(nearest - points.begin())];
    const double from = std::floor(nearest->x() / kMarkerBucketS) * kMarkerBucketS;
    const QString span = tr("from %1 s to %2 s").arg(from, 0, 'f', 2).arg(from + kMarkerBucketS, 0, 'f', 2);
    return count == 1 ? tr("1 deadlock %1").arg(span) : tr("%1 deadlocks %2").arg(count).arg(span);
}

qsizetype MetricChart::markerCount() const
{
    return m_deadlocks.series ? m_deadlocks.series->count() : 0;
}

void MetricChart::addSoldOutMarker(double x)
{
    addTo(m_soldOut, x, tr("sold out"), QScatterSeries::MarkerShapeTriangle, QColor(60, 60, 60));
}

qsizetype MetricChart::soldOutMarkerCount() const
{
    return m_soldOut.series ? m_soldOut.series->count() : 0;
}

void MetricChart::addTo(Markers& markers, double x, const QString& name, int shape, const QColor& colour)
{
    if (!markers.series) {
        markers.series = new QScatterSeries;
        markers.series->setName(name);
        markers.series->setMarkerShape(static_cast<QScatterSeries::MarkerShape>(shape));
        markers.series->setMarkerSize(m_style.markerSize());
        markers.series->setColor(colour);
        markers.series->setBorderColor(colour);
        m_chart->addSeries(markers.series);
        markers.series->attachAxis(m_xAxis);
        markers.series->attachAxis(m_yAxis);
    }
    markers.points.emplace_back(x, 0.0);
    markers.counts.push_back(1);
    if (markers.points.size() > kMaxPointsPerLine) {
        markers.points.pop_front();
        markers.counts.pop_front();
    }
    markers.dirty = true;
}

void MetricChart::flush(Markers& markers)
{
    if (!markers.dirty)
        return;
    markers.dirty = false;
    markers.series->replace(QList<QPointF>(markers.points.begin(), markers.points.end()));
    for (const QPointF& point : markers.points)
        m_maxX = std::max(m_maxX, point.x());
}

void MetricChart::setTimeSpan(double seconds)
{
    if (!(seconds > 0.0))
        return;
    m_plannedX = seconds;
    m_xTop = seconds;
    m_xAxis->setRange(0, seconds);
}

void MetricChart::fitTime()
{
    flush(); // the strategy's last points count
    if (m_plannedX > 0.0 || m_maxX <= 1.0)
        return;
    m_xTop = std::ceil(m_maxX * 2.0) / 2.0; // to the next half second
    m_xAxis->setRange(0, m_xTop);
}

void MetricChart::matchTime(double end)
{
    if (!m_lines.isEmpty() || !(end > m_xTop))
        return;
    m_xTop = end;
    m_xAxis->setRange(0, end);
}

void MetricChart::clear()
{
    m_chart->removeAllSeries();
    m_lines.clear();
    m_deadlocks = {};
    m_soldOut = {};
    m_maxX = 1.0;
    m_maxY = 1.0;
    m_plannedX = 0.0;
    m_xTop = 1.0;
    m_yTop = 1.0;
    m_xAxis->setRange(0, 1);
    m_yAxis->setRange(0, 1);
}

void MetricChart::flush()
{
    bool changed = m_deadlocks.dirty || m_soldOut.dirty;
    flush(m_deadlocks);
    flush(m_soldOut);
    for (Line& current : m_lines) {
        if (!current.dirty)
            continue;
        current.dirty = false;
        changed = true;
        current.series->replace(QList<QPointF>(current.points.begin(), current.points.end()));
        // A line of one point draws nothing: show the points until there are enough to join.
        const bool fewPoints = current.points.size() < 3;
        if (current.series->pointsVisible() != fewPoints)
            current.series->setPointsVisible(fewPoints);
        for (const QPointF& point : current.points) {
            m_maxX = std::max(m_maxX, point.x());
            m_maxY = std::max(m_maxY, point.y());
        }
    }
    if (!changed || m_chart->isZoomed())
        return; // a zoomed chart stays where the reader put it
    // The axes grow in steps, with headroom, instead of following every sample: a range change
    // lays out every label of the axis again (QTextDocument per label), which cost more than
    // all the rest of a flush and stalled the window with a few hundred client threads.
    // The stop-line sample lands a few milliseconds past a planned length: no reason to grow.
    if (m_maxX > m_xTop * 1.02) {
        m_xAxis->setRange(0, niceCeiling(m_maxX * 1.25, false));
        m_xAxis->applyNiceNumbers();
        m_xTop = m_xAxis->max();
    }
    if (m_maxY * 1.05 > m_yTop) {
        m_yAxis->setRange(0, niceCeiling(m_maxY * 1.3, true));
        // applyNiceNumbers starts from the tick count it finds: after fitYTicks had thinned a small
        // chart to 2, every later range kept 2 (0 and 5000) where 3 would fit (0, 2500, 5000).
        m_yAxis->setTickCount(kNiceYTicks);
        m_yAxis->applyNiceNumbers();
        m_yTop = m_yAxis->max();
        m_niceYTicks = m_yAxis->tickCount();
        fitYTicks();
        m_yAxis->setLabelFormat(m_yTop >= 20 ? QStringLiteral("%.0f")
                : m_yTop >= 2                ? QStringLiteral("%.1f")
                                             : QStringLiteral("%.2f"));
    }
}

// As many of the ticks applyNiceNumbers chose as the chart's height labels whole, at a round
// step: a chart four to a tab would otherwise show "..." for 0 to 5000 in steps of 1000.
void MetricChart::fitYTicks()
{
    const int fit = std::min(m_niceYTicks, ticksThatFit(m_chart->plotArea().height(), m_yAxis->labelsFont()));
    const double span = m_yAxis->max() - m_yAxis->min();
    int ticks = fit;
    while (ticks > 2 && !isNiceStep(span / (ticks - 1)))
        --ticks;
    if (ticks != m_yAxis->tickCount())
        m_yAxis->setTickCount(ticks);
}

QString MetricChart::pointText(const QString& name, const QPointF& point) const
{
    // The nearest sample: the hovered point lies anywhere on the segment between two.
    QPointF nearest = point;
    const auto it = m_lines.find(name);
    if (it != m_lines.end() && !it->points.empty()) {
        nearest = *std::min_element(
            it->points.begin(), it->points.end(), [&](const QPointF& a, const QPointF& b) {
                return std::abs(a.x() - point.x()) < std::abs(b.x() - point.x());
            });
    }
    return tr("%1\nt = %2 s\n%3 %4")
        .arg(legendNameOf(name), QString::number(nearest.x(), 'f', 2),
            QLocale().toString(nearest.y(), 'f', nearest.y() >= 100 ? 0 : 2), m_unit);
}

bool MetricChart::zoomed() const
{
    return m_chart->isZoomed();
}

void MetricChart::resetZoom()
{
    m_chart->zoomReset();
    m_xTop = m_xAxis->max();
    m_yTop = m_yAxis->max();
    for (Line& current : m_lines)
        current.dirty = true; // the axes catch up with what arrived while zoomed
    flush();
}

void MetricChart::wheelEvent(QWheelEvent* event)
{
    // Zoom the time axis around the pointer: a notch is 20 %.
    const double factor = event->angleDelta().y() > 0 ? 0.8 : 1.25;
    const QRectF area = m_chart->plotArea();
    const double at = std::clamp((event->position().x() - area.left()) / area.width(), 0.0, 1.0);
    const double min = m_xAxis->min();
    const double max = m_xAxis->max();
    const double pivot = min + at * (max - min);
    const double newMin = std::max(0.0, pivot - (pivot - min) * factor);
    const double newMax = pivot + (max - pivot) * factor;
    if (newMax - newMin < 0.1)
        return;
    m_chart->zoomIn(QRectF(area.left() + area.width() * (newMin - min) / (max - min), area.top(),
        area.width() * (newMax - newMin) / (max - min), area.height()));
    event->accept();
}

void MetricChart::keyPressEvent(QKeyEvent* event)
{
    const double step = m_chart->plotArea().width() / 10.0;
    switch (event->key()) {
    case Qt::Key_Left:
        m_chart->scroll(-step, 0);
        break;
    case Qt::Key_Right:
        m_chart->scroll(step, 0);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        m_chart->zoom(1.25);
        break;
    case Qt::Key_Minus:
        m_chart->zoom(0.8);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        resetZoom();
        break;
    default:
        ExportableChartView::keyPressEvent(event);
    }
}

void MetricChart::mouseDoubleClickEvent(QMouseEvent* event)
{
    resetZoom();
    event->accept();
}

void MetricChart::addMenuActions(QMenu* menu)
{
    // The hint lives here, not in a widget tooltip, which would replace a line's value on hover.
    menu->addAction(tr("Drag across to zoom, wheel to zoom, arrow keys to pan"))->setEnabled(false);
    QAction* reset = menu->addAction(tr("Show the whole run"), this, &MetricChart::resetZoom);
    reset->setEnabled(zoomed());
    menu->addSeparator();
}

QStringList MetricChart::lineNames() const
{
    QStringList names = m_lines.keys();
    names.sort();
    return names;
}

qsizetype MetricChart::pointCount(const QString& name) const
{
    const auto it = m_lines.find(name);
    return it == m_lines.end() ? 0 : it->series->count();
}

QList<QPointF> MetricChart::points(const QString& name) const
{
    const auto it = m_lines.find(name);
    return it == m_lines.end() ? QList<QPointF>() : it->series->points();
}

QColor MetricChart::lineColor(const QString& name) const
{
    const auto it = m_lines.find(name);
    return it == m_lines.end() ? QColor() : it->series->pen().color();
}

bool MetricChart::pointsShown(const QString& name) const
{
    const auto it = m_lines.find(name);
    return it != m_lines.end() && it->series->pointsVisible();
}

void MetricChart::setStyle(const ChartStyle& style)
{
    m_style = style;
    m_style.apply(m_chart);
}
