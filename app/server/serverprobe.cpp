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
                                   "('Innodb_row_lock_waits', 'Innodb_row_lock_time', 'Innodb_deadlocks')"))) {
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
    }
    if (!m_mariaDb) {
        if (query.exec(QStringLiteral("SELECT COUNT FROM information_schema.INNODB_METRICS WHERE NAME = 'lock_deadlocks'"))
            && query.next())
            stats.deadlocks = query.value(0).toLongLong();
    }
    const QString waiting = m_mariaDb
        ? QStringLiteral("SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'")
        : QStringLiteral("SELECT COUNT(DISTINCT REQUESTING_ENGINE_TRANSACTION_ID) FROM performance_schema.data_lock_waits");
    if (!query.exec(waiting) || !query.next()) {
        // Usually the PROCESS privilege: keep the status figures, say what is missing.
        *error = tr("cannot count waiting transactions: %1").arg(query.lastError().text());
        stats.waitingNow = -1;
        return stats;
    }
    stats.waitingNow = query.value(0).toLongLong();
    return stats;
}
