#pragma once

#include "ui/charts/chartstyle.h"
#include "ui/charts/exportablechartview.h"

#include <QHash>
#include <QPen>
#include <QPointF>
#include <QString>

#include <deque>

class QChart;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

// One metric over elapsed time, one line per strategy. Points are buffered in a bounded
// ring per line and pushed to the chart with replace() on flush(), never appended one by
// one; the axes grow in steps to hold the data. Hovering a line shows its name, time and
// value; dragging across the chart zooms into that time span, the wheel zooms around the
// pointer, the arrow keys pan, and a double-click (or the context menu) shows everything again.
class MetricChart : public ExportableChartView {
    Q_OBJECT
public:
    static constexpr std::size_t kMaxPointsPerLine = 2400; // 10 min at 4 samples/s

    MetricChart(const QString& title, const QString& unit, QWidget* parent = nullptr);

    void addPoint(const QString& line, double x, double y);
    void setPen(const QString& line, const QPen& pen);
    // A red square at elapsed time x on the axis: an event such as a deadlock; one per
    // quarter second at most, which counts the events it stands for (shown on hover).
    void addMarker(double x);
    qsizetype markerCount() const;
    // "12 deadlocks from 2.25 s to 2.50 s": what the square nearest to x stands for.
    QString markerText(double x) const;
    // A dark triangle at elapsed time x on the axis: a strategy sold its last unit there.
    void addSoldOutMarker(double x);
    qsizetype soldOutMarkerCount() const;
    // The time axis spans a run of this length from the start (it still grows past it).
    void setTimeSpan(double seconds);
    // A strategy ended: without a planned span, the time axis ends at the longest line.
    void fitTime();
    double timeEnd() const { return m_xTop; }
    // An empty chart takes the time axis of its neighbours (ending at `end` seconds).
    void matchTime(double end);
    void clear();
    // Repaints the lines that changed since the last flush; called by a timer.
    void flush();

    QString title() const { return m_title; }
    // Text and line sizes: the usual ones, or a projector's (presenter mode).
    void setStyle(const ChartStyle& style);
    const ChartStyle& style() const { return m_style; }
    QStringList lineNames() const;
    qsizetype pointCount(const QString& line) const; // as shown on the chart
    QList<QPointF> points(const QString& line) const; // as shown on the chart
    QColor lineColor(const QString& line) const;
    bool pointsShown(const QString& line) const; // dots on the line, while it has too few points to join
    // The tooltip for a point of `line`: "pessimistic\nt = 2.25 s\n412 orders/s".
    QString pointText(const QString& line, const QPointF& point) const;
    bool zoomed() const;
    void resetZoom();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void addMenuActions(QMenu* menu) override;

private:
    struct Line {
        QLineSeries* series = nullptr;
        std::deque<QPointF> points;
        bool dirty = false;
    };
    struct Markers {
        QScatterSeries* series = nullptr;
        std::deque<QPointF> points;
        std::deque<int> counts; // events each point stands for
        bool dirty = false;
    };
    Line& line(const QString& name);
    void addTo(Markers& markers, double x, const QString& name, int shape, const QColor& colour);
    void flush(Markers& markers);
    void fitYTicks();

    QString m_title;
    QString m_unit;
    QChart* m_chart;
    ChartStyle m_style;
    QValueAxis* m_xAxis;
    QValueAxis* m_yAxis;
    QHash<QString, Line> m_lines;
    Markers m_deadlocks;
    Markers m_soldOut;
    double m_maxX = 1.0;
    double m_maxY = 1.0;
    double m_xTop = 1.0; // the axes' current ends
    double m_plannedX = 0.0; // the run's planned length, 0 when it ends on stock or orders
    double m_yTop = 1.0;
    int m_niceYTicks = 5; // the count applyNiceNumbers chose, before the chart's height cut it
};
