#pragma once

#include "app/report/chartfactory.h"

#include <QTimer>
#include <QWidget>

class ExportableChartView;

// The scaling curves: orders/s, p99 and lock waits against client threads (log scale, one
// line per strategy and source), and a bar chart of the latest run's strategies. Rebuilt as
// cells finish and when results files are opened, at most every 300 ms.
class ComparisonPanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonPanel(QWidget* parent = nullptr);

    void setSources(const QList<SourcedResult>& sources);
    QList<ExportableChartView*> views() const { return m_views; }
    ExportableChartView* scalingView() const { return m_views.first(); }

private:
    void rebuild();

    QList<ExportableChartView*> m_views;
    QList<SourcedResult> m_sources;
    QTimer m_rebuild;
};
