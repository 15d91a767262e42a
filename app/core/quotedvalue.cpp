#include "app/core/quotedvalue.h"

#include <QCoreApplication>
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

// The cut value followed by the length of the whole: "abc…" (52,428,800 characters).
QString withLength(const QString& cut, const QString& text)
{
    return QCoreApplication::translate(
        "QuotedValue", "%1 (%2 characters)", "a value cut short, then the length of the whole value")
        .arg(cut, QLocale(QLocale::English).toString(static_cast<qlonglong>(text.size())));
}

} // namespace

namespace QuotedValue {

QString quoted(const QString& text)
{
    const QString start = head(text);
    if (start.isEmpty())
        return QLatin1Char('"') + text + QLatin1Char('"');
    return withLength(QLatin1Char('"') + start + QStringLiteral("…\""), text);
}

QString shortened(const QString& text)
{
    const QString start = head(text);
    if (start.isEmpty())
        return text;
    return withLength(start + QStringLiteral("…"), text);
}

} // namespace QuotedValue
