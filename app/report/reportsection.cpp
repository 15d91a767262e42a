#include "app/report/reportsection.h"

#include "app/results/comparisonsentence.h"

#include "app/core/experimentfields.h"
#include "app/core/fieldlabels.h"
#include "app/core/passwordmask.h"
#include "app/core/repeatsummary.h"
#include "app/results/resultcolumns.h"
#include "app/results/resultexplanation.h"
#include "app/results/spreadcolumns.h"

#include <QCoreApplication>
#include <QMap>

namespace ReportSection {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ReportSection", text);
}

QString escape(const QString& text)
{
    return text.toHtmlEscaped();
}

// The fields a sweep varies are named as they are in ReportGroup::varying.
QString groupFieldOf(const QString& fieldName)
{
    return fieldName == QLatin1String("slots") || fieldName == QLatin1String("skus")
            || fieldName == QLatin1String("threads")
        ? fieldName
        : QString();
}

} // namespace

// Four fields to a line, so that the experiment takes a few lines of the page, not a column.
QString settingsHtml(const ReportGroup& group)
{
    constexpr int kPerLine = 4;
    QString out = QStringLiteral("<div class='wide'><table class='kv' width='100%'>");
    int inLine = 0;
    for (const ExperimentField& field : ExperimentFields::all()) {
        if (ExperimentFields::unusedIn(field.name, group.experiment))
            continue; // a duration under the sold-out stop, say: it played no part
        const bool varies = group.varying.contains(groupFieldOf(field.name));
        const QString value
            = varies ? tr("per row") : FieldLabels::valueLabel(field.name, field.print(group.experiment));
        if (inLine == 0)
            out += QStringLiteral("<tr>");
        out += QStringLiteral("<th>%1</th><td class='value'>%2</td>")
                   .arg(escape(FieldLabels::label(field.name)), escape(value));
        if (++inLine == kPerLine) {
            out += QStringLiteral("</tr>");
            inLine = 0;
        }
    }
    if (inLine > 0)
        out += QStringLiteral("<td colspan='%1'></td></tr>").arg(2 * (kPerLine - inLine));
    return out + QStringLiteral("</table></div>");
}

namespace {

QString knobsText(const StrategyResult& r)
{
    QStringList parts;
    for (auto it = r.knobs.begin(); it != r.knobs.end(); ++it)
        parts << it.key() + QLatin1Char('=') + it.value();
    return parts.join(QStringLiteral(", "));
}

QList<ResultColumns::Column> columnsOf(const ReportGroup& group)
{
    using ResultColumns::Column;
    QList<Column> columns = ResultColumns::of(ResultColumns::Table::Report);
    columns.removeAll(Column::Why); // a sentence: a note under the table
    if (!group.manySources())
        columns.removeAll(Column::Source);
    if (!RepeatSummary::anyRepeated(RepeatSummary::of(group.rows)))
        columns.removeAll(Column::Repetition);
    const bool claims = std::any_of(group.rows.begin(), group.rows.end(),
        [](const SourcedResult& row) { return row.result.experiment.workload == WorkloadKind::Claim; });
    if (!claims)
        columns.removeIf(ResultColumns::isClaimColumn);
    if (std::none_of(group.rows.begin(), group.rows.end(),
            [](const SourcedResult& row) { return !row.result.nodes.isEmpty(); }))
        columns.removeIf(ResultColumns::isClusterColumn);
    const qsizetype afterThreads = columns.indexOf(Column::Threads) + 1;
    if (group.varying.contains(QLatin1String("skus")))
        columns.insert(afterThreads, Column::Skus);
    if (group.varying.contains(QLatin1String("slots")))
        columns.insert(afterThreads, Column::Slots);
    return columns;
}

// How a note names its row: the strategy and what tells it from the group's other rows.
QString rowLabel(
    const ReportGroup& group, const SourcedResult& row, const QList<ResultColumns::Column>& columns)
{
    using ResultColumns::Column;
    QString label = row.result.strategy;
    for (Column column :
        { Column::Source, Column::Threads, Column::Slots, Column::Skus, Column::Repetition }) {
        if (!columns.contains(column)
            || (column == Column::Threads && !group.varying.contains(QLatin1String("threads"))))
            continue;
        label
            += QStringLiteral(", %1 %2").arg(ResultColumns::header(column), ResultColumns::text(column, row));
    }
    return label;
}

QString spreadTable(const ReportGroup& group)
{
    const QList<RepeatSummary> summaries = RepeatSummary::of(group.rows);
    if (!RepeatSummary::anyRepeated(summaries))
        return {};
    using namespace SpreadColumns;
    const QList<Column> columns = of(Table::Report);
    QString out = QStringLiteral("<h3>%1</h3><div class='wide'><table class='results' width='100%'><tr>")
                      .arg(escape(tr("Repeated runs")));
    for (Column column : columns)
        out += QStringLiteral("<th title='%1'>%2</th>").arg(escape(toolTip(column)), escape(header(column)));
    out += QStringLiteral("</tr>");
    for (const RepeatSummary& summary : summaries) {
        out += QStringLiteral("<tr>");
        for (Column column : columns)
            out += QStringLiteral("<td class='%1'>%2</td>")
                       .arg(isNumber(column) ? QStringLiteral("num") : QStringLiteral("name"),
                           escape(text(column, summary)));
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</table></div>");
    if (const QString line = notSeparableLine(summaries); !line.isEmpty())
        out += QStringLiteral("<p>%1</p>").arg(escape(line));
    return out;
}

QString settingsTable(const ReportGroup& group)
{
    // Once per distinct set of settings, with the strategies that ran under it.
    QMap<QString, QStringList> settings;
    for (const SourcedResult& source : group.rows) {
        QStringList& who = settings[knobsText(source.result)];
        if (!who.contains(source.result.strategy))
            who << source.result.strategy;
    }
    QString out = QStringLiteral(
        "<h3>%1</h3><div class='wide'><table class='kv' width='100%'><tr><th>%2</th><th>%3</th></tr>")
                      .arg(escape(tr("Server settings during the runs")), escape(tr("settings")),
                          escape(tr("strategies")));
    for (auto it = settings.begin(); it != settings.end(); ++it)
        out += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>")
                   .arg(escape(it.key()), escape(it.value().join(QStringLiteral(", "))));
    return out + QStringLiteral("</table></div>");
}

} // namespace

QString summary(const ReportGroup& group)
{
    const Experiment& e = group.experiment;
    QStringList parts;
    const auto valueOf = [&](const char* field) {
        const QString name = QLatin1String(field);
        return FieldLabels::valueLabel(name, ExperimentFields::find(name)->print(e));
    };
    const auto part = [&](const char* field, const QString& text) {
        if (!group.varying.contains(QLatin1String(field)))
            parts << text;
    };
    part("skus", e.skus == 1 ? tr("1 SKU") : tr("%1 SKUs").arg(e.skus));
    parts << tr("stock %1").arg(e.initialStock);
    part("threads", tr("%1 threads").arg(e.threads));
    part("slots", tr("%1 slots").arg(e.slotsPerSku));
    parts << valueOf("skew");
    if (e.stop == StopKind::Duration)
        parts << tr("%1 long").arg(valueOf("duration"));
    else if (e.stop == StopKind::Orders)
        parts << tr("stop after %1 orders").arg(e.totalOrders);
    else
        parts << tr("until sold out");
    if (e.delayMs > 0)
        parts << tr("delay %1 ms").arg(valueOf("delay-ms"));
    parts << tr("round trip %1 ms").arg(valueOf("rtt-ms"));
    if (!group.varying.isEmpty()) {
        QStringList varying;
        for (const QString& name : group.varying)
            varying << FieldLabels::label(name);
        parts << tr("sweep: %1 per row").arg(varying.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral(", "));
}

QString title(const ReportGroup& group, int number)
{
    return tr("Experiment %1: %2").arg(number).arg(summary(group));
}

QString html(const ReportGroup& group, int number, bool withSettings)
{
    using ResultColumns::Column;
    QString out = QStringLiteral("<h2>%1</h2>").arg(escape(title(group, number)));
    if (withSettings)
        out += settingsHtml(group);

    const QList<Column> columns = columnsOf(group);
    // In a box of its own that scrolls when the table is wider than the page; the verdict
    // column stays at the box's right edge (sticky), so it is read whatever the width.
    out += QStringLiteral("<h3>%1</h3><div class='wide'><table class='results' width='100%'><tr>")
               .arg(escape(tr("Results")));
    for (Column column : columns)
        out += QStringLiteral("<th title='%1'%3>%2</th>")
                   .arg(escape(ResultColumns::toolTip(column)), escape(ResultColumns::header(column)),
                       column == Column::Verdict ? QStringLiteral(" class='verdict'") : QString());
    out += QStringLiteral("</tr>");
    QStringList notes;
    for (const SourcedResult& row : group.rows) {
        const StrategyResult& r = row.result;
        QStringList note;
        if (!r.error.isEmpty())
            note << tr("error: %1").arg(ResultColumns::verdictDetail(r));
        if (const QString why = ResultExplanation::of(r).text; !why.isEmpty())
            note << why;
        if (!note.isEmpty())
            notes << QStringLiteral("<li><b>%1</b>: %2</li>")
                         .arg(escape(rowLabel(group, row, columns)), escape(note.join(QLatin1Char(' '))));
        out += QStringLiteral("<tr>");
        for (Column column : columns) {
            QString text = ResultColumns::text(column, row);
            if (column == Column::Verdict && !r.error.isEmpty())
                text = tr("error, note %1").arg(notes.size());
            // The verdict and oversold cells say at a glance whether the lab kept its promise.
            // Figures and names never wrap; the verdict may, between words.
            QString cssClass = ResultColumns::isNumber(column) ? QStringLiteral("num")
                : column == Column::Verdict                    ? QStringLiteral("verdict")
                                                               : QStringLiteral("name");
            if (column == Column::Verdict || column == Column::Oversold)
                cssClass
                    += ResultColumns::flagged(column, row) ? QStringLiteral(" bad") : QStringLiteral(" good");
            out += QStringLiteral("<td class='%1'>%2</td>").arg(cssClass, escape(text));
        }
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</table></div>");
    QList<StrategyResult> results;
    for (const SourcedResult& row : group.rows)
        results.append(row.result);
    if (const QString comparison = ComparisonSentence::of(results); !comparison.isEmpty())
        out += QStringLiteral("<p class='comparison'><b>%1</b></p>").arg(escape(comparison));
    if (!notes.isEmpty())
        out += QStringLiteral("<h3>%1</h3><ol class='notes'>%2</ol>")
                   .arg(escape(tr("Notes")), notes.join(QString()));
    out += spreadTable(group);
    out += settingsTable(group);
    return out;
}

QString styleSheet()
{
    return QStringLiteral(
        "<style>body{font-family:sans-serif;margin:2em;color:#222}h1{font-size:1.6em}h2{font-size:1.25em;"
        "margin-top:1.6em}"
        "h3{font-size:1.05em;margin-top:1em}table{border-collapse:collapse;font-size:0.9em}"
        "th,td{border:1px solid #bbb;padding:3px "
        "6px;text-align:left}th{background:#f0f0f0}table.results{width:100%}"
        "td.num{text-align:right;white-space:nowrap}td.name{white-space:nowrap}"
        // A table wider than the page scrolls in its own box, the verdict column held in view.
        ".wide{overflow-x:auto;max-width:100%}td.verdict,th.verdict{position:sticky;right:0;min-width:8em;"
        "background:#fff;box-shadow:-2px 0 3px rgba(0,0,0,0.15)}th.verdict{background:#f0f0f0}"
        ".good{color:#2e7d32;font-weight:bold}.bad{color:#c62828;font-weight:bold}"
        "ol.notes{font-size:0.9em}.chart{margin:1em 0;page-break-inside:avoid}</style>");
}

} // namespace ReportSection
