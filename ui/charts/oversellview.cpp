#include "ui/charts/oversellview.h"

#include "app/report/strategycolors.h"
#include "ui/charts/metricchart.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

OversellView::OversellView(QWidget* parent)
    : QWidget(parent)
    , m_chart(new MetricChart(tr("Oversell check: units sold against the stock there was"), tr("units"), this))
    , m_badges(new QHBoxLayout)
{
    auto* layout = new QVBoxLayout(this);
    m_badges->addStretch();
    layout->addLayout(m_badges);
    layout->addWidget(m_chart, 1);
}

void OversellView::startRun(std::int64_t totalStock)
{
    m_totalStock = totalStock;
    m_chart->clear();
    for (QLabel* label : std::as_const(m_badgeLabels))
        label->deleteLater();
    m_badgeLabels.clear();
    m_failed.clear();
    QPen stockPen(Qt::gray);
    stockPen.setStyle(Qt::DashLine);
    stockPen.setWidthF(1.5);
    m_chart->setPen(tr("stock"), stockPen);
}

QLabel* OversellView::badge(const QString& strategy)
{
    if (QLabel* existing = m_badgeLabels.value(strategy))
        return existing;
    auto* label = new QLabel(this);
    label->setObjectName(QStringLiteral("badge-") + strategy);
    label->setMargin(4);
    m_badges->insertWidget(m_badges->count() - 1, label);
    m_badgeLabels.insert(strategy, label);
    return label;
}

void OversellView::setBadge(const QString& strategy, const QString& text, bool failed, bool final)
{
    QLabel* label = badge(strategy);
    m_failed[strategy] = failed;
    const QColor color = failed ? StrategyColors::unsafe() : final ? StrategyColors::safe() : QColor(Qt::gray);
    label->setText(text);
    label->setStyleSheet(QStringLiteral("QLabel { border: 2px solid %1; border-radius: 6px; color: %1; font-weight: bold; }")
                             .arg(color.name()));
}

void OversellView::addSample(const MetricsSample& sample)
{
    const double sold = sample.audit.valid ? static_cast<double>(sample.audit.sold) : static_cast<double>(sample.soldUnits);
    m_chart->addPoint(sample.strategy, sample.elapsedS, sold);
    m_chart->addPoint(tr("stock"), sample.elapsedS, static_cast<double>(m_totalStock));
    if (!sample.audit.valid)
        return;
    const bool oversold = sample.audit.oversold > 0 || sample.audit.lostUpdates > 0;
    if (oversold || m_failed.value(sample.strategy)) {
        const QString name = sample.strategy + tr(" oversold");
        QPen red(StrategyColors::unsafe());
        red.setWidthF(3.0);
        m_chart->setPen(name, red);
        m_chart->addPoint(name, sample.elapsedS, static_cast<double>(sample.audit.oversold));
    }
    if (oversold)
        setBadge(sample.strategy, tr("✗ %1: oversold %2").arg(sample.strategy).arg(sample.audit.oversold), true, false);
    else if (!m_failed.value(sample.strategy))
        setBadge(sample.strategy, tr("● %1: 0 oversold so far").arg(sample.strategy), false, false);
}

void OversellView::strategyFinished(const StrategyResult& result)
{
    if (result.verdict() == Verdict::Error)
        setBadge(result.strategy, tr("! %1: error").arg(result.strategy), true, true);
    else if (result.isBad())
        setBadge(result.strategy, tr("✗ %1: oversold %2").arg(result.strategy).arg(result.oversold), true, true);
    else
        setBadge(result.strategy, tr("✓ %1: pass").arg(result.strategy), false, true);
}

void OversellView::flush()
{
    m_chart->flush();
}

QString OversellView::badgeText(const QString& strategy) const
{
    const QLabel* label = m_badgeLabels.value(strategy);
    return label ? label->text() : QString();
}

bool OversellView::badgeFailed(const QString& strategy) const
{
    return m_failed.value(strategy);
}
