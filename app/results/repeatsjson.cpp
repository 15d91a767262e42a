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

// A spread's numbers as the file names them. The interval's are null without one; a file
// without them reads the median for its bounds.
struct SpreadKey {
    const char* key;
    double Spread::*value;
    bool ofInterval;
};
constexpr SpreadKey kSpreadKeys[] = {
    { "median", &Spread::median, false },
    { "min", &Spread::min, false },
    { "max", &Spread::max, false },
    { "ci_low", &Spread::ciLow, true },
    { "ci_high", &Spread::ciHigh, true },
    { "ci_level", &Spread::level, true },
};

const QLatin1String kNotSeparableFrom { "not_separable_from" };

} // namespace

namespace RepeatsJson {

QJsonObject spreadJson(const Spread& s)
{
    QJsonObject json;
    for (const SpreadKey& k : kSpreadKeys)
        json.insert(QLatin1String(k.key), orNull(k.ofInterval ? s.hasInterval() : s.n > 0, s.*k.value));
    return json;
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
        { kNotSeparableFrom, QJsonArray::fromStringList(summary.notSeparableFrom) },
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
    for (const SpreadKey& k : kSpreadKeys) {
        const bool bound = k.ofInterval && k.value != &Spread::level;
        s.*k.value = o.value(QLatin1String(k.key)).toDouble(bound ? s.median : 0.0);
    }
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
        for (const QJsonValue& other : o.value(kNotSeparableFrom).toArray())
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
            for (const SpreadKey& k : kSpreadKeys)
                row.insert(QStringLiteral("%1_%2").arg(name, QLatin1String(k.key)),
                    spread.value(QLatin1String(k.key)));
        }
        row.insert(kNotSeparableFrom, summary.notSeparableFrom.join(QLatin1Char(';')));
        rows.append(row);
    }
    return rows;
}

} // namespace RepeatsJson
