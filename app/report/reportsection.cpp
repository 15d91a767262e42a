#include "app/report/reportsection.h"

#include "app/report/comparisonsentence.h"

#include "app/core/experimentfields.h"
#include "app/core/passwordmask.h"
#include "app/core/repeatsummary.h"
#include "app/report/resultcolumns.h"
#include "app/report/resultexplanation.h"
#include "app/report/spreadcolumns.h"

#include <QCoreApplication>
#include <QMap>
#include <QRegularExpression>

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

// The experiment's fields and their values as the report shows them to readers. The English is the
// field's flag and value as written on the command line and in experiment files, which stay
// as they are; a translation may say them in words. Built before any translation is installed,
// so the table keeps the English and translates it where it is read.
struct FieldLabel {
    const char* name;
    const char* label[2]; // QT_TRANSLATE_NOOP3: the English and its disambiguation
};

constexpr FieldLabel kFieldLabels[] = {
    { "workload", QT_TRANSLATE_NOOP3("ReportSection", "workload", "experiment field") },
    { "skus", QT_TRANSLATE_NOOP3("ReportSection", "skus", "experiment field") },
    { "stock", QT_TRANSLATE_NOOP3("ReportSection", "stock", "experiment field") },
    { "slots", QT_TRANSLATE_NOOP3("ReportSection", "slots", "experiment field") },
    { "threads", QT_TRANSLATE_NOOP3("ReportSection", "threads", "experiment field") },
    { "skew", QT_TRANSLATE_NOOP3("ReportSection", "skew", "experiment field") },
    { "qty", QT_TRANSLATE_NOOP3("ReportSection", "qty", "experiment field") },
    { "stop", QT_TRANSLATE_NOOP3("ReportSection", "stop", "experiment field") },
    { "duration", QT_TRANSLATE_NOOP3("ReportSection", "duration", "experiment field") },
    { "orders", QT_TRANSLATE_NOOP3("ReportSection", "orders", "experiment field") },
    { "time-limit", QT_TRANSLATE_NOOP3("ReportSection", "time-limit", "experiment field") },
    { "warmup", QT_TRANSLATE_NOOP3("ReportSection", "warmup", "experiment field") },
    { "server-wait", QT_TRANSLATE_NOOP3("ReportSection", "server-wait", "experiment field") },
    { "delay-ms", QT_TRANSLATE_NOOP3("ReportSection", "delay-ms", "experiment field") },
    { "rtt-ms", QT_TRANSLATE_NOOP3("ReportSection", "rtt-ms", "experiment field") },
    { "isolation", QT_TRANSLATE_NOOP3("ReportSection", "isolation", "experiment field") },
    { "arrival", QT_TRANSLATE_NOOP3("ReportSection", "arrival", "experiment field") },
    { "rate", QT_TRANSLATE_NOOP3("ReportSection", "rate", "experiment field") },
    { "seed", QT_TRANSLATE_NOOP3("ReportSection", "seed", "experiment field") },
    { "batch", QT_TRANSLATE_NOOP3("ReportSection", "batch", "experiment field") },
    { "tasks", QT_TRANSLATE_NOOP3("ReportSection", "tasks", "experiment field") },
    { "claim-timeout", QT_TRANSLATE_NOOP3("ReportSection", "claim-timeout", "experiment field") },
    { "kill-workers-every", QT_TRANSLATE_NOOP3("ReportSection", "kill-workers-every", "experiment field") },
    { "writers", QT_TRANSLATE_NOOP3("ReportSection", "writers", "experiment field") },
    { "max-retries", QT_TRANSLATE_NOOP3("ReportSection", "max-retries", "experiment field") },
    { "sample-ms", QT_TRANSLATE_NOOP3("ReportSection", "sample-ms", "experiment field") },
    { "repeat", QT_TRANSLATE_NOOP3("ReportSection", "repeat", "experiment field") },
    { "deadlock-detect", QT_TRANSLATE_NOOP3("ReportSection", "deadlock-detect", "experiment field") },
    { "lock-wait-timeout", QT_TRANSLATE_NOOP3("ReportSection", "lock-wait-timeout", "experiment field") },
    { "flush-log", QT_TRANSLATE_NOOP3("ReportSection", "flush-log", "experiment field") },
    { "buffer-pool-mb", QT_TRANSLATE_NOOP3("ReportSection", "buffer-pool-mb", "experiment field") },
    { "database", QT_TRANSLATE_NOOP3("ReportSection", "database", "experiment field") },
};

struct ValueLabel {
    const char* field;
    const char* value;
    const char* label[2];
};

constexpr ValueLabel kValueLabels[] = {
    { "workload", "inventory", QT_TRANSLATE_NOOP3("ReportSection", "inventory", "workload value") },
    { "workload", "claim", QT_TRANSLATE_NOOP3("ReportSection", "claim", "workload value") },
    { "skew", "uniform", QT_TRANSLATE_NOOP3("ReportSection", "uniform", "skew value") },
    { "stop", "duration", QT_TRANSLATE_NOOP3("ReportSection", "duration", "stop value") },
    { "stop", "orders", QT_TRANSLATE_NOOP3("ReportSection", "orders", "stop value") },
    { "stop", "sold-out", QT_TRANSLATE_NOOP3("ReportSection", "sold-out", "stop value") },
    { "isolation", "read-uncommitted", QT_TRANSLATE_NOOP3("ReportSection", "read-uncommitted", "isolation value") },
    { "isolation", "read-committed", QT_TRANSLATE_NOOP3("ReportSection", "read-committed", "isolation value") },
    { "isolation", "repeatable-read", QT_TRANSLATE_NOOP3("ReportSection", "repeatable-read", "isolation value") },
    { "isolation", "serializable", QT_TRANSLATE_NOOP3("ReportSection", "serializable", "isolation value") },
    { "arrival", "closed", QT_TRANSLATE_NOOP3("ReportSection", "closed", "arrival value") },
    { "arrival", "open", QT_TRANSLATE_NOOP3("ReportSection", "open", "arrival value") },
    { "deadlock-detect", "on", QT_TRANSLATE_NOOP3("ReportSection", "on", "deadlock-detect value") },
    { "deadlock-detect", "off", QT_TRANSLATE_NOOP3("ReportSection", "off", "deadlock-detect value") },
    { "deadlock-detect", "server", QT_TRANSLATE_NOOP3("ReportSection", "server", "deadlock-detect value") },
};

// The fields whose value is a duration such as "10s", "500ms", "2m" or "1h".
bool isDurationField(const QString& name)
{
    for (const char* field : { "duration", "time-limit", "warmup", "server-wait", "claim-timeout", "kill-workers-every" }) {
        if (name == QLatin1String(field))
            return true;
    }
    return false;
}

// A field's name for readers; the name itself when the table does not know it.
QString fieldLabel(const QString& name)
{
    for (const FieldLabel& field : kFieldLabels) {
        if (name == QLatin1String(field.name))
            return QCoreApplication::translate("ReportSection", field.label[0], field.label[1]);
    }
    return name;
}

// A field's value for readers, from what ExperimentFields prints for it: words, durations and
// skews in the reader's language, numbers and names as they are.
QString fieldValue(const QString& name, const QString& value)
{
    for (const ValueLabel& label : kValueLabels) {
        if (name == QLatin1String(label.field) && value == QLatin1String(label.value))
            return QCoreApplication::translate("ReportSection", label.label[0], label.label[1]);
    }
    if (isDurationField(name)) {
        static const QRegularExpression duration(QStringLiteral("^(\\d+)(ms|s|m|h)$"));
        if (const QRegularExpressionMatch match = duration.match(value); match.hasMatch()) {
            const QString unit = match.captured(2);
            //: A duration in an experiment's settings, e.g. 10s
            const QString text = unit == QLatin1String("ms") ? QCoreApplication::translate("ReportSection", "%1ms", "duration")
                : unit == QLatin1String("s")                 ? QCoreApplication::translate("ReportSection", "%1s", "duration")
                : unit == QLatin1String("m")                 ? QCoreApplication::translate("ReportSection", "%1m", "duration")
                                                             : QCoreApplication::translate("ReportSection", "%1h", "duration");
            return text.arg(match.captured(1));
        }
    }
    if (name == QLatin1String("skew")) {
        const QStringList parts = value.split(QLatin1Char(':'));
        //: The hot-set skew: PERCENT of the orders go to the first SKUS SKUs
        if (parts.size() == 3 && parts[0] == QLatin1String("hotset"))
            return QCoreApplication::translate("ReportSection", "hotset:%1:%2", "skew value").arg(parts[1], parts[2]);
        //: The Zipf skew with its parameter s
        if (parts.size() == 2 && parts[0] == QLatin1String("zipf"))
            return QCoreApplication::translate("ReportSection", "zipf:%1", "skew value").arg(parts[1]);
    }
    return value;
}

// The fields a sweep varies are named as they are in ReportGroup::varying.
QString groupFieldOf(const QString& fieldName)
{
    return fieldName == QLatin1String("slots") || fieldName == QLatin1String("skus") || fieldName == QLatin1String("threads")
        ? fieldName
        : QString();
}

// Four fields to a line, so that the experiment takes a few lines of the page, not a column.
QString experimentTable(const ReportGroup& group)
{
    constexpr int kPerLine = 4;
    QString out = QStringLiteral("<table class='kv' width='100%'>");
    int inLine = 0;
    for (const ExperimentField& field : ExperimentFields::all()) {
        if (ExperimentFields::unusedIn(field.name, group.experiment))
            continue; // a duration under the sold-out stop, say: it played no part
        const bool varies = group.varying.contains(groupFieldOf(field.name));
        const QString value = varies ? tr("per row") : fieldValue(field.name, field.print(group.experiment));
        if (inLine == 0)
            out += QStringLiteral("<tr>");
        out += QStringLiteral("<th>%1</th><td class='value'>%2</td>").arg(escape(fieldLabel(field.name)), escape(value));
        if (++inLine == kPerLine) {
            out += QStringLiteral("</tr>");
            inLine = 0;
        }
    }
    if (inLine > 0)
        out += QStringLiteral("<td colspan='%1'></td></tr>").arg(2 * (kPerLine - inLine));
    return out + QStringLiteral("</table>");
}

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
    const qsizetype afterThreads = columns.indexOf(Column::Threads) + 1;
    if (group.varying.contains(QLatin1String("skus")))
        columns.insert(afterThreads, Column::Skus);
    if (group.varying.contains(QLatin1String("slots")))
        columns.insert(afterThreads, Column::Slots);
    return columns;
}

// How a note names its row: the strategy and what tells it from the group's other rows.
QString rowLabel(const ReportGroup& group, const SourcedResult& row, const QList<ResultColumns::Column>& columns)
{
    using ResultColumns::Column;
    QString label = row.result.strategy;
    for (Column column : { Column::Source, Column::Threads, Column::Slots, Column::Skus, Column::Repetition }) {
        if (!columns.contains(column) || (column == Column::Threads && !group.varying.contains(QLatin1String("threads"))))
            continue;
        label += QStringLiteral(", %1 %2").arg(ResultColumns::header(column), ResultColumns::text(column, row));
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
    QString out = QStringLiteral("<h3>%1</h3><table class='results' width='100%'><tr>").arg(escape(tr("Repeated runs")));
    for (Column column : columns)
        out += QStringLiteral("<th title='%1'>%2</th>").arg(escape(toolTip(column)), escape(header(column)));
    out += QStringLiteral("</tr>");
    for (const RepeatSummary& summary : summaries) {
        out += QStringLiteral("<tr>");
        for (Column column : columns)
            out += QStringLiteral("<td class='%1'>%2</td>").arg(isNumber(column) ? QStringLiteral("num") : QStringLiteral("name"), escape(text(column, summary)));
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</table>");
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
    QString out = QStringLiteral("<h3>%1</h3><table class='kv' width='100%'><tr><th>%2</th><th>%3</th></tr>")
                      .arg(escape(tr("Server settings during the runs")), escape(tr("settings")), escape(tr("strategies")));
    for (auto it = settings.begin(); it != settings.end(); ++it)
        out += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(escape(it.key()), escape(it.value().join(QStringLiteral(", "))));
    return out + QStringLiteral("</table>");
}

} // namespace

QString summary(const ReportGroup& group)
{
    const Experiment& e = group.experiment;
    QStringList parts;
    const auto valueOf = [&](const char* field) {
        const QString name = QLatin1String(field);
        return fieldValue(name, ExperimentFields::find(name)->print(e));
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
            varying << fieldLabel(name);
        parts << tr("sweep over %1").arg(varying.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral(", "));
}

QString title(const ReportGroup& group, int number)
{
    return tr("Experiment %1: %2").arg(number).arg(summary(group));
}

QString html(const ReportGroup& group, int number)
{
    using ResultColumns::Column;
    QString out = QStringLiteral("<h2>%1</h2>").arg(escape(title(group, number)));
    out += experimentTable(group);

    const QList<Column> columns = columnsOf(group);
    out += QStringLiteral("<h3>%1</h3><table class='results' width='100%'><tr>").arg(escape(tr("Results")));
    for (Column column : columns)
        out += QStringLiteral("<th title='%1'>%2</th>").arg(escape(ResultColumns::toolTip(column)), escape(ResultColumns::header(column)));
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
            notes << QStringLiteral("<li><b>%1</b>: %2</li>").arg(escape(rowLabel(group, row, columns)), escape(note.join(QLatin1Char(' '))));
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
                cssClass += ResultColumns::flagged(column, row) ? QStringLiteral(" bad") : QStringLiteral(" good");
            out += QStringLiteral("<td class='%1'>%2</td>").arg(cssClass, escape(text));
        }
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</table>");
    QList<StrategyResult> results;
    for (const SourcedResult& row : group.rows)
        results.append(row.result);
    if (const QString comparison = ComparisonSentence::of(results); !comparison.isEmpty())
        out += QStringLiteral("<p class='comparison'><b>%1</b></p>").arg(escape(comparison));
    if (!notes.isEmpty())
        out += QStringLiteral("<h3>%1</h3><ol class='notes'>%2</ol>").arg(escape(tr("Notes")), notes.join(QString()));
    out += spreadTable(group);
    out += settingsTable(group);
    return out;
}

QString styleSheet()
{
    return QStringLiteral(
        "<style>body{font-family:sans-serif;margin:2em;color:#222}h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em}"
        "h3{font-size:1.05em;margin-top:1em}table{border-collapse:collapse;font-size:0.9em}"
        "th,td{border:1px solid #bbb;padding:3px 6px;text-align:left}th{background:#f0f0f0}table.results{width:100%}table.results th{white-space:nowrap}"
        "td.num{text-align:right;white-space:nowrap}td.name{white-space:nowrap}td.value{white-space:nowrap}"
        ".good{color:#2e7d32;font-weight:bold}.bad{color:#c62828;font-weight:bold}"
        "ol.notes{font-size:0.9em}.chart{margin:1em 0;page-break-inside:avoid}</style>");
}

} // namespace ReportSection
