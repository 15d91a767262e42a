#include "app/report/reportwriter.h"

#include "app/core/experimentfields.h"
#include "app/core/passwordmask.h"
#include "app/report/chartexporter.h"
#include "app/report/handout.h"
#include "app/report/reportgroup.h"
#include "app/report/reportsection.h"

#include <QChart>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFont>
#include <QImage>
#include <QMap>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

#include <memory>

namespace ReportWriter {

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

QString tr(const char* text)
{
    return QCoreApplication::translate("ReportWriter", text);
}

// The lab's own server by what it is; any other by its URL, the password masked.
QString serverShown(const ResultWriter::RunInfo& info)
{
    static const QLatin1String embeddedPrefix("embedded (");
    if (info.embedded && info.serverUrl.startsWith(embeddedPrefix)
        && info.serverUrl.endsWith(QLatin1Char(')')))
        return tr("the lab's embedded MariaDB in %1")
            .arg(
                info.serverUrl.mid(embeddedPrefix.size(), info.serverUrl.size() - embeddedPrefix.size() - 1));
    return PasswordMask::mask(info.serverUrl);
}

QString header(const ReportContent& report, qsizetype experiments)
{
    QStringList strategies;
    for (const SourcedResult& source : report.sources) {
        if (!strategies.contains(source.result.strategy))
            strategies << source.result.strategy;
    }
    // A hand-out's title is its lesson's.
    QString out = QStringLiteral("%1<p>%2</p>")
                      .arg(report.lesson ? QString()
                                         : QStringLiteral("<h1>%1</h1>").arg(escape(tr("lockbench report"))),
                          escape(tr("%1 on %2, written %3; %4 row(s) under %5 experiment(s).")
                                     .arg(strategies.join(QStringLiteral(", ")),
                                         report.info.serverVersion.isEmpty()
                                             ? PasswordMask::mask(report.info.serverUrl)
                                             : report.info.serverVersion,
                                         QDateTime::currentDateTime().toString(Qt::ISODate))
                                     .arg(report.sources.size())
                                     .arg(experiments)));
    out += QStringLiteral("<table class='kv'><tr><th>%1</th><td>%2</td><th>%3</th><td>%4</td></tr></table>")
               .arg(escape(tr("server")), escape(serverShown(report.info)), escape(tr("version")),
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

QString inlineSvg(QChart* chart, const QSize& size)
{
    QString svg = QString::fromUtf8(ChartExporter::svg(chart, ChartExporter::sizeWithLegend(chart, size)));
    return svg.remove(0, svg.indexOf(QLatin1String("<svg"))); // inline: drop the XML prologue
}

// The rows of one step, as a report section of their own experiment.
QString stepRowsHtml(const Handout::Step& step)
{
    if (step.rows.isEmpty())
        return {};
    const QList<ReportGroup> groups = ReportGroup::split(step.rows);
    QString out;
    for (const ReportGroup& group : groups)
        out += ReportSection::html(group, step.number, false); // its settings: above, and in the appendix
    return out;
}

QString handoutHtml(const ReportContent& report)
{
    QString out = QStringLiteral("<!DOCTYPE html><html><head><meta charset='utf-8'><title>%1</title>")
                      .arg(escape(report.lesson->title))
        + ReportSection::styleSheet() + QStringLiteral("</head><body>") + Handout::lessonHtml(*report.lesson)
        + header(report, report.lesson->steps.size());
    const QList<Handout::Step> steps = Handout::split(*report.lesson, report.sources);
    for (const Handout::Step& step : steps) {
        out += Handout::stepHtml(step) + stepRowsHtml(step);
        for (const ChartFactory::NamedChart& named : Handout::charts(step)) {
            std::unique_ptr<QChart> chart(named.chart);
            out += QStringLiteral("<div class='chart' id='step-%1-%2'>%3</div>")
                       .arg(step.number)
                       .arg(named.name, inlineSvg(chart.get(), kChartSize));
        }
    }
    out += Handout::appendixHtml(steps);
    out += QStringLiteral("</body></html>\n");
    return out;
}

} // namespace

QString html(const ReportContent& report)
{
    if (report.lesson)
        return handoutHtml(report);
    const QList<ReportGroup> groups = ReportGroup::split(report.sources);
    QString out = QStringLiteral("<!DOCTYPE html><html><head><meta charset='utf-8'><title>%1</title>")
                      .arg(escape(tr("lockbench report")))
        + ReportSection::styleSheet() + QStringLiteral("</head><body>") + header(report, groups.size());
    for (int g = 0; g < groups.size(); ++g) {
        out += ReportSection::html(groups[g], g + 1);
        out += QStringLiteral("<h3>%1</h3>").arg(escape(tr("Charts")));
        for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(chartRows(groups[g]))) {
            std::unique_ptr<QChart> chart(named.chart);
            out += QStringLiteral("<div class='chart' id='%1'>%2</div>")
                       .arg(chartId(named.name, g + 1, groups.size()), inlineSvg(chart.get(), kChartSize));
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

bool writeHtml(const QString& path, const ReportContent& report, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(html(report).toUtf8()) < 0 || !file.commit()) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool writePdf(const QString& path, const ReportContent& report, QString* error)
{
    // Landscape, so that a results table of seventeen columns keeps every figure on one line.
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageOrientation(QPageLayout::Landscape);
    writer.setPageMargins(QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter);
    writer.setTitle(report.lesson ? report.lesson->title : tr("lockbench report"));
    QTextDocument document;
    document.setDefaultFont(QFont(QStringLiteral("DejaVu Sans"), 8));
    const QList<ReportGroup> groups = ReportGroup::split(report.sources);
    QString body = ReportSection::styleSheet()
        + QStringLiteral("<style>body{margin:0}table.charts td{border:none;padding:0}</style>");
    int index = 0;
    // Two charts to a row of the page.
    const auto addCharts = [&](const QList<ChartFactory::NamedChart>& named) {
        body += QStringLiteral("<table class='charts' width='100%'>");
        for (int c = 0; c < named.size(); ++c) {
            std::unique_ptr<QChart> chart(named[c].chart);
            const QString name = QStringLiteral("chart%1.png").arg(index++);
            const QSize size = ChartExporter::sizeWithLegend(chart.get(), kPdfChartSize);
            document.addResource(
                QTextDocument::ImageResource, QUrl(name), ChartExporter::image(chart.get(), size, 2.0));
            if (c % 2 == 0)
                body += QStringLiteral("<tr>");
            body += QStringLiteral("<td><img src='%1' width='%2'></td>").arg(name).arg(kPdfChartWidth);
            if (c % 2 == 1 || c == named.size() - 1)
                body += QStringLiteral("</tr>");
        }
        body += QStringLiteral("</table>");
    };
    if (report.lesson) {
        body += Handout::lessonHtml(*report.lesson) + header(report, report.lesson->steps.size());
        const QList<Handout::Step> steps = Handout::split(*report.lesson, report.sources);
        for (const Handout::Step& step : steps) {
            body += Handout::stepHtml(step) + stepRowsHtml(step);
            addCharts(Handout::charts(step));
        }
        body += Handout::appendixHtml(steps);
    } else {
        body += header(report, groups.size());
        for (int g = 0; g < groups.size(); ++g) {
            body += ReportSection::html(groups[g], g + 1);
            body += QStringLiteral("<h3>%1</h3>").arg(escape(tr("Charts")));
            addCharts(ChartFactory::reportCharts(chartRows(groups[g])));
        }
    }
    document.setHtml(body);
    document.print(&writer);
    QFile written(path);
    if (!written.exists() || written.size() == 0) {
        *error = tr("cannot write %1").arg(path);
        return false;
    }
    return true;
}

bool write(const QString& path, const ReportContent& report, QString* error)
{
    const QString lower = path.toLower();
    if (lower.endsWith(QLatin1String(".html")) || lower.endsWith(QLatin1String(".htm")))
        return writeHtml(path, report, error);
    if (lower.endsWith(QLatin1String(".pdf")))
        return writePdf(path, report, error);
    *error = tr("%1: a report is .html or .pdf").arg(path);
    return false;
}

} // namespace ReportWriter
