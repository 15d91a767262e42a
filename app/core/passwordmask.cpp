
#include "app/core/passwordmask.h"

#include <QRegularExpression>

namespace PasswordMask {

QString mask(const QString& text)
{
    if (!text.contains(QLatin1String("://")))
        return text;
    // Up to the last @ of the word: a password that is not percent-encoded may hold @ or /,
    // and masking too much is harmless where masking too little is not.
    static const QRegularExpression userInfo(
        QStringLiteral(R"(([A-Za-z][A-Za-z0-9+.\-]*://[^:/@\s]*):\S*@)"));
    QString masked = text;
    masked.replace(userInfo, QStringLiteral("\\1:***@"));
    return masked;
}

QStringList mask(const QStringList& texts)
{
    QStringList masked;
    masked.reserve(texts.size());
    for (const QString& text : texts)
        masked << mask(text);
    return masked;
}

} // namespace PasswordMask
