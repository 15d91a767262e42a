#pragma once

#include "app/core/metricssample.h"
#include "app/core/strategyresult.h"

#include <QHash>
#include <QWidget>

class MetricChart;
class QHBoxLayout;
class QLabel;

// Units sold against the stock there was, per strategy over time, with oversold units in
// red and a pass/fail badge per strategy.
class OversellView : public QWidget {
    Q_OBJECT
public:
    explicit OversellView(QWidget* parent = nullptr);

    void startRun(std::int64_t totalStock);
    void addSample(const MetricsSample& sample);
    void strategyFinished(const StrategyResult& result);
    void flush();

    MetricChart* chart() const { return m_chart; }
    QString badgeText(const QString& strategy) const;
    bool badgeFailed(const QString& strategy) const;

private:
    QLabel* badge(const QString& strategy);
    void setBadge(const QString& strategy, const QString& text, bool failed, bool final);

    MetricChart* m_chart;
    QHBoxLayout* m_badges;
    QHash<QString, QLabel*> m_badgeLabels;
    QHash<QString, bool> m_failed;
    std::int64_t m_totalStock = 0;
};
