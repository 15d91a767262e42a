#include "ui/charts/oversellview.h"

#include "app/report/strategycolors.h"
#include "ui/charts/legendstrip.h"
#include "ui/charts/metricchart.h"

#include <QChart>
#include <QLegend>

#include <QLabel>
#include <QVBoxLayout>

OversellView::OversellView(QWidget* parent)
    : QWidget(parent)
    , m_chart(
          new MetricChart(tr("Oversell check: units sold against the stock there was"), tr("units"), this))
    , m_badges(new QLabel(this))
    , m_strip(new LegendStrip(this))
{
    m_badges->setObjectName(QStringLiteral("oversellBadges"));
    m_badges->setWordWrap(true);
    m_badges->setTextFormat(Qt::RichText);
    m_chart->chart()->legend()->hide(); // the strip names the lines; exports draw the legend
    m_strip->setNote(tr("Grey dashed: the stock there was; red: units oversold."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_badges);
    layout->addWidget(m_strip);
    layout->addWidget(m_chart, 1);
}

void OversellView::startRun(std::int64_t totalStock)
{
    m_totalStock = totalStock;
    m_chart->clear();
    m_badgeOf.clear();
    m_order.clear();
    showBadges();
    QPen stockPen(Qt::gray);
    stockPen.setStyle(Qt::DashLine);
    stockPen.setWidthF(1.5);
    m_chart->setPen(tr("stock"), stockPen);
}

void OversellView::setBadge(const QString& strategy, const QString& text, bool failed, bool final)
{
    if (!m_badgeOf.contains(strategy))
        m_order.append(strategy);
    m_badgeOf.insert(strategy, { text, failed, final });
    showBadges();
}

void OversellView::showBadges()
{
    // One framed badge per strategy; the spaces between them are where the line wraps.
    QStringList badges;
    for (const QString& strategy : std::as_const(m_order)) {
        const Badge& badge = m_badgeOf[strategy];
        const QColor color = badge.failed ? StrategyColors::unsafe()
            : badge.final                 ? StrategyColors::safe()
                                          : QColor(Qt::gray);
        badges << QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>")
                      .arg(color.name(),
                          badge.text.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
    }
    m_badges->setText(badges.isEmpty() ? tr("Each strategy's oversell verdict appears here as it runs.")
                                       : badges.join(QStringLiteral(" &nbsp;&nbsp;&nbsp; ")));
}

void OversellView::addSample(const MetricsSample& sample)
{
    const double sold = sample.audit.valid ? static_cast<double>(sample.audit.sold)
                                           : static_cast<double>(sample.clients[ClientCount::SoldUnits]);
    m_chart->addPoint(sample.strategy, sample.elapsedS, sold);
    m_chart->addPoint(tr("stock"), sample.elapsedS, static_cast<double>(m_totalStock));
    if (!sample.audit.valid)
        return;
    const bool oversold = sample.audit.oversold > 0 || sample.audit.lostUpdates > 0;
    if (oversold || badgeFailed(sample.strategy)) {
        const QString name = sample.strategy + tr(" oversold");
        QPen red(StrategyColors::unsafe());
        red.setWidthF(3.0);
        m_chart->setPen(name, red);
        m_chart->addPoint(name, sample.elapsedS, static_cast<double>(sample.audit.oversold));
    }
    if (sample.audit.oversold > 0)
        setBadge(sample.strategy, tr("✗ %1: oversold %2").arg(sample.strategy).arg(sample.audit.oversold),
            true, false);
    else if (oversold) // stock read, then written back over another order's sale: none oversold yet
        setBadge(sample.strategy,
            tr("✗ %1: %2 lost updates").arg(sample.strategy).arg(sample.audit.lostUpdates), true, false);
    else if (!badgeFailed(sample.strategy))
        setBadge(sample.strategy, tr("● %1: 0 oversold so far").arg(sample.strategy), false, false);
}

void OversellView::strategyFinished(const StrategyResult& result)
{
    m_chart->fitTime(); // as the other time charts: the axis ends where the lines do
    if (result.verdict() == Verdict::Error)
        setBadge(result.strategy, tr("! %1: error").arg(result.strategy), true, true);
    else if (result.isBad() && result.oversold > 0)
        setBadge(
            result.strategy, tr("✗ %1: oversold %2").arg(result.strategy).arg(result.oversold), true, true);
    else if (result.isBad()) // lost updates, a broken invariant, …: the verdict says which
        setBadge(
            result.strategy, tr("✗ %1: %2").arg(result.strategy, verdictLabel(result.verdict())), true, true);
    else
        setBadge(result.strategy, tr("✓ %1: pass").arg(result.strategy), false, true);
}

void OversellView::flush()
{
    m_chart->flush();
}

QString OversellView::badgeText(const QString& strategy) const
{
    return m_badgeOf.value(strategy).text;
}

bool OversellView::badgeFailed(const QString& strategy) const
{
    return m_badgeOf.value(strategy).failed;
}
