#include "app/server/serverprobe.h"

#include <QSqlError>
#include <QSqlQuery>

ServerProbe::ServerProbe(QSqlDatabase database, bool mariaDb)
    : m_database(std::move(database))
    , m_mariaDb(mariaDb)
{
}

std::optional<ServerLockStats> ServerProbe::read(QString* error)
{
    ServerLockStats stats;
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("SHOW GLOBAL STATUS WHERE Variable_name IN "
                                   "('Innodb_row_lock_waits', 'Innodb_row_lock_time', 'Innodb_deadlocks', "
                                   "'Innodb_row_lock_current_waits')"))) {
        *error = tr("cannot read server status: %1").arg(query.lastError().text());
        return std::nullopt;
    }
    while (query.next()) {
        const QString name = query.value(0).toString();
        const std::int64_t value = query.value(1).toLongLong();
        if (name.compare(QLatin1String("Innodb_row_lock_waits"), Qt::CaseInsensitive) == 0)
            stats.rowLockWaits = value;
        else if (name.compare(QLatin1String("Innodb_row_lock_time"), Qt::CaseInsensitive) == 0)
            stats.rowLockTimeMs = value;
        else if (name.compare(QLatin1String("Innodb_deadlocks"), Qt::CaseInsensitive) == 0)
            stats.deadlocks = value;
        // A counter InnoDB keeps as locks are waited for. Counting LOCK WAIT rows of INNODB_TRX
        // instead made the server copy its lock tables while holding the lock system: with
        // 4,000 waiters one count took 30 s, and no transaction committed meanwhile.
        else if (name.compare(QLatin1String("Innodb_row_lock_current_waits"), Qt::CaseInsensitive) == 0)
            stats.waitingNow = value;
    }
    if (!m_mariaDb) {
        if (query.exec(QStringLiteral(
                "SELECT COUNT FROM information_schema.INNODB_METRICS WHERE NAME = 'lock_deadlocks'"))
            && query.next())
            stats.deadlocks = query.value(0).toLongLong();
    }
    return stats;
}
