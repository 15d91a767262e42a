#pragma once

#include "app/core/metricssample.h"
#include "app/core/strategyresult.h"

#include "ui/charts/fittingtabbar.h"

#include <QHash>
#include <QTabWidget>
#include <QTimer>

class ComparisonPanel;
class MetricChart;
class QCheckBox;
class SmallMultiples;
class StrategyBarsView;
struct TimeMetric;
class OversellView;
class TimeSplitPanel;
class TimelinePanel;

// The live charts, one tab per subject. Samples are buffered as they arrive and drawn on
// a timer, at most every 150 ms, however fast they come.
class ChartsPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit ChartsPanel(QWidget* parent = nullptr);

    // A run of `plannedS` seconds (0: it ends when the stock or the orders do).
    void startRun(std::int64_t totalStock, double plannedS = 0.0);
    // A strategy starts again in the same plan (a repetition, a sweep cell): its lines start
    // anew beside the earlier ones, "queued (2)", in the same colour.
    void strategyStarted(const QString& strategy);
    // A side-by-side run's samples now come from `engine` ("PostgreSQL 15.18"): its lines are
    // named by it, and dashed after the first server's, as the exported charts draw them.
    void setServer(const QString& engine);
    void addSample(const MetricsSample& sample);
    void strategyFinished(const StrategyResult& result);
    void addDeadlock(const DeadlockRecord& deadlock);

    // In tab order, then the oversell chart.
    QList<MetricChart*> charts() const;
    MetricChart* chart(const QString& title) const { return m_charts.value(title); }
    // Opens the tab that holds a chart (showing it if it waited for a line): a TimeMetric id, "oversell",
    // "scaling" or "timeline"; false for any other (the lock inspector and the deadlocks are the window's,
    // not this panel's).
    bool showChart(const QString& id);
    // The chart of a TimeMetric id ("orders-per-second"); null for any other id.
    MetricChart* chartOf(const QString& id) const;
    // Presenter mode: every chart with a projector's text and lines; with a focus (a lesson
    // step's chart), that chart alone fills its tab. An empty focus shows every chart again.
    void setPresenting(bool presenting);
    void setFocusChart(const QString& id);
    bool presenting() const { return m_presenting; }
    OversellView* oversell() const { return m_oversell; }
    ComparisonPanel* comparison() const { return m_comparison; }
    TimeSplitPanel* timeSplit() const { return m_timeSplit; }
    TimelinePanel* timeline() const { return m_timeline; }
    StrategyBarsView* strategyBars() const { return m_bars; }
    SmallMultiples* smallMultiples() const { return m_multiples; }
    QCheckBox* perStrategy() const { return m_perStrategy; } // small multiples instead of overlaid lines

signals:
    // The charts drew every sample that had come (each repaint of the timer): what a test of
    // the charts waits for, rather than for a time.
    void drawn();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitTabs(); // every tab's title whole in the width the panel has
    MetricChart* addChart(QWidget* page, int row, int column, const QString& title, const QString& unit);
    QWidget* addGridTab(const QString& title);
    void layOutThroughput(QWidget* page, const TimeMetric& orders, const TimeMetric& attempts);
    void flush();
    void updateStrips();
    void revealDrawnTabs(); // once shown, a tab stays for the session

    QHash<QString, MetricChart*> m_charts;
    QList<MetricChart*> m_ordered; // QHash order changes from run to run
    OversellView* m_oversell;
    ComparisonPanel* m_comparison;
    StrategyBarsView* m_bars;
    SmallMultiples* m_multiples = nullptr;
    QCheckBox* m_perStrategy = nullptr;
    QList<MetricChart*> m_throughputLines; // orders/s and attempts/s, overlaid
    TimeSplitPanel* m_timeSplit;
    TimelinePanel* m_timeline;
    QHash<QString, MetricsSample> m_previous;
    QHash<QString, int> m_starts; // runs of each strategy in this plan so far
    QStringList m_servers; // of a side-by-side run, in the order they ran
    QString m_server; // the one whose samples come now
    QHash<QString, int> m_order; // the order strategies first started in, for the strips
    QList<class LegendStrip*> m_strips; // one per grid tab
    FittingTabBar* m_tabRow;
    QList<QWidget*> m_onDemand; // tabs hidden until one of their charts has a line
    bool m_deadlockMarks = false;
    bool m_soldOutMarks = false;
    QTimer m_repaint;
    bool m_presenting = false;
    QString m_focus; // a TimeMetric id, or empty
};
