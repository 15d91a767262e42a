#include "app/report/chartexporter.h"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QFile>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QPdfWriter>
#include <QSet>
#include <QSvgGenerator>

#include <algorithm>

namespace {

struct LegendNeeds {
    bool beside = false; // one name a line, right of the chart
    int height = 0; // the height the names take, one a line
};

// Whether the visible names fit in one line under a chart `width` wide, and how high a list
// of them is. A legend under the chart gives every name the same share of its width and
// elides the longer ones, so the longest name decides.
LegendNeeds legendNeeds(QChart* chart, int width)
{
    const QFontMetrics metrics(chart->legend()->font());
    // Markers of a chart off screen all read as hidden: count the distinct names instead (the
    // whiskers and a strategy's later runs hide theirs by having none or the same).
    QSet<QString> labels;
    int longest = 0;
    for (QLegendMarker* marker : chart->legend()->markers()) {
        if (marker->label().isEmpty() || labels.contains(marker->label()))
            continue;
        labels.insert(marker->label());
        longest = std::max(longest, metrics.horizontalAdvance(marker->label()) + 2 * metrics.height() + 12);
    }
    const auto names = static_cast<int>(labels.size());
    return { longest * names > width - 60, names * (metrics.height() + 8) };
}

// Lays the chart out at `size` and paints it; a chart on screen gets its geometry back.
void render(QChart* chart, QPainter* painter, QSize size)
{
    QGraphicsScene temporary;
    QGraphicsScene* scene = chart->scene();
    const bool borrowed = scene == nullptr;
    if (borrowed) {
        temporary.addItem(chart);
        scene = &temporary;
    }
    const QRectF before = chart->geometry();
    // A chart in the window may leave its names to a strip beside it: a file has only the chart.
    const bool legendHidden = !chart->legend()->isVisible();
    chart->legend()->setVisible(!chart->property(ChartExporter::kNoLegend).toBool());
    const Qt::Alignment alignment = chart->legend()->alignment();
    if (legendNeeds(chart, size.width()).beside)
        chart->legend()->setAlignment(Qt::AlignRight);
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    if (chart->layout())
        chart->layout()->activate();
    scene->render(painter, QRectF(QPointF(0, 0), QSizeF(size)), chart->sceneBoundingRect());
    chart->setGeometry(before);
    chart->legend()->setAlignment(alignment);
    if (legendHidden)
        chart->legend()->setVisible(false);
    if (borrowed)
        temporary.removeItem(chart);
}

bool validSize(QSize size, QString* error)
{
    if (size.width() < 50 || size.height() < 50 || size.width() > 20000 || size.height() > 20000) {
        *error = QCoreApplication::translate(
            "ChartExporter", "a chart must be between 50 and 20000 pixels wide and high");
        return false;
    }
    return true;
}

} // namespace

namespace ChartExporter {

QImage image(QChart* chart, QSize size, double scale)
{
    QImage result(QSize(qRound(size.width() * scale), qRound(size.height() * scale)),
        QImage::Format_ARGB32_Premultiplied);
    result.fill(Qt::white);
    QPainter painter(&result);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(scale, scale);
    render(chart, &painter, size);
    return result;
}

bool savePng(QChart* chart, const QString& path, QSize size, int dpi, QString* error)
{
    if (!validSize(size, error))
        return false;
    if (dpi < 36 || dpi > 1200) {
        *error = QCoreApplication::translate("ChartExporter", "DPI must be between 36 and 1200");
        return false;
    }
    // Laid out at the logical size of 96 DPI and drawn larger, so text grows with the DPI
    // while the picture keeps exactly the pixel size asked for.
    const double scale = dpi / 96.0;
    QImage picture = image(chart, QSize(qRound(size.width() / scale), qRound(size.height() / scale)), scale);
    if (picture.size() != size)
        picture = picture.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    const int dotsPerMeter = qRound(dpi / 0.0254);
    picture.setDotsPerMeterX(dotsPerMeter);
    picture.setDotsPerMeterY(dotsPerMeter);
    if (!picture.save(path, "PNG")) {
        *error = QCoreApplication::translate("ChartExporter", "cannot write %1").arg(path);
        return false;
    }
    return true;
}

QByteArray svg(QChart* chart, QSize size)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96); // so that the physical size matches the pixels at 96 DPI
    generator.setTitle(chart->title());
    generator.setDescription(chart->title()); // rather than Qt's English "Generated with Qt"
    {
        QPainter painter(&generator);
        render(chart, &painter, size);
    }
    return buffer.data();
}

QSize sizeWithLegend(QChart* chart, QSize size)
{
    const LegendNeeds needs = legendNeeds(chart, size.width());
    if (needs.beside)
        size.setHeight(std::max(size.height(), needs.height + 60));
    return size;
}

bool saveSvg(QChart* chart, const QString& path, QSize size, QString* error)
{
    if (!validSize(size, error))
        return false;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(svg(chart, size)) < 0) {
        *error = QCoreApplication::translate("ChartExporter", "cannot write %1: %2")
                     .arg(path, file.errorString());
        return false;
    }
    return true;
}

bool savePdf(QChart* chart, const QString& path, QSize size, QString* error)
{
    if (!validSize(size, error))
        return false;
    QPdfWriter writer(path);
    writer.setResolution(96);
    writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(chart->title());
    QPainter painter;
    if (!painter.begin(&writer)) {
        *error = QCoreApplication::translate("ChartExporter", "cannot write %1").arg(path);
        return false;
    }
    const double scale = writer.width() / static_cast<double>(size.width());
    painter.scale(scale, scale);
    render(chart, &painter, size);
    painter.end();
    return true;
}

bool save(QChart* chart, const QString& path, QSize size, int dpi, QString* error)
{
    const QString lower = path.toLower();
    if (lower.endsWith(QLatin1String(".png")))
        return savePng(chart, path, size, dpi, error);
    if (lower.endsWith(QLatin1String(".svg")))
        return saveSvg(chart, path, size, error);
    if (lower.endsWith(QLatin1String(".pdf")))
        return savePdf(chart, path, size, error);
    *error
        = QCoreApplication::translate("ChartExporter", "%1: choose a .png, .svg or .pdf file name").arg(path);
    return false;
}

} // namespace ChartExporter
