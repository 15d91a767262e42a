#include "app/db/sessionsql.h"

namespace SessionSql {

QString setIsolation(bool postgres, const QString& isolation)
{
    return (postgres ? QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL ")
                     : QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL "))
        + isolation;
}

QString setLockWaitTimeout(bool postgres, int seconds)
{
    return postgres ? QStringLiteral("SET lock_timeout = '%1s'").arg(seconds)
                    : QStringLiteral("SET SESSION innodb_lock_wait_timeout = %1").arg(seconds);
}

QStringList readIsolation(bool postgres)
{
    if (postgres)
        return { QStringLiteral("SHOW transaction_isolation") };
    // MariaDB before 11.1 knows it as tx_isolation only.
    return { QStringLiteral("SELECT @@SESSION.transaction_isolation"),
        QStringLiteral("SELECT @@SESSION.tx_isolation") };
}

QString readLockWaitTimeout(bool postgres)
{
    return postgres
        ? QStringLiteral("SELECT EXTRACT(EPOCH FROM current_setting('lock_timeout')::interval)::bigint")
        : QStringLiteral("SELECT @@SESSION.innodb_lock_wait_timeout");
}

QString probeCommitted(bool postgres)
{
    return postgres ? QStringLiteral(
               "SELECT COUNT(*) FROM (SELECT 1 FROM orders WHERE request_id = ? FOR SHARE) AS committed")
                    : QStringLiteral("SELECT COUNT(*) FROM orders WHERE request_id = ? LOCK IN SHARE MODE");
}

} // namespace SessionSql
