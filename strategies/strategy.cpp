#include "strategies/strategy.h"

#include "app/db/labdatabase.h"
#include "app/db/labschema.h"

QStringList Strategy::schemaSql() const
{
    QStringList statements = LabSchema::createStatements(layout());
    for (const LabTable& table : ownTables())
        statements << table.mysqlSql;
    return statements;
}

bool Strategy::prepareDatabase(
    LabDatabase& database, const Experiment& experiment, QString* error, FillProgress* progress) const
{
    return database.prepareTables(layout(), experiment, error, progress)
        && database.prepareOwnTables(ownTables(), error) && database.prepareRoutines(routines(), error)
        && database.checkInvariants(invariants(), error);
}

QString Strategy::shownSql(bool postgres) const
{
    QString text;
    for (const QString& statement : orderSqlFor(postgres))
        text += statement
            + (statement.startsWith(QLatin1String("--")) ? QStringLiteral("\n") : QStringLiteral(";\n"));
    return text;
}
