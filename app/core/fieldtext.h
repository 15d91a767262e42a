#pragma once

#include "app/core/quotedvalue.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <array>
#include <cstddef>
#include <limits>

// Reading and writing a field's value as text, shared by every field of the experiment table
// (ExperimentFields): whole numbers, numbers and named choices, with the refusal a person reads.
namespace FieldText {

// White space around a value is refused, not trimmed: " 5" is most often a script's quoting
// gone wrong, and a value read as something other than what was written hides that.
bool hasSpaceAround(const QString& text);
QString spaceAround(const QString& text);
QString notWhole(const QString& text);

// Each returns an error message, empty when `out` was set.
template <typename Int> QString parseInt(const QString& text, Int& out)
{
    if (text.isEmpty())
        return QCoreApplication::translate("ExperimentFields", "needs a value");
    if (hasSpaceAround(text))
        return spaceAround(text);
    bool ok = false;
    const qlonglong value = text.toLongLong(&ok);
    if (!ok)
        return notWhole(text);
    if (value < static_cast<qlonglong>(std::numeric_limits<Int>::min())
        || value > static_cast<qlonglong>(std::numeric_limits<Int>::max()))
        return QCoreApplication::translate("ExperimentFields", "%1 is far out of range")
            .arg(QuotedValue::shortened(text));
    out = static_cast<Int>(value);
    return {};
}

QString parseDouble(const QString& text, double& out);

// Shortest text that reads back as the same double: the default six digits would turn
// a saved rate of 1234567 into 1234570.
QString printDouble(double value);

template <typename Enum, std::size_t N>
QString parseEnum(const QString& text, Enum& out, const std::array<Enum, N>& values, QString (*name)(Enum))
{
    QStringList names;
    for (Enum value : values) {
        if (text.compare(name(value), Qt::CaseInsensitive) == 0) {
            out = value;
            return {};
        }
        names << name(value);
    }
    return QCoreApplication::translate("ExperimentFields", "must be one of %1 (got %2)")
        .arg(names.join(QStringLiteral(", ")), QuotedValue::quoted(text));
}

} // namespace FieldText
