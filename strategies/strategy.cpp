#include "strategies/strategy.h"

#include "app/db/labschema.h"

QStringList Strategy::schemaSql() const
{
    return LabSchema::createStatements(layout());
}

QString Strategy::shownSql(bool postgres) const
{
    QString text;
    for (const QString& statement : orderSqlFor(postgres))
        text += statement
            + (statement.startsWith(QLatin1String("--")) ? QStringLiteral("\n") : QStringLiteral(";\n"));
    return text;
}
