#include "app/run/serverkill.h"

#include "app/db/sqldialect.h"

#include <QSqlError>
#include <QSqlQuery>

namespace {

constexpr int kUnknownThreadId = 1094; // MySQL: the connection had ended meanwhile

} // namespace

ServerKill::Outcome ServerKill::send(QSqlDatabase& control, What what, unsigned long id, DatabaseError* error)
{
    const bool postgres = control.driverName() == QLatin1String("QPSQL");
    const SqlDialect& dialect = SqlDialect::of(postgres);
    QSqlQuery kill(control);
    if (kill.exec(what == What::Statement ? dialect.cancelStatement(id) : dialect.endConnection(id))) {
        // PostgreSQL answers false (with a warning) for a process that is no longer there.
        if (postgres && kill.next() && !kill.value(0).toBool())
            return Outcome::Gone;
        return Outcome::Done;
    }
    const QSqlError failed = kill.lastError();
    if (!postgres && failed.nativeErrorCode().toInt() == kUnknownThreadId)
        return Outcome::Gone;
    *error = { failed.nativeErrorCode().toUInt(), failed.databaseText() };
    return Outcome::Failed;
}
