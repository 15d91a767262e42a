#include "ui/charts/timelineview.h"

#include <QContextMenuEvent>
#include <QFileDialog>
#include <QHelpEvent>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace {

constexpr int kMinLaneHeight = 4; // thinner lanes scroll instead
constexpr int kMaxLaneHeight = 22;
constexpr double kNarrowestUs = 50.0; // zoomed in no further: a hand-over is a few hundred µs

// A tick step of 1, 2 or 5 × 10^k µs giving ticks about `spacingPx` apart.
double tickStep(double spanUs, double widthPx, double spacingPx)
{
    const double raw = spanUs * spacingPx / std::max(widthPx, 1.0);
    const double decade = std::pow(10.0, std::floor(std::log10(std::max(raw, 1.0))));
    for (const double factor : { 1.0, 2.0, 5.0 }) {
        if (decade * factor >= raw)
            return decade * factor;
    }
    return decade * 10.0;
}

int rolePriority(TimelineLane::Role role)
{
    return role == TimelineLane::Role::Writer ? 0 : role == TimelineLane::Role::Client ? 1 : 2;
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
    , m_lanes(new QScrollBar(Qt::Vertical, this))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    m_lanes->hide();
    connect(m_lanes, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
}

QColor TimelineView::phaseColor(TimelinePhase phase)
{
    switch (phase) {
    case TimelinePhase::Order:
        return { 0xd4, 0xd4, 0xd4 };
    case TimelinePhase::Network:
        return { 0x56, 0xb4, 0xe9 };
    case TimelinePhase::LockWait:
        return { 0xe6, 0x9f, 0x00 };
    case TimelinePhase::Holding:
        return { 0xb2, 0x18, 0x2b };
    case TimelinePhase::Committing:
        return { 0x00, 0x9e, 0x73 };
    }
    return Qt::gray;
}

QString TimelineView::phaseName(TimelinePhase phase)
{
    switch (phase) {
    case TimelinePhase::Order:
        return tr("in an order (queue, Redis, other statements)");
    case TimelinePhase::Network:
        return tr("crossing the network");
    case TimelinePhase::LockWait:
        return tr("waiting for the lock");
    case TimelinePhase::Holding:
        return tr("holding the row");
    case TimelinePhase::Committing:
        return tr("committing");
    }
    return {};
}

void TimelineView::setTimeline(std::shared_ptr<const RunTimeline> timeline)
{
    m_timeline = std::move(timeline);
    m_order.clear();
    m_labelWidth = 0;
    if (m_timeline) {
        for (const RunTimeline::Lane& lane : m_timeline->lanes())
            m_order.push_back(&lane);
        std::stable_sort(m_order.begin(), m_order.end(),
            [](const auto* a, const auto* b) { return rolePriority(a->role) < rolePriority(b->role); });
        for (const RunTimeline::Lane* lane : m_order)
            m_labelWidth = std::max(m_labelWidth, fontMetrics().horizontalAdvance(laneName(*lane)));
    }
    m_lanes->setValue(0);
    showWhole();
}

void TimelineView::showWhole()
{
    if (m_timeline)
        showPeriod(m_timeline->fromUs(), std::max(m_timeline->toUs(), m_timeline->fromUs() + 1));
    else
        showPeriod(0.0, 1.0);
}

void TimelineView::showPeriod(double fromUs, double toUs)
{
    const double lower = m_timeline ? m_timeline->fromUs() : 0.0;
    const double upper = m_timeline ? std::max<double>(m_timeline->toUs(), lower + 1.0) : 1.0;
    const double span = std::clamp(toUs - fromUs, std::min(kNarrowestUs, upper - lower), upper - lower);
    m_fromUs = std::clamp(fromUs, lower, upper - span);
    m_toUs = m_fromUs + span;
    layoutScrollBar();
    update();
}

QString TimelineView::laneName(const RunTimeline::Lane& lane) const
{
    switch (lane.role) {
    case TimelineLane::Role::Writer:
        return tr("writer %1").arg(lane.number);
    case TimelineLane::Role::Sweeper:
        return tr("sweeper %1").arg(lane.number);
    case TimelineLane::Role::Client:
        break;
    }
    return tr("client %1").arg(lane.number);
}

QRect TimelineView::plotArea() const
{
    const int top = fontMetrics().height() + 8;
    const int right = m_lanes->isVisible() ? m_lanes->width() + 4 : 6;
    return QRect(QPoint(m_labelWidth + 10, top), QPoint(width() - 1 - right, height() - 4));
}

double TimelineView::laneHeight() const
{
    const int lanes = std::max<int>(1, static_cast<int>(m_order.size()));
    const double available = height() - fontMetrics().height() - 12;
    return std::clamp(available / lanes, double(kMinLaneHeight), double(kMaxLaneHeight));
}

int TimelineView::lanesShown() const
{
    const int fitting = std::max(1, static_cast<int>(plotArea().height() / laneHeight()));
    return std::min<int>(fitting, static_cast<int>(m_order.size()));
}

void TimelineView::layoutScrollBar()
{
    const int lanes = static_cast<int>(m_order.size());
    const int fitting
        = std::max(1, static_cast<int>((height() - fontMetrics().height() - 12) / laneHeight()));
    m_lanes->setVisible(lanes > fitting);
    m_lanes->setRange(0, std::max(0, lanes - fitting));
    m_lanes->setPageStep(fitting);
    const int barWidth = m_lanes->sizeHint().width();
    const int top = fontMetrics().height() + 8;
    m_lanes->setGeometry(width() - barWidth - 2, top, barWidth, std::max(0, height() - top - 4));
}

double TimelineView::usAt(double x) const
{
    const QRect area = plotArea();
    return m_fromUs + (x - area.left()) * (m_toUs - m_fromUs) / std::max(1, area.width());
}

double TimelineView::xAt(double us) const
{
    const QRect area = plotArea();
    return area.left() + (us - m_fromUs) * area.width() / (m_toUs - m_fromUs);
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QRect area = plotArea();
    if (!m_timeline || m_order.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
            tr("Run a strategy on the lab's server to see each client's lane here."));
        return;
    }
    paintAxis(painter, area);
    const double height = laneHeight();
    const int first = m_lanes->isVisible() ? m_lanes->value() : 0;
    const int last = std::min<int>(static_cast<int>(m_order.size()), first + lanesShown());
    // Every lane is labelled when the text fits it, otherwise every few lanes.
    const int labelEvery = std::max(1, static_cast<int>(std::ceil(fontMetrics().height() / height)));
    painter.setClipRect(0, area.top(), width(), area.height() + 1);
    for (int i = first; i < last; ++i) {
        const int top = area.top() + static_cast<int>(std::lround((i - first) * height));
        const int next = area.top() + static_cast<int>(std::lround((i - first + 1) * height));
        paintLane(painter, *m_order[static_cast<std::size_t>(i)], top, next - top);
        if ((i - first) % labelEvery == 0) {
            painter.setPen(palette().color(QPalette::Text));
            painter.drawText(QRect(2, top, m_labelWidth + 4, std::max(next - top, fontMetrics().height())),
                Qt::AlignRight | Qt::AlignVCenter, laneName(*m_order[static_cast<std::size_t>(i)]));
        }
    }
    if (m_dragFrom >= 0 && m_dragTo >= 0) {
        const QRect band(QPoint(std::min(m_dragFrom, m_dragTo), area.top()),
            QPoint(std::max(m_dragFrom, m_dragTo), area.bottom()));
        painter.fillRect(band, QColor(0x33, 0x66, 0xcc, 60));
    }
}

void TimelineView::paintAxis(QPainter& painter, const QRect& area) const
{
    const double step = tickStep(m_toUs - m_fromUs, area.width(), 110.0);
    const int decimals = step >= 1000.0 ? 0 : step >= 100.0 ? 1 : step >= 10.0 ? 2 : 3;
    const QLocale locale;
    painter.setPen(palette().color(QPalette::Mid));
    for (double us = std::ceil(m_fromUs / step) * step; us <= m_toUs; us += step) {
        const int x = static_cast<int>(std::lround(xAt(us)));
        painter.drawLine(x, area.top() - 3, x, area.bottom());
        const QString label = locale.toString(us / 1000.0, 'f', decimals);
        const int labelWidth = painter.fontMetrics().horizontalAdvance(label);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(std::clamp(x - labelWidth / 2, area.left(), width() - labelWidth - 2),
            painter.fontMetrics().ascent() + 2, label);
        painter.setPen(palette().color(QPalette::Mid));
    }
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(
        QRect(2, 2, m_labelWidth + 4, fontMetrics().height()), Qt::AlignRight | Qt::AlignVCenter, tr("ms"));
}

void TimelineView::paintLane(QPainter& painter, const RunTimeline::Lane& lane, int top, int height) const
{
    // Each pixel column takes the latest phase of the legend that touches it, so that a lane
    // costs its visible spans and its width however many spans a pixel covers.
    const QRect area = plotArea();
    const int columns = area.width();
    std::vector<std::uint8_t> kinds(static_cast<std::size_t>(std::max(columns, 0)), 0);
    const auto [first, last] = RunTimeline::overlapping(
        lane, static_cast<std::int32_t>(std::floor(m_fromUs)), static_cast<std::int32_t>(std::ceil(m_toUs)));
    const double perUs = columns / (m_toUs - m_fromUs);
    for (std::size_t i = first; i < last; ++i) {
        const RunTimeline::Span& span = lane.spans[i];
        const int from = std::max(0, static_cast<int>(std::floor((span.startUs - m_fromUs) * perUs)));
        const int to = std::min(columns, static_cast<int>(std::ceil((span.endUs - m_fromUs) * perUs)));
        const auto kind = static_cast<std::uint8_t>(static_cast<int>(span.phase) + 1);
        for (int x = from; x < std::max(to, from + 1) && x < columns; ++x)
            kinds[static_cast<std::size_t>(x)] = std::max(kinds[static_cast<std::size_t>(x)], kind);
    }
    const int bandHeight = height >= 6 ? height - 1 : height;
    for (int x = 0; x < columns;) {
        int end = x + 1;
        while (end < columns && kinds[static_cast<std::size_t>(end)] == kinds[static_cast<std::size_t>(x)])
            ++end;
        if (const int kind = kinds[static_cast<std::size_t>(x)]; kind > 0)
            painter.fillRect(
                area.left() + x, top, end - x, bandHeight, phaseColor(static_cast<TimelinePhase>(kind - 1)));
        x = end;
    }
}

const RunTimeline::Lane* TimelineView::laneAt(int y) const
{
    const QRect area = plotArea();
    if (y < area.top())
        return nullptr;
    const int index
        = (m_lanes->isVisible() ? m_lanes->value() : 0) + static_cast<int>((y - area.top()) / laneHeight());
    return index < static_cast<int>(m_order.size()) ? m_order[static_cast<std::size_t>(index)] : nullptr;
}

QString TimelineView::describeAt(const QPoint& at) const
{
    const RunTimeline::Lane* lane = laneAt(at.y());
    if (!lane || at.x() < plotArea().left())
        return {};
    const double us = usAt(at.x());
    const double slack = (m_toUs - m_fromUs) / std::max(1, plotArea().width()); // one pixel
    const auto [first, last] = RunTimeline::overlapping(
        *lane, static_cast<std::int32_t>(us - slack), static_cast<std::int32_t>(us + slack) + 1);
    const RunTimeline::Span* found = nullptr;
    for (std::size_t i = first; i < last; ++i) {
        const RunTimeline::Span& span = lane->spans[i];
        if (span.startUs <= us + slack && span.endUs >= us - slack && (!found || span.phase > found->phase))
            found = &span;
    }
    const QLocale locale;
    if (!found)
        return tr("%1, %2 ms: idle").arg(laneName(*lane), locale.toString(us / 1000.0, 'f', 2));
    return tr("%1: %2 for %3 ms, from %4 to %5 ms")
        .arg(laneName(*lane), phaseName(found->phase),
            locale.toString((found->endUs - found->startUs) / 1000.0, 'f', 2),
            locale.toString(found->startUs / 1000.0, 'f', 2), locale.toString(found->endUs / 1000.0, 'f', 2));
}

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = describeAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    layoutScrollBar();
}

void TimelineView::zoomAround(double pivotUs, double factor)
{
    showPeriod(pivotUs - (pivotUs - m_fromUs) * factor, pivotUs + (m_toUs - pivotUs) * factor);
}

void TimelineView::pan(double shareOfWidth)
{
    const double by = (m_toUs - m_fromUs) * shareOfWidth;
    showPeriod(m_fromUs + by, m_toUs + by);
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ShiftModifier) { // through the lanes, as a list scrolls
        m_lanes->setValue(m_lanes->value() - event->angleDelta().y() / 40);
    } else { // the time axis around the pointer: a notch is 20 %, as on the other charts
        zoomAround(usAt(event->position().x()), event->angleDelta().y() > 0 ? 0.8 : 1.25);
    }
    event->accept();
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const double middle = (m_fromUs + m_toUs) / 2.0;
    switch (event->key()) {
    case Qt::Key_Left:
        pan(-0.1);
        break;
    case Qt::Key_Right:
        pan(0.1);
        break;
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
        QCoreApplication::sendEvent(m_lanes, event);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomAround(middle, 0.8);
        break;
    case Qt::Key_Minus:
        zoomAround(middle, 1.25);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        showWhole();
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && event->position().x() >= plotArea().left())
        m_dragFrom = m_dragTo = static_cast<int>(event->position().x());
    QWidget::mousePressEvent(event);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragFrom >= 0) {
        m_dragTo = std::clamp(static_cast<int>(event->position().x()), plotArea().left(), plotArea().right());
        update();
    }
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_dragFrom >= 0 && std::abs(m_dragTo - m_dragFrom) > 4)
        showPeriod(usAt(std::min(m_dragFrom, m_dragTo)), usAt(std::max(m_dragFrom, m_dragTo)));
    m_dragFrom = m_dragTo = -1;
    update();
    QWidget::mouseReleaseEvent(event);
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    showWhole();
    event->accept();
}

void TimelineView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Drag across to zoom, wheel to zoom, arrow keys to pan, Shift+wheel for more lanes"))
        ->setEnabled(false);
    menu.addAction(tr("Show the whole period"), this, &TimelineView::showWhole);
    menu.addSeparator();
    menu.addAction(tr("Export timeline as PNG…"), this, &TimelineView::exportPng)
        ->setEnabled(m_timeline != nullptr);
    menu.exec(event->globalPos());
}

void TimelineView::exportPng()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export timeline"), QStringLiteral("hot-row-timeline.png"), tr("PNG files (*.png)"));
    if (path.isEmpty())
        return;
    QPixmap pixmap(size() * 2);
    pixmap.setDevicePixelRatio(2.0);
    pixmap.fill(palette().color(QPalette::Base));
    m_lanes->hide(); // the picture is of the lanes, not of the scroll bar
    render(&pixmap, {}, {}, QWidget::DrawChildren);
    layoutScrollBar();
    if (!pixmap.save(path, "PNG"))
        QMessageBox::warning(this, tr("Export failed"), tr("Cannot write %1.").arg(path));
}
