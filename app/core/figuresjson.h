#pragma once

#include "app/core/figure.h"

#include <QJsonObject>

#include <span>

// A record's figures in a results file, each under its key from its table (resultFigures() and
// the others), written and read by the same rows.
namespace FiguresJson {

template <typename Record>
QJsonValue valueOf(const Figure<Record>& figure, const Record& record, bool audited)
{
    const double value = figure.get(record);
    switch (figure.unmeasured) {
    case Unmeasured::Null:
        return value < 0 ? QJsonValue() : QJsonValue(value);
    case Unmeasured::UnlessAudited:
        return audited ? QJsonValue(value) : QJsonValue();
    case Unmeasured::Never:
    case Unmeasured::MinusOne:
        break;
    }
    return value;
}

// `audited`: whether the closing audit ran, for the figures only it knows.
template <typename Record>
void insert(QJsonObject& object, const Record& record, std::span<const Figure<Record>> figures, bool audited)
{
    for (const Figure<Record>& figure : figures)
        object.insert(QLatin1String(figure.key), valueOf(figure, record, audited));
}

template <typename Record>
void read(const QJsonObject& object, Record& record, std::span<const Figure<Record>> figures)
{
    for (const Figure<Record>& figure : figures) {
        if (!figure.set)
            continue; // derived from others, which are read
        const QJsonValue value = object.value(QLatin1String(figure.key));
        const bool minusOneWhenMissing
            = figure.unmeasured == Unmeasured::Null || figure.unmeasured == Unmeasured::MinusOne;
        figure.set(record, value.isDouble() ? value.toDouble() : minusOneWhenMissing ? -1.0 : 0.0);
    }
}

} // namespace FiguresJson
