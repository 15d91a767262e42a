#include "app/results/repeatsjson.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/figure.h"

namespace {

// No interval is written as null rather than as the median: one run says nothing of the noise.
QJsonValue orNull(bool present, double value)
{
    return present ? QJsonValue(value) : QJsonValue();
}

const char* const kSpreadKeys[] = { "median", "min", "max", "ci_low", "ci_high", "ci_level" };

} // namespace

namespace RepeatsJson {

QJsonObject spreadJson(const Spread& s)
{
    const bool any = s.n > 0;
    return QJsonObject {
        { QStringLiteral("median"), orNull(any, s.median) },
        { QStringLiteral("min"), orNull(any, s.min) },
        { QStringLiteral("max"), orNull(any, s.max) },
        { QStringLiteral("ci_low"), orNull(s.hasInterval(), s.ciLow) },
        { QStringLiteral("ci_high"), orNull(s.hasInterval(), s.ciHigh) },
        { QStringLiteral("ci_level"), orNull(s.hasInterval(), s.level) },
    };
}

QJsonObject summaryJson(const RepeatSummary& summary)
{
    QJsonArray rows;
    for (const int row : summary.rows)
        rows.append(row);
    QJsonObject object {
        { QStringLiteral("strategy"), summary.strategy },
        { QStringLiteral("threads"), summary.experiment.threads },
        { QStringLiteral("n"), summary.n() },
        { QStringLiteral("results"), rows },
        { QStringLiteral("not_separable_from"), QJsonArray::fromStringList(summary.notSeparableFrom) },
        { QStringLiteral("experiment"), ExperimentJson::toJson(summary.experiment) },
    };
    for (const RepeatSummary::SpreadFigure& spread : RepeatSummary::spreadFigures())
        object.insert(QLatin1String(spread.figure->key), spreadJson(summary.*spread.spread));
    if (!summary.source.isEmpty())
        object.insert(QStringLiteral("source"), summary.source);
    return object;
}

QJsonArray toJson(const QList<RepeatSummary>& summaries)
{
    QJsonArray array;
    for (const RepeatSummary& summary : summaries)
        array.append(summaryJson(summary));
    return array;
}

Spread spreadFromJson(const QJsonObject& o)
{
    Spread s;
    s.median = o.value(QStringLiteral("median")).toDouble();
    s.min = o.value(QStringLiteral("min")).toDouble();
    s.max = o.value(QStringLiteral("max")).toDouble();
    s.ciLow = o.value(QStringLiteral("ci_low")).toDouble(s.median);
    s.ciHigh = o.value(QStringLiteral("ci_high")).toDouble(s.median);
    s.level = o.value(QStringLiteral("ci_level")).toDouble();
    return s;
}

QList<RepeatSummary> fromJson(const QJsonArray& array)
{
    QList<RepeatSummary> summaries;
    for (const QJsonValue& value : array) {
        const QJsonObject o = value.toObject();
        RepeatSummary summary;
        summary.source = o.value(QStringLiteral("source")).toString();
        summary.strategy = o.value(QStringLiteral("strategy")).toString();
        QList<FieldError> ignored; // the results carry the experiment that counts
        summary.experiment
            = ExperimentJson::fromJson(o.value(QStringLiteral("experiment")).toObject(), ignored);
        for (const QJsonValue& row : o.value(QStringLiteral("results")).toArray())
            summary.rows.append(row.toInt());
        for (const RepeatSummary::SpreadFigure& spread : RepeatSummary::spreadFigures()) {
            Spread& held = summary.*spread.spread;
            held = spreadFromJson(o.value(QLatin1String(spread.figure->key)).toObject());
            held.n = o.value(QStringLiteral("n")).toInt();
        }
        for (const QJsonValue& other : o.value(QStringLiteral("not_separable_from")).toArray())
            summary.notSeparableFrom.append(other.toString());
        summaries.append(summary);
    }
    return summaries;
}

QList<QJsonObject> csvRows(const QList<RepeatSummary>& summaries)
{
    QList<QJsonObject> rows;
    for (const RepeatSummary& summary : summaries) {
        const QJsonObject nested = summaryJson(summary);
        QJsonObject row { { QStringLiteral("strategy"), summary.strategy },
            { QStringLiteral("threads"), summary.experiment.threads },
            { QStringLiteral("skus"), static_cast<double>(summary.experiment.skus) },
            { QStringLiteral("slots"), summary.experiment.slotsPerSku },
            { QStringLiteral("n"), summary.n() } };
        for (const RepeatSummary::SpreadFigure& figure : RepeatSummary::spreadFigures()) {
            const QLatin1String name(figure.figure->key);
            const QJsonObject spread = nested.value(name).toObject();
            for (const char* key : kSpreadKeys)
                row.insert(
                    QStringLiteral("%1_%2").arg(name, QLatin1String(key)), spread.value(QLatin1String(key)));
        }
        row.insert(QStringLiteral("not_separable_from"), summary.notSeparableFrom.join(QLatin1Char(';')));
        rows.append(row);
    }
    return rows;
}

} // namespace RepeatsJson
