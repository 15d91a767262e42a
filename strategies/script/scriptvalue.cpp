#include "strategies/script/scriptvalue.h"

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
    return std::nullopt;
}
