#pragma once

// What a window test compares with a run's JSON: a results row with its summary, and a drawn
// line with the samples it was drawn from.
#include "ui/panels/resultspanel.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPointF>
#include <QTest>

namespace RunJsonChecks {

// The results row `row` shows the summary's figures as the table formats them.
inline void compareRowWithSummary(const ResultsPanel* results, int row, const QJsonObject& summary)
{
    const auto number = [&summary](const char* key, int decimals) {
        return QString::number(summary.value(QLatin1String(key)).toDouble(), 'f', decimals);
    };
    QCOMPARE(
        results->cell(row, QStringLiteral("strategy")), summary.value(QStringLiteral("strategy")).toString());
    QCOMPARE(results->cell(row, QStringLiteral("orders/s")), number("orders_per_s", 0));
    QCOMPARE(results->cell(row, QStringLiteral("p95 ms")), number("p95_ms", 2));
    QCOMPARE(results->cell(row, QStringLiteral("p99 ms")), number("p99_ms", 2));
    QCOMPARE(results->cell(row, QStringLiteral("oversold")),
        QString::number(summary.value(QStringLiteral("oversold")).toInteger()));
}

// A sample field of every sample the charts draw: a last sample of a few milliseconds is left
// out of the rates, as the chart says.
inline QList<double> drawnSamples(const QJsonObject& strategy, const char* key)
{
    QList<double> values;
    const QJsonArray series = strategy.value(QStringLiteral("series")).toArray();
    for (qsizetype s = 0; s < series.size(); ++s) {
        const QJsonObject sample = series.at(s).toObject();
        if (s == 0 || sample.value(QStringLiteral("interval_s")).toDouble() >= 0.1)
            values << sample.value(QLatin1String(key)).toDouble();
    }
    return values;
}

inline QList<double> yOf(const QList<QPointF>& points)
{
    QList<double> values;
    for (const QPointF& point : points)
        values << point.y();
    return values;
}

} // namespace RunJsonChecks
