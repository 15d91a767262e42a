#pragma once

#include "app/core/runtimeline.h"

#include <QColor>
#include <QWidget>

#include <memory>
#include <vector>

class QScrollBar;

// One run's hot-row timeline: a lane per client and writer, coloured by what it was doing.
// It draws what fits: a pixel that several phases share shows the one latest in the
// legend's order (a hold over the network crossings inside it), and lanes thinner than a few
// pixels scroll. Zoomed and panned like the other charts: drag across, the wheel, the arrow
// keys, a double click for the whole period.
class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    void setTimeline(std::shared_ptr<const RunTimeline> timeline);
    const RunTimeline* timeline() const { return m_timeline.get(); }
    // The period shown, in microseconds after the clients' start.
    std::pair<double, double> shown() const { return { m_fromUs, m_toUs }; }
    void showWhole();
    // How many lanes are drawn at once, from the first shown.
    int lanesShown() const;

    static QColor phaseColor(TimelinePhase phase);
    static QString phaseName(TimelinePhase phase);
    QSize sizeHint() const override { return { 640, 320 }; }
    QSize minimumSizeHint() const override { return { 240, 120 }; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRect plotArea() const;
    double laneHeight() const;
    double usAt(double x) const;
    double xAt(double us) const;
    void zoomAround(double pivotUs, double factor);
    void showPeriod(double fromUs, double toUs);
    void pan(double shareOfWidth);
    void layoutScrollBar();
    void paintAxis(QPainter& painter, const QRect& area) const;
    void paintLane(QPainter& painter, const RunTimeline::Lane& lane, int top, int height) const;
    QString laneName(const RunTimeline::Lane& lane) const;
    const RunTimeline::Lane* laneAt(int y) const;
    QString describeAt(const QPoint& at) const;
    void exportPng();

    std::shared_ptr<const RunTimeline> m_timeline;
    std::vector<const RunTimeline::Lane*> m_order; // writers first: where the holds are for queued
    double m_fromUs = 0.0;
    double m_toUs = 1.0;
    int m_labelWidth = 0;
    QScrollBar* m_lanes;
    int m_dragFrom = -1; // x where a drag to zoom began, -1 when none
    int m_dragTo = -1;
};
