#include "app/run/serverkill.h"

#include <QSqlError>
#include <QSqlQuery>

namespace {

constexpr int kUnknownThreadId = 1094; // MySQL: the connection had ended meanwhile

} // namespace

ServerKill::Outcome ServerKill::send(QSqlDatabase& control, What what, unsigned long id, DatabaseError* error)
{
    const bool postgres = control.driverName() == QLatin1String("QPSQL");
    QString sql;
    if (postgres)
        sql = what == What::Statement ? QStringLiteral("SELECT pg_cancel_backend(%1)")
                                      : QStringLiteral("SELECT pg_terminate_backend(%1)");
    else
        sql = what == What::Statement ? QStringLiteral("KILL QUERY %1")
                                      : QStringLiteral("KILL CONNECTION %1");
    QSqlQuery kill(control);
    if (kill.exec(sql.arg(id))) {
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

QString ServerKill::busyConnectionsSql(bool postgres)
{
    return postgres ? QStringLiteral("SELECT pid FROM pg_stat_activity WHERE state = 'active' "
                                     "AND pid <> pg_backend_pid()")
                    : QStringLiteral("SELECT ID FROM information_schema.PROCESSLIST "
                                     "WHERE COMMAND <> 'Sleep' AND ID <> CONNECTION_ID()");
}
