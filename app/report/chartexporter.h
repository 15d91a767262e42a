#pragma once

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>

class QChart;

// Renders a chart to PNG (size and DPI chosen), SVG or PDF, whether or not it is on screen.
namespace ChartExporter {

// A chart with this property set keeps its legend hidden in files too (its axis names all).
inline constexpr char kNoLegend[] = "lockbench.noLegend";

bool savePng(QChart* chart, const QString& path, QSize size, int dpi, QString* error);
bool saveSvg(QChart* chart, const QString& path, QSize size, QString* error);
bool savePdf(QChart* chart, const QString& path, QSize size, QString* error);
// By the file's extension: .png, .svg or .pdf.
bool save(QChart* chart, const QString& path, QSize size, int dpi, QString* error);
QByteArray svg(QChart* chart, QSize size);
// `size`, made taller where the chart's legend needs it: a legend whose names do not fit in
// one line under the chart is drawn beside it, one name a line, each whole.
QSize sizeWithLegend(QChart* chart, QSize size);
// The chart laid out at `size` (logical pixels) and drawn `scale` times larger.
QImage image(QChart* chart, QSize size, double scale);

} // namespace ChartExporter
