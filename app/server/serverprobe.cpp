#include "app/server/serverprobe.h"
#include "app/db/sqlerrortext.h"

#include <QSqlError>
#include <QSqlQuery>

ServerProbe::ServerProbe(QSqlDatabase database, bool mariaDb)
    : m_database(std::move(database))
    , m_mariaDb(mariaDb)
{
}

namespace {

// InnoDB's own counters, enabled by default on MariaDB and MySQL 8. SHOW GLOBAL STATUS gives the
// same figures but first sums every connection's status: with 256 connections it took the
// server 0.44 ms a look against 0.24 ms here, under the lock new connections need.
const QString kMetrics = QStringLiteral(
    "SELECT NAME, COUNT FROM information_schema.INNODB_METRICS WHERE NAME IN ('lock_row_lock_waits', "
    "'lock_row_lock_time', 'lock_deadlocks', 'lock_row_lock_current_waits')");

} // namespace

std::optional<ServerLockStats> ServerProbe::read(QString* error)
{
    // Closed by Qt when the server dropped it; a statement on it would only print a warning.
    if (!m_database.isOpen()) {
        *error = tr("cannot read server status: the connection to the server is closed");
        return std::nullopt;
    }
    if (m_database.driverName() == QLatin1String("QPSQL"))
        return readPostgres(error);
    ServerLockStats stats;
    QSqlQuery query(m_database);
    if (query.exec(kMetrics)) {
        int found = 0;
        while (query.next()) {
            const QString name = query.value(0).toString();
            const std::int64_t value = query.value(1).toLongLong();
            ++found;
            if (name == QLatin1String("lock_row_lock_waits"))
                stats.rowLockWaits = value;
            else if (name == QLatin1String("lock_row_lock_time"))
                stats.rowLockTimeMs = value;
            else if (name == QLatin1String("lock_deadlocks"))
                stats.deadlocks = value;
            else
                stats.waitingNow = value;
        }
        if (found == 4)
            return stats;
    }
    return readStatus(error); // a server that lacks the table or has switched a counter off
}

std::optional<ServerLockStats> ServerProbe::readStatus(QString* error)
{
    ServerLockStats stats;
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("SHOW GLOBAL STATUS WHERE Variable_name IN "
                                   "('Innodb_row_lock_waits', 'Innodb_row_lock_time', 'Innodb_deadlocks', "
                                   "'Innodb_row_lock_current_waits')"))) {
        *error = tr("cannot read server status: %1").arg(SqlErrorText::of(query.lastError()));
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

std::optional<ServerLockStats> ServerProbe::readPostgres(QString* error)
{
    // PostgreSQL counts deadlocks per database but keeps no count or time of lock waits: the
    // waiters are counted as they wait, from pg_stat_activity, which (unlike pg_locks) takes
    // none of the lock manager's partition locks.
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral(
            "SELECT (SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()), "
            "(SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock')"))
        || !query.next()) {
        *error = tr("cannot read server status: %1").arg(SqlErrorText::of(query.lastError()));
        return std::nullopt;
    }
    ServerLockStats stats;
    stats.deadlocks = query.value(0).toLongLong();
    stats.waitingNow = query.value(1).toLongLong();
    stats.countsWaits = false;
    return stats;
}
