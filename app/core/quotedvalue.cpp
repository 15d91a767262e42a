#include "app/core/quotedvalue.h"

#include <QLocale>

namespace {

// The first kMaxShown characters, not splitting a surrogate pair; empty when all fit.
QString head(const QString& text)
{
    if (text.size() <= QuotedValue::kMaxShown)
        return {};
    qsizetype cut = QuotedValue::kMaxShown;
    if (text.at(cut - 1).isHighSurrogate())
        --cut;
    return text.left(cut);
}

QString lengthNote(const QString& text)
{
    return QStringLiteral(" (%1 characters)")
        .arg(QLocale(QLocale::English).toString(static_cast<qlonglong>(text.size())));
}

} // namespace

namespace QuotedValue {

QString quoted(const QString& text)
{
    const QString start = head(text);
    if (start.isEmpty())
        return QLatin1Char('"') + text + QLatin1Char('"');
    return QLatin1Char('"') + start + QStringLiteral("…\"") + lengthNote(text);
}

QString shortened(const QString& text)
{
    const QString start = head(text);
    if (start.isEmpty())
        return text;
    return start + QStringLiteral("…") + lengthNote(text);
}

} // namespace QuotedValue
