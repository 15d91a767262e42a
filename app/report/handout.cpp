#include "app/report/handout.h"

#include "app/core/experimentfields.h"
#include "app/core/fieldlabels.h"
#include "app/report/reportgroup.h"
#include "app/report/reportsection.h"

#include <QChart>
#include <QCoreApplication>

#include <algorithm>

namespace Handout {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("Handout", text);
}

QString paragraph(const QString& text)
{
    return QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped());
}

// The report chart that shows a step's chart: the time charts by their id, the oversell
// check as the units sold.
QString reportChartOf(const QString& stepChart)
{
    return stepChart == QLatin1String("oversell") ? QStringLiteral("sold-units") : stepChart;
}

} // namespace

QList<Step> split(const Lesson& lesson, const QList<SourcedResult>& rows)
{
    QList<Step> steps;
    for (int i = 0; i < lesson.steps.size(); ++i)
        steps.append({ &lesson.steps[i], i + 1, {}, i > 0 ? &lesson.steps[i - 1] : nullptr });
    for (const SourcedResult& row : rows) {
        for (Step& step : steps) {
            const bool ranIt = row.result.experiment == step.step->experiment
                && step.step->strategies.contains(row.result.strategy);
            const auto sameStrategy
                = [&](const SourcedResult& other) { return other.result.strategy == row.result.strategy; };
            const bool full = std::count_if(step.rows.begin(), step.rows.end(), sameStrategy)
                >= std::max(1, step.step->experiment.repeat);
            if (ranIt && !full) {
                step.rows.append(row);
                break;
            }
        }
    }
    return steps;
}

QString lessonHtml(const Lesson& lesson)
{
    return QStringLiteral("<h1>%1</h1>").arg(lesson.title.toHtmlEscaped()) + paragraph(lesson.summary);
}

QString stepHtml(const Step& step)
{
    const LessonStep& s = *step.step;
    QString out
        = QStringLiteral("<h2>%1</h2>").arg(tr("Step %1: %2").arg(step.number).arg(s.title).toHtmlEscaped());
    out += paragraph(s.say);
    out += QStringLiteral("<p><b>%1</b> %2</p>")
               .arg(tr("What to notice:").toHtmlEscaped(), s.notice.toHtmlEscaped());
    out += QStringLiteral("<p class='question'><b>%1</b> %2</p>")
               .arg(tr("Question:").toHtmlEscaped(), s.question.toHtmlEscaped());
    out += changesHtml(step);
    if (step.rows.isEmpty())
        out += paragraph(tr("This step was not run."));
    return out;
}

QString changesHtml(const Step& step)
{
    const Experiment defaults;
    const Experiment& now = step.step->experiment;
    QStringList items;
    for (const ExperimentField& field : ExperimentFields::all()) {
        if (ExperimentFields::unusedIn(field.name, now))
            continue;
        const QString value = field.print(now);
        const QString lab = field.print(defaults);
        const QString before = step.previous ? field.print(step.previous->experiment) : lab;
        if (value == lab && value == before)
            continue;
        const auto shown = [&](const QString& text) { return FieldLabels::valueLabel(field.name, text); };
        QString item = QStringLiteral("<b>%1</b> %2")
                           .arg(FieldLabels::label(field.name).toHtmlEscaped(), shown(value).toHtmlEscaped());
        const QString was = step.previous && before != value
            ? tr("step %1: %2").arg(step.number - 1).arg(shown(before))
            : tr("the lab's default: %1").arg(shown(lab));
        if (step.previous || value != lab)
            item += QStringLiteral(" <small>(%1)</small>").arg(was.toHtmlEscaped());
        items << item;
    }
    const QString heading = tr("Settings:").toHtmlEscaped();
    if (items.isEmpty())
        return QStringLiteral("<p class='settings'><b>%1</b> %2</p>")
            .arg(heading, tr("the lab's defaults (every setting in the appendix)").toHtmlEscaped());
    return QStringLiteral("<p class='settings'><b>%1</b> %2</p>")
        .arg(heading, items.join(QStringLiteral(" · ")));
}

QString appendixHtml(const QList<Step>& steps)
{
    QString out
        = QStringLiteral("<h2>%1</h2>").arg(tr("Appendix: every setting of each step").toHtmlEscaped());
    for (const Step& step : steps) {
        ReportGroup group;
        group.experiment = step.step->experiment;
        out += QStringLiteral("<h3>%1</h3>")
                   .arg(tr("Step %1: %2").arg(step.number).arg(step.step->title).toHtmlEscaped());
        out += ReportSection::settingsHtml(group);
    }
    return out;
}

QList<ChartFactory::NamedChart> charts(const Step& step)
{
    QList<ChartFactory::NamedChart> kept;
    if (step.rows.isEmpty())
        return kept;
    const QString wanted = reportChartOf(step.step->chart);
    for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(step.rows)) {
        if (named.name == wanted || named.name == QLatin1String("orders-by-strategy"))
            kept.append(named);
        else
            delete named.chart;
    }
    return kept;
}

} // namespace Handout
