#include "strategies/script/scriptvalue.h"

#include <cmath>

QString ScriptValue::toString() const
{
    if (isNull())
        return QStringLiteral("NULL");
    if (isBool())
        return toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (isInt())
        return QString::number(toInt());
    if (isDouble())
        return QString::number(std::get<double>(m_value), 'g', 17);
    return toText();
}

std::optional<bool> ScriptValue::truth() const
{
    if (isBool())
        return toBool();
    if (isInt())
        return toInt() != 0;
    if (isDouble())
        return std::get<double>(m_value) != 0.0;
    if (const ScriptValue number = asNumber(); number.isNumber())
        return number.truth();
    return std::nullopt;
}

ScriptValue ScriptValue::asNumber() const
{
    if (!isText())
        return *this;
    const QString trimmed = toText().trimmed();
    bool ok = false;
    if (const qlonglong whole = trimmed.toLongLong(&ok); ok)
        return ScriptValue(std::int64_t { whole });
    if (const double real = trimmed.toDouble(&ok); ok && std::isfinite(real))
        return ScriptValue(real);
    return *this;
}
