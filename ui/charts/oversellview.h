#pragma once

#include "app/core/metricssample.h"
#include "app/core/strategyresult.h"

#include <QHash>
#include <QWidget>

class LegendStrip;
class MetricChart;
class QLabel;

// Units sold against the stock there was, per strategy over time, with oversold units in
// red and a pass/fail badge per strategy. The badges and the names of the lines wrap above
// the chart, so that nine strategies neither widen the window nor lose their names.
class OversellView : public QWidget {
    Q_OBJECT
public:
    explicit OversellView(QWidget* parent = nullptr);

    void startRun(std::int64_t totalStock);
    void addSample(const MetricsSample& sample);
    void strategyFinished(const StrategyResult& result);
    void flush();

    MetricChart* chart() const { return m_chart; }
    LegendStrip* strip() const { return m_strip; }
    QString badgeText(const QString& strategy) const;
    bool badgeFailed(const QString& strategy) const;

private:
    struct Badge {
        QString text;
        bool failed = false;
        bool final = false;
    };
    void setBadge(const QString& strategy, const QString& text, bool failed, bool final);
    void showBadges();

    MetricChart* m_chart;
    QLabel* m_badges;
    LegendStrip* m_strip;
    QStringList m_order; // strategies in the order their badges came
    QHash<QString, Badge> m_badgeOf;
    std::int64_t m_totalStock = 0;
};
