#include "ui/charts/strategybarsview.h"

#include "app/report/chartfactory.h"

#include <QChart>
#include <QValueAxis>

#include <algorithm>

namespace {

// Room for a rate label such as "12000" and the gap beside it.
constexpr int kPixelsPerTick = 70;

} // namespace

StrategyBarsView::StrategyBarsView(QWidget* parent)
    : ExportableChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(220, 150);
    setToolTip(tr("Orders per second of each strategy of the latest run: the median and the spread of its "
                  "runs when it was repeated"));
    setSources({});
}

void StrategyBarsView::setSources(const QList<SourcedResult>& latest)
{
    QChart* old = chart();
    QChart* bars = ChartFactory::ordersByStrategy(latest);
    if (latest.isEmpty())
        bars->setTitle(tr("Orders/s: a bar as each strategy ends"));
    // Beside the lines the column is narrow: the rate axis keeps a short title (the tooltip
    // says what the whiskers are) and the bars' names a smaller type, so that neither is cut.
    for (QAbstractAxis* axis : bars->axes()) {
        if (qobject_cast<QValueAxis*>(axis)) {
            axis->setTitleText(QObject::tr("orders/s"));
            axis->setVisible(!latest.isEmpty()); // no rates yet: no made-up scale
        }
        QFont labels = axis->labelsFont();
        labels.setPointSizeF(labels.pointSizeF() * 0.85);
        axis->setLabelsFont(labels);
    }
    setChart(bars); // the view does not delete the chart it had
    delete old;
    m_bars = latest.size();
    fitTicks();
}

void StrategyBarsView::resizeEvent(QResizeEvent* event)
{
    ExportableChartView::resizeEvent(event);
    fitTicks();
}

void StrategyBarsView::fitTicks()
{
    const int ticks = std::clamp(width() / kPixelsPerTick, 2, 6);
    for (QAbstractAxis* axis : chart()->axes(Qt::Horizontal)) {
        if (auto* rates = qobject_cast<QValueAxis*>(axis)) {
            rates->setTickCount(ticks);
            rates->applyNiceNumbers();
        }
    }
}
