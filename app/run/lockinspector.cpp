#include "app/run/lockinspector.h"
#include "app/db/sqlerrortext.h"

#include <QHash>
#include <QSqlError>
#include <QSqlQuery>

LockInspector::LockInspector(QSqlDatabase database, bool mariaDb, QString mysqlLockTables)
    : m_database(std::move(database))
    , m_mariaDb(mariaDb)
    , m_mysqlLockTables(std::move(mysqlLockTables))
{
}

QString LockInspector::missingPrivilegeMessage()
{
    return tr("The lock inspector needs the PROCESS privilege to read INNODB_TRX and the lock tables; "
              "this account does not have it (GRANT PROCESS ON *.* TO the lab's user). "
              "The run itself is not affected.");
}

LockSnapshot LockInspector::sample()
{
    if (!m_database.isOpen())
        return {}; // the connection is lost: the run opens it again before its next look
    if (m_database.driverName() == QLatin1String("QPSQL"))
        return sampleOnPostgres();
    LockSnapshot snapshot;
    QSqlQuery waits(m_database);
    const bool counted
        = waits.exec(QStringLiteral("SHOW GLOBAL STATUS LIKE 'Innodb_row_lock_current_waits'"));
    if (!counted && !m_database.isOpen())
        return snapshot; // the connection is lost: the run opens it again before its next look
    if (counted && waits.next() && waits.value(1).toInt() > LockSnapshot::kMostWaitersRead) {
        snapshot.waitersNotRead = waits.value(1).toInt();
        return snapshot;
    }
    // Both flavours come down to the same three questions: which record locks exist (and
    // which of them are waited for), who waits for whom, and which transactions are open.
    if (m_mariaDb) {
        read(snapshot,
            QStringLiteral("SELECT l.lock_trx_id, l.lock_mode, l.lock_table, l.lock_data, "
                           "t.trx_requested_lock_id = l.lock_id "
                           "FROM information_schema.INNODB_LOCKS l "
                           "LEFT JOIN information_schema.INNODB_TRX t ON t.trx_id = l.lock_trx_id"),
            QStringLiteral(
                "SELECT requesting_trx_id, blocking_trx_id FROM information_schema.INNODB_LOCK_WAITS"));
    } else {
        read(snapshot,
            QStringLiteral("SELECT ENGINE_TRANSACTION_ID, LOCK_MODE, CONCAT('`', OBJECT_SCHEMA, '`.`', "
                           "OBJECT_NAME, '`'), "
                           "LOCK_DATA, LOCK_STATUS = 'WAITING' FROM %1.data_locks WHERE "
                           "LOCK_TYPE = 'RECORD'")
                .arg(m_mysqlLockTables),
            QStringLiteral("SELECT REQUESTING_ENGINE_TRANSACTION_ID, BLOCKING_ENGINE_TRANSACTION_ID FROM "
                           "%1.data_lock_waits")
                .arg(m_mysqlLockTables));
    }
    return snapshot;
}

void LockInspector::fail(LockSnapshot& snapshot, const QSqlQuery& query)
{
    const QString code = query.lastError().nativeErrorCode();
    // 1227: access denied, you need the PROCESS privilege; 1142/1044: no access to the table.
    if (code == QLatin1String("1227") || code == QLatin1String("1142") || code == QLatin1String("1044"))
        snapshot.error = missingPrivilegeMessage();
    else
        snapshot.error = tr("cannot read the lock tables: %1").arg(SqlErrorText::of(query.lastError()));
}

bool LockInspector::read(LockSnapshot& snapshot, const QString& locksSql, const QString& waitsSql)
{
    struct Lock {
        QString mode, table, row;
    };
    QHash<QString, Lock> waitingFor; // trx -> the lock it waits for
    QHash<QString, Lock> holding; // trx -> a lock it holds (shown when it waits for nothing)
    QSqlQuery query(m_database);
    if (!query.exec(locksSql)) {
        fail(snapshot, query);
        return false;
    }
    while (query.next()) {
        const QString trx = query.value(0).toString();
        const Lock lock { query.value(1).toString(), query.value(2).toString(), query.value(3).toString() };
        if (query.value(4).toBool())
            waitingFor.insert(trx, lock);
        else if (!holding.contains(trx))
            holding.insert(trx, lock);
    }
    QHash<QString, QStringList> blockers;
    if (!query.exec(waitsSql)) {
        fail(snapshot, query);
        return false;
    }
    while (query.next())
        blockers[query.value(0).toString()] << query.value(1).toString();

    if (!query.exec(QStringLiteral("SELECT trx_id, trx_mysql_thread_id, trx_state, "
                                   "COALESCE(TIMESTAMPDIFF(SECOND, trx_wait_started, NOW()), 0), trx_query "
                                   "FROM information_schema.INNODB_TRX ORDER BY trx_started"))) {
        fail(snapshot, query);
        return false;
    }
    while (query.next()) {
        LockTransaction trx;
        trx.trxId = query.value(0).toString();
        trx.threadId = query.value(1).toLongLong();
        trx.state = query.value(2).toString();
        trx.waitingS = query.value(3).toDouble();
        trx.statement = query.value(4).toString().simplified();
        const Lock lock
            = waitingFor.contains(trx.trxId) ? waitingFor.value(trx.trxId) : holding.value(trx.trxId);
        trx.lockMode = lock.mode;
        trx.lockTable = lock.table;
        trx.lockRow = lock.row;
        trx.blockedBy = blockers.value(trx.trxId);
        snapshot.transactions.append(trx);
    }
    return true;
}

LockSnapshot LockInspector::sampleOnPostgres()
{
    // A row lock waiter on PostgreSQL waits for the holder's transaction id (the first in line)
    // or for the tuple lock the first waiter holds (those behind it). Who blocks whom comes from
    // one copy of pg_locks, taken once for the whole statement: pg_blocking_pids(), asked per
    // waiter, looked at a later moment than the waits it explained, and often found the holder
    // gone (a hold on a hot row lasts a few milliseconds), leaving a waiter at the chain's root.
    // A waiter's wait is its statement's age (pg_locks has no waitstart before PostgreSQL 14).
    LockSnapshot snapshot;
    QSqlQuery query(m_database);
    const bool counted
        = query.exec(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                    "AND datname = current_database()"));
    if (!counted && !m_database.isOpen())
        return snapshot; // the connection is lost: the run opens it again before its next look
    if (counted && query.next() && query.value(0).toInt() > LockSnapshot::kMostWaitersRead) {
        snapshot.waitersNotRead = query.value(0).toInt();
        return snapshot;
    }
    if (!query.exec(QStringLiteral(
            "WITH l AS MATERIALIZED (SELECT locktype, database, relation, page, tuple, transactionid, pid, "
            "mode, granted FROM pg_locks), "
            "w AS (SELECT * FROM l WHERE NOT granted), "
            "b AS (SELECT w.pid, string_agg(DISTINCT h.pid::text, ',') AS blockers FROM w JOIN l h "
            "ON h.granted AND h.pid <> w.pid AND h.locktype = w.locktype "
            "AND h.database IS NOT DISTINCT FROM w.database AND h.relation IS NOT DISTINCT FROM w.relation "
            "AND h.page IS NOT DISTINCT FROM w.page AND h.tuple IS NOT DISTINCT FROM w.tuple "
            "AND h.transactionid IS NOT DISTINCT FROM w.transactionid GROUP BY w.pid) "
            "SELECT a.pid, CASE WHEN w.pid IS NULL THEN 'RUNNING' ELSE 'LOCK WAIT' END, "
            "CASE WHEN w.pid IS NULL THEN 0 ELSE EXTRACT(EPOCH FROM clock_timestamp() - a.query_start) END, "
            "a.query, "
            "COALESCE(w.mode, ''), COALESCE(w.relation::regclass::text, ''), "
            "COALESCE(CASE w.locktype WHEN 'tuple' THEN 'tuple (' || w.page || ',' || w.tuple || ')' "
            "WHEN 'transactionid' THEN 'transaction ' || w.transactionid ELSE w.locktype END, ''), "
            "COALESCE(b.blockers, '') "
            "FROM pg_stat_activity a LEFT JOIN w ON w.pid = a.pid LEFT JOIN b ON b.pid = a.pid "
            "WHERE a.datname = current_database() AND a.backend_type = 'client backend' "
            "AND a.pid <> pg_backend_pid() AND a.xact_start IS NOT NULL ORDER BY a.xact_start"))) {
        snapshot.error = tr("cannot read the lock tables: %1").arg(SqlErrorText::of(query.lastError()));
        return snapshot;
    }
    while (query.next()) {
        LockTransaction trx;
        trx.trxId = query.value(0).toString(); // the backend's pid, as the blockers are named
        trx.threadId = query.value(0).toLongLong();
        trx.state = query.value(1).toString();
        trx.waitingS = query.value(2).toDouble();
        trx.statement = query.value(3).toString().simplified();
        trx.lockMode = query.value(4).toString();
        trx.lockTable = query.value(5).toString();
        trx.lockRow = query.value(6).toString();
        trx.blockedBy = query.value(7).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
        snapshot.transactions.append(trx);
    }
    return snapshot;
}
