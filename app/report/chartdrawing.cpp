#include "app/report/chartdrawing.h"

#include "app/report/chartexporter.h"
#include "app/report/reportwriter.h"

#include <QChart>
#include <QCoreApplication>
#include <QDir>

#include <memory>

bool ChartDrawing::writeReport(const QString& path, const ReportContent& content, QString* error) const
{
    return ReportWriter::write(path, content, error);
}

bool ChartDrawing::writeCharts(
    const QString& folder, const QList<SourcedResult>& sources, QSize size, int dpi, QString* error) const
{
    if (!QDir().mkpath(folder)) {
        *error = QCoreApplication::translate("ChartDrawing", "cannot create %1").arg(folder);
        return false;
    }
    for (const ChartFactory::NamedChart& named : ReportWriter::charts(sources)) {
        std::unique_ptr<QChart> chart(named.chart);
        for (const char* extension : { ".png", ".svg", ".pdf" }) {
            if (!ChartExporter::save(chart.get(),
                    QDir(folder).filePath(named.name + QLatin1String(extension)),
                    ChartExporter::sizeWithLegend(chart.get(), size), dpi, error))
                return false;
        }
    }
    return true;
}
