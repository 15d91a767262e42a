#include "app/db/sqlerrortext.h"

#include <QRegularExpression>

namespace SqlErrorText {

QString of(const QSqlError& error)
{
    QString text = error.databaseText().trimmed();
    if (text.isEmpty())
        text = error.driverText().trimmed();
    // libpq starts each of the server's lines with its severity, as the server's log does.
    static const QRegularExpression severity(
        QStringLiteral("(^|\\n)\\s*(FATAL|ERROR|PANIC|WARNING):\\s+"), QRegularExpression::MultilineOption);
    text.replace(severity, QStringLiteral("\\1"));
    return text.simplified();
}

} // namespace SqlErrorText
