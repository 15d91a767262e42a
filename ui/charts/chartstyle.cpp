#include "ui/charts/chartstyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>

namespace {

// A series' width in the usual style, kept on the series so that switching back and forth
// never compounds the scaling.
const char* const kUsualWidth = "lockbenchUsualWidth";

QFont sized(QFont font, int pixels, bool bold)
{
    if (pixels > 0)
        font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

} // namespace

void ChartStyle::apply(QChart* chart) const
{
    // The theme's fonts are the usual ones: remembered on the chart the first time.
    if (!chart->property("lockbenchTitleFont").isValid()) {
        chart->setProperty("lockbenchTitleFont", chart->titleFont());
        chart->setProperty("lockbenchLegendFont", chart->legend()->font());
    }
    const QFont usualTitle = chart->property("lockbenchTitleFont").value<QFont>();
    chart->setTitleFont(presenting ? sized(usualTitle, titlePixels(), true) : usualTitle);
    const QFont usualLegend = chart->property("lockbenchLegendFont").value<QFont>();
    chart->legend()->setFont(presenting ? sized(usualLegend, labelPixels(), false) : usualLegend);
    for (QAbstractAxis* axis : chart->axes()) {
        if (!axis->property("lockbenchLabelsFont").isValid()) {
            axis->setProperty("lockbenchLabelsFont", axis->labelsFont());
            axis->setProperty("lockbenchTitleFont", axis->titleFont());
        }
        const QFont labels = axis->property("lockbenchLabelsFont").value<QFont>();
        const QFont title = axis->property("lockbenchTitleFont").value<QFont>();
        axis->setLabelsFont(presenting ? sized(labels, labelPixels(), false) : labels);
        axis->setTitleFont(presenting ? sized(title, labelPixels(), true) : title);
    }
    for (QAbstractSeries* series : chart->series()) {
        if (auto* scatter = qobject_cast<QScatterSeries*>(series)) {
            scatter->setMarkerSize(markerSize());
            continue;
        }
        auto* line = qobject_cast<QLineSeries*>(series); // QSplineSeries and QLineSeries
        if (!line)
            continue;
        QPen usual = line->pen();
        if (line->property(kUsualWidth).isValid())
            usual.setWidthF(line->property(kUsualWidth).toDouble());
        setPen(line, usual);
    }
}

void ChartStyle::setPen(QLineSeries* line, const QPen& usual) const
{
    line->setProperty(kUsualWidth, usual.widthF());
    QPen pen = usual;
    pen.setWidthF(usual.widthF() * lineWidth() / ChartStyle {}.lineWidth());
    line->setPen(pen);
}
