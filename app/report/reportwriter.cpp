#include "app/report/reportwriter.h"

#include "app/core/experimentfields.h"
#include "app/core/passwordmask.h"
#include "app/report/chartexporter.h"
#include "app/report/reportgroup.h"
#include "app/report/reportsection.h"

#include <QChart>
#include <QCoreApplication>
#include <QDateTime>
#include <QFont>
#include <QMap>
#include <QFile>
#include <QImage>
#include <QUrl>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

#include <memory>

namespace {

const QSize kChartSize(900, 480);
// Two charts side by side across a landscape page: laid out smaller than on screen and drawn
// at 3/4 of that size, so that their text stays near the size of the table's.
const QSize kPdfChartSize(620, 360);
constexpr int kPdfChartWidth = 465;

QString escape(const QString& text)
{
    return text.toHtmlEscaped();
}

QString translate(const char* text)
{
    return QCoreApplication::translate("ReportWriter", text);
}

QString header(const ReportWriter::Report& report, qsizetype experiments)
{
    QStringList strategies;
    for (const SourcedResult& source : report.sources) {
        if (!strategies.contains(source.result.strategy))
            strategies << source.result.strategy;
    }
    QString out = QStringLiteral("<h1>%1</h1><p>%2</p>")
                      .arg(escape(translate("lockbench report")),
                           escape(translate("%1 on %2, written %3; %4 row(s) under %5 experiment(s).")
                                      .arg(strategies.join(QStringLiteral(", ")),
                                           report.info.serverVersion.isEmpty() ? PasswordMask::mask(report.info.serverUrl) : report.info.serverVersion,
                                           QDateTime::currentDateTime().toString(Qt::ISODate))
                                      .arg(report.sources.size())
                                      .arg(experiments)));
    out += QStringLiteral("<table class='kv'><tr><th>%1</th><td>%2</td><th>%3</th><td>%4</td></tr></table>")
               .arg(escape(translate("server")), escape(PasswordMask::mask(report.info.serverUrl)), escape(translate("version")),
                    escape(report.info.serverVersion));
    return out;
}

// Each group's rows as they are charted: the source named only where the group mixes runs.
QList<SourcedResult> chartRows(const ReportGroup& group)
{
    QList<SourcedResult> rows = group.rows;
    if (!group.manySources()) {
        for (SourcedResult& row : rows)
            row.source.clear();
    }
    return rows;
}

// "orders-per-second", or "experiment-2-orders-per-second" when the report has several.
QString chartId(const QString& name, int group, qsizetype groups)
{
    return groups > 1 ? QStringLiteral("experiment-%1-%2").arg(group).arg(name) : name;
}

} // namespace

namespace ReportWriter {

QString html(const Report& report)
{
    const QList<ReportGroup> groups = ReportGroup::split(report.sources);
    QString out = QStringLiteral("<!DOCTYPE html><html><head><meta charset='utf-8'><title>%1</title>").arg(escape(translate("lockbench report")))
        + ReportSection::styleSheet() + QStringLiteral("</head><body>") + header(report, groups.size());
    for (int g = 0; g < groups.size(); ++g) {
        out += ReportSection::html(groups[g], g + 1);
        out += QStringLiteral("<h3>%1</h3>").arg(escape(translate("Charts")));
        for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(chartRows(groups[g]))) {
            std::unique_ptr<QChart> chart(named.chart);
            QString svg = QString::fromUtf8(ChartExporter::svg(chart.get(), ChartExporter::sizeWithLegend(chart.get(), kChartSize)));
            svg.remove(0, svg.indexOf(QLatin1String("<svg"))); // inline: drop the XML prologue
            out += QStringLiteral("<div class='chart' id='%1'>%2</div>").arg(chartId(named.name, g + 1, groups.size()), svg);
        }
    }
    out += QStringLiteral("</body></html>\n");
    return out;
}

QList<ChartFactory::NamedChart> charts(const QList<SourcedResult>& sources)
{
    const QList<ReportGroup> groups = ReportGroup::split(sources);
    QList<ChartFactory::NamedChart> all;
    for (int g = 0; g < groups.size(); ++g) {
        for (ChartFactory::NamedChart named : ChartFactory::reportCharts(chartRows(groups[g]))) {
            named.name = chartId(named.name, g + 1, groups.size());
            all.append(named);
        }
    }
    return all;
}

bool writeHtml(const QString& path, const Report& report, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(html(report).toUtf8()) < 0 || !file.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool writePdf(const QString& path, const Report& report, QString* error)
{
    // Landscape, so that a results table of seventeen columns keeps every figure on one line.
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageOrientation(QPageLayout::Landscape);
    writer.setPageMargins(QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter);
    writer.setTitle(translate("lockbench report"));
    QTextDocument document;
    document.setDefaultFont(QFont(QStringLiteral("DejaVu Sans"), 8));
    const QList<ReportGroup> groups = ReportGroup::split(report.sources);
    QString body = ReportSection::styleSheet() + QStringLiteral("<style>body{margin:0}table.charts td{border:none;padding:0}</style>")
        + header(report, groups.size());
    int index = 0;
    for (int g = 0; g < groups.size(); ++g) {
        body += ReportSection::html(groups[g], g + 1);
        body += QStringLiteral("<h3>%1</h3>").arg(escape(translate("Charts")));
        // Two charts to a row of the page.
        body += QStringLiteral("<table class='charts' width='100%'>");
        const QList<ChartFactory::NamedChart> named = ChartFactory::reportCharts(chartRows(groups[g]));
        for (int c = 0; c < named.size(); ++c) {
            std::unique_ptr<QChart> chart(named[c].chart);
            const QString name = QStringLiteral("chart%1.png").arg(index++);
            const QSize size = ChartExporter::sizeWithLegend(chart.get(), kPdfChartSize);
            document.addResource(QTextDocument::ImageResource, QUrl(name), ChartExporter::image(chart.get(), size, 2.0));
            if (c % 2 == 0)
                body += QStringLiteral("<tr>");
            body += QStringLiteral("<td><img src='%1' width='%2'></td>").arg(name).arg(kPdfChartWidth);
            if (c % 2 == 1 || c == named.size() - 1)
                body += QStringLiteral("</tr>");
        }
        body += QStringLiteral("</table>");
    }
    document.setHtml(body);
    document.print(&writer);
    QFile written(path);
    if (!written.exists() || written.size() == 0) {
        *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    return true;
}

bool write(const QString& path, const Report& report, QString* error)
{
    const QString lower = path.toLower();
    if (lower.endsWith(QLatin1String(".html")) || lower.endsWith(QLatin1String(".htm")))
        return writeHtml(path, report, error);
    if (lower.endsWith(QLatin1String(".pdf")))
        return writePdf(path, report, error);
    *error = QStringLiteral("%1: a report is .html or .pdf").arg(path);
    return false;
}

} // namespace ReportWriter
