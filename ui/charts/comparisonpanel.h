#pragma once

#include "app/report/chartfactory.h"

#include <QTimer>
#include <QWidget>

class ExportableChartView;
class LegendStrip;
class QChart;
class QCheckBox;
class QGridLayout;
class QLabel;

// The scaling curves: orders/s, p99 and lock waits against clients (log scale, one
// line per strategy and source), and a bar chart of the latest run's strategies. Rebuilt as
// cells finish and when results files are opened, at most every 300 ms. Only the rows of the
// latest row's experiment are drawn (another stock or delay is another curve, not a point on
// this one), unless "Every experiment" is ticked; a line above the charts says which.
class ComparisonPanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonPanel(QWidget* parent = nullptr);

    void setSources(const QList<SourcedResult>& sources);
    QList<ExportableChartView*> views() const { return m_views; }
    ExportableChartView* scalingView() const { return m_views.first(); }
    QCheckBox* everyExperiment() const { return m_everyExperiment; }
    QString shownText() const;
    // Whether the three curves against clients are shown (two thread counts or more).
    bool curvesShown() const;

signals:
    // The latest run's results, whose bars the panel draws: for the other views of that run.
    void latestChanged(const QList<SourcedResult>& latest);

private:
    void rebuild();
    void arrange(const QList<SourcedResult>& shown, QChart* scaling);

    QList<ExportableChartView*> m_views;
    QList<SourcedResult> m_sources;
    QLabel* m_shown;
    QCheckBox* m_everyExperiment;
    LegendStrip* m_strip;
    QGridLayout* m_grid = nullptr;
    QTimer m_rebuild;
};
