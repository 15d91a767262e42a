#pragma once

#include <QHash>
#include <QStringList>
#include <QWidget>

class MetricChart;
class QChart;
class QChartView;
class QGridLayout;
class QLineSeries;
class QValueAxis;

// A time chart's lines as small multiples: one small chart per strategy, every one on the same
// axes, so that eleven strategies are eleven readable shapes instead of a tangle near zero. A
// strategy's repeated runs share its chart. Drawn from the overlaid chart's own points, only
// while shown.
class SmallMultiples : public QWidget {
    Q_OBJECT
public:
    explicit SmallMultiples(const MetricChart* source, QWidget* parent = nullptr);

    // Redraws from the source chart; cheap when hidden (it does nothing).
    void refresh();
    // The strategies in the order they first ran: the order of the charts.
    void setRunOrder(const QStringList& strategies) { m_runOrder = strategies; }
    void clear();
    QStringList strategies() const { return m_order; }
    QChartView* viewOf(const QString& strategy) const;

private:
    struct Cell {
        QChartView* view = nullptr;
        QChart* chart = nullptr;
        QValueAxis* x = nullptr;
        QValueAxis* y = nullptr;
        QHash<QString, QLineSeries*> lines;
    };
    Cell& cell(const QString& strategy);
    QLineSeries* line(Cell& cell, const QString& name);
    void arrange();
    void shareAxes(double xMax, double yMax);

    const MetricChart* m_source;
    QGridLayout* m_grid;
    QStringList m_order; // of the charts made so far
    QStringList m_runOrder;
    QHash<QString, Cell> m_cells;
};
