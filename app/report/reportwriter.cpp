#include "app/report/reportwriter.h"

#include "app/core/experimentfields.h"
#include "app/core/passwordmask.h"
#include "app/report/chartexporter.h"
#include "app/report/resultcolumns.h"
#include "app/report/spreadcolumns.h"

#include <QChart>
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

QString escape(const QString& text)
{
    return text.toHtmlEscaped();
}

QString knobsText(const StrategyResult& r)
{
    QStringList parts;
    for (auto it = r.knobs.begin(); it != r.knobs.end(); ++it)
        parts << it.key() + QLatin1Char('=') + it.value();
    return parts.join(QStringLiteral(", "));
}

// When a strategy ran more than once: its median, range and interval, and the rankings the
// runs cannot tell apart.
QString spreadTable(const QList<SourcedResult>& sources)
{
    const QList<RepeatSummary> summaries = RepeatSummary::of(sources);
    if (!RepeatSummary::anyRepeated(summaries))
        return {};
    using namespace SpreadColumns;
    const QList<Column> columns = of(Table::Report);
    QString out = QStringLiteral("<h2>Repeated runs</h2><table class='results' width='100%'><tr>");
    for (Column column : columns)
        out += QStringLiteral("<th title='%1'>%2</th>").arg(escape(toolTip(column)), escape(header(column)));
    out += QStringLiteral("</tr>");
    for (const RepeatSummary& summary : summaries) {
        out += QStringLiteral("<tr>");
        for (Column column : columns)
            out += QStringLiteral("<td>%1</td>").arg(escape(text(column, summary)));
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</table>");
    if (const QString line = notSeparableLine(summaries); !line.isEmpty())
        out += QStringLiteral("<p>%1</p>").arg(escape(line));
    return out;
}

QString tables(const ReportWriter::Report& report)
{
    QString out;
    out += QStringLiteral("<h2>Experiment</h2><table class='kv'>");
    for (const ExperimentField& field : ExperimentFields::all())
        out += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>").arg(escape(field.name), escape(field.print(report.info.experiment)));
    out += QStringLiteral("</table>");
    out += QStringLiteral("<h2>Server</h2><table class='kv'><tr><th>server</th><td>%1</td></tr><tr><th>version</th><td>%2</td></tr></table>")
               .arg(escape(PasswordMask::mask(report.info.serverUrl)), escape(report.info.serverVersion));

    using namespace ResultColumns;
    QList<Column> columns = of(Table::Report);
    if (!RepeatSummary::anyRepeated(RepeatSummary::of(report.sources)))
        columns.removeAll(Column::Repetition);
    out += QStringLiteral("<h2>Results</h2><table class='results' width='100%'><tr>");
    for (Column column : columns)
        out += QStringLiteral("<th title='%1'>%2</th>").arg(escape(toolTip(column)), escape(header(column)));
    out += QStringLiteral("</tr>");
    for (const SourcedResult& source : report.sources) {
        out += QStringLiteral("<tr>");
        for (Column column : columns) {
            // The verdict and oversold cells say at a glance whether the lab kept its promise.
            const bool marked = column == Column::Verdict || column == Column::Oversold;
            const QString cssClass = !marked ? QString() : flagged(column, source) ? QStringLiteral(" class='bad'") : QStringLiteral(" class='good'");
            out += QStringLiteral("<td%1>%2</td>").arg(cssClass, escape(text(column, source)));
        }
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</table>");
    out += spreadTable(report.sources);
    // The server settings, once per distinct set, with the strategies that ran under it.
    QMap<QString, QStringList> settings;
    for (const SourcedResult& source : report.sources) {
        QStringList& who = settings[knobsText(source.result)];
        if (!who.contains(source.result.strategy))
            who << source.result.strategy;
    }
    out += QStringLiteral("<h2>Server settings during the runs</h2><table class='kv' width='100%'><tr><th>settings</th><th>strategies</th></tr>");
    for (auto it = settings.begin(); it != settings.end(); ++it)
        out += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(escape(it.key()), escape(it.value().join(QStringLiteral(", "))));
    out += QStringLiteral("</table>");
    return out;
}

const QString kStyle = QStringLiteral(
    "<style>body{font-family:sans-serif;margin:2em;color:#222}h1{font-size:1.6em}h2{font-size:1.2em;margin-top:1.5em}"
    "table{border-collapse:collapse;font-size:0.9em}th,td{border:1px solid #bbb;padding:3px 7px;text-align:left}"
    "table.results td{text-align:right}table.results td:first-child,table.results td:nth-child(2){text-align:left}"
    ".good{color:#2e7d32;font-weight:bold}.bad{color:#c62828;font-weight:bold}.small{font-size:0.8em;text-align:left}"
    ".chart{margin:1em 0;page-break-inside:avoid}</style>");

QString header(const ReportWriter::Report& report)
{
    QStringList strategies;
    for (const SourcedResult& source : report.sources) {
        if (!strategies.contains(source.result.strategy))
            strategies << source.result.strategy;
    }
    return QStringLiteral("<h1>lockbench report</h1><p>%1 on %2, written %3.</p>")
        .arg(escape(strategies.join(QStringLiteral(", "))), escape(report.info.serverVersion.isEmpty() ? PasswordMask::mask(report.info.serverUrl) : report.info.serverVersion),
             QDateTime::currentDateTime().toString(Qt::ISODate));
}

} // namespace

namespace ReportWriter {

QString html(const Report& report)
{
    QString out = QStringLiteral("<!DOCTYPE html><html><head><meta charset='utf-8'><title>lockbench report</title>") + kStyle
        + QStringLiteral("</head><body>") + header(report) + tables(report) + QStringLiteral("<h2>Charts</h2>");
    for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(report.sources)) {
        std::unique_ptr<QChart> chart(named.chart);
        QString svg = QString::fromUtf8(ChartExporter::svg(chart.get(), kChartSize));
        svg.remove(0, svg.indexOf(QLatin1String("<svg"))); // inline: drop the XML prologue
        out += QStringLiteral("<div class='chart' id='%1'>%2</div>").arg(named.name, svg);
    }
    out += QStringLiteral("</body></html>\n");
    return out;
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
    QTextDocument document;
    document.setDefaultFont(QFont(QStringLiteral("DejaVu Sans"), 7));
    QString body = kStyle + header(report) + tables(report) + QStringLiteral("<h2>Charts</h2>");
    int index = 0;
    for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(report.sources)) {
        std::unique_ptr<QChart> chart(named.chart);
        const QString name = QStringLiteral("chart%1.png").arg(index++);
        document.addResource(QTextDocument::ImageResource, QUrl(name), ChartExporter::image(chart.get(), kChartSize, 2.0));
        body += QStringLiteral("<p><img src='%1' width='600'></p>").arg(name);
    }
    document.setHtml(body);
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
    writer.setTitle(QStringLiteral("lockbench report"));
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
