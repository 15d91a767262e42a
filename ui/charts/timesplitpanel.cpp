#include "ui/charts/timesplitpanel.h"

#include "ui/charts/exportablechartview.h"
#include "ui/charts/legendstrip.h"

#include "app/report/timesplitchart.h"

#include <QBarSet>
#include <QChart>
#include <QHorizontalPercentBarSeries>
#include <QLegend>
#include <QVBoxLayout>

TimeSplitPanel::TimeSplitPanel(QWidget* parent)
    : QWidget(parent)
    , m_strip(new LegendStrip(this))
    , m_view(new ExportableChartView(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_strip);
    layout->addWidget(m_view, 1);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(220, 150);
    setSources({});
}

void TimeSplitPanel::setSources(const QList<SourcedResult>& sources)
{
    QChart* chart = TimeSplitChart::of(sources);
    chart->legend()->hide(); // the strip names the parts; an export draws the chart's own legend
    QList<std::pair<QColor, QString>> parts;
    for (QAbstractSeries* series : chart->series()) {
        if (auto* bars = qobject_cast<QHorizontalPercentBarSeries*>(series)) {
            for (QBarSet* set : bars->barSets())
                parts.append({ set->color(), set->label() });
        }
    }
    m_strip->setEntries(parts);
    m_strip->setNote(sources.isEmpty() || !TimeSplitChart::anyMeasured(sources)
            ? tr("Run a strategy to see where its orders' time went.")
            : tr("Each bar is one strategy's mean order time (in its label), split by the clients' own "
                 "clocks."));
    QChart* old = m_view->chart();
    m_view->setChart(chart); // the view does not delete the chart it had
    delete old;
}
