#include "app/core/fieldtext.h"

#include <QLocale>

#include <cmath>

namespace FieldText {

bool hasSpaceAround(const QString& text)
{
    return !text.isEmpty() && (text.front().isSpace() || text.back().isSpace());
}

QString spaceAround(const QString& text)
{
    return QCoreApplication::translate(
        "ExperimentFields", "%1 has white space around it; write the value without it")
        .arg(QuotedValue::quoted(text));
}

QString notWhole(const QString& text)
{
    return QCoreApplication::translate("ExperimentFields", "%1 is not a whole number")
        .arg(QuotedValue::quoted(text));
}

QString parseDouble(const QString& text, double& out)
{
    if (hasSpaceAround(text))
        return spaceAround(text);
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return QCoreApplication::translate("ExperimentFields", "%1 is not a number")
            .arg(QuotedValue::quoted(text));
    out = value;
    return {};
}

QString printDouble(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace FieldText
