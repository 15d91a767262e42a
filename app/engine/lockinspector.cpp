#include "lockinspector.h"

#include <QHash>
#include <QSqlError>
#include <QSqlQuery>

LockInspector::LockInspector(QSqlDatabase database, bool mariaDb)
    : m_database(std::move(database))
    , m_mariaDb(mariaDb)
{
}

QString LockInspector::missingPrivilegeMessage()
{
    return QStringLiteral("The lock inspector needs the PROCESS privilege to read INNODB_TRX and the lock tables; "
                          "this account does not have it (GRANT PROCESS ON *.* TO the lab's user). "
                          "The run itself is not affected.");
}

LockSnapshot LockInspector::sample()
{
    LockSnapshot snapshot;
    if (m_mariaDb)
        readMariaDb(snapshot);
    else
        readMySql(snapshot);
    return snapshot;
}

void LockInspector::fail(LockSnapshot& snapshot, const QSqlQuery& query)
{
    const QString code = query.lastError().nativeErrorCode();
    // 1227: access denied, you need the PROCESS privilege; 1142/1044: no access to the table.
    if (code == QLatin1String("1227") || code == QLatin1String("1142") || code == QLatin1String("1044"))
        snapshot.error = missingPrivilegeMessage();
    else
        snapshot.error = QStringLiteral("cannot read the lock tables: %1").arg(query.lastError().text());
}

bool LockInspector::readMariaDb(LockSnapshot& snapshot)
{
    QSqlQuery query(m_database);
    // Locks first: INNODB_LOCKS lists the locks that someone waits for and the locks in their way.
    struct Lock {
        QString trx, mode, table, row;
    };
    QHash<QString, Lock> locksById;
    QHash<QString, Lock> heldByTrx;
    if (!query.exec(QStringLiteral("SELECT lock_id, lock_trx_id, lock_mode, lock_table, lock_data FROM information_schema.INNODB_LOCKS"))) {
        fail(snapshot, query);
        return false;
    }
    while (query.next()) {
        const Lock lock { query.value(1).toString(), query.value(2).toString(), query.value(3).toString(), query.value(4).toString() };
        locksById.insert(query.value(0).toString(), lock);
        heldByTrx.insert(lock.trx, lock);
    }
    QHash<QString, QStringList> blockers;
    if (!query.exec(QStringLiteral("SELECT requesting_trx_id, blocking_trx_id FROM information_schema.INNODB_LOCK_WAITS"))) {
        fail(snapshot, query);
        return false;
    }
    while (query.next())
        blockers[query.value(0).toString()] << query.value(1).toString();

    if (!query.exec(QStringLiteral(
            "SELECT trx_id, trx_mysql_thread_id, trx_state, "
            "COALESCE(TIMESTAMPDIFF(SECOND, trx_wait_started, NOW()), 0), trx_query, trx_requested_lock_id "
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
        const Lock lock = query.value(5).isNull() ? heldByTrx.value(trx.trxId) : locksById.value(query.value(5).toString());
        trx.lockMode = lock.mode;
        trx.lockTable = lock.table;
        trx.lockRow = lock.row;
        trx.blockedBy = blockers.value(trx.trxId);
        snapshot.transactions.append(trx);
    }
    return true;
}

bool LockInspector::readMySql(LockSnapshot& snapshot)
{
    QSqlQuery query(m_database);
    struct Lock {
        QString mode, table, row;
    };
    QHash<QString, Lock> waitingLock;
    QHash<QString, Lock> grantedLock;
    if (!query.exec(QStringLiteral(
            "SELECT ENGINE_TRANSACTION_ID, LOCK_MODE, LOCK_STATUS, CONCAT('`', OBJECT_SCHEMA, '`.`', OBJECT_NAME, '`'), LOCK_DATA "
            "FROM performance_schema.data_locks WHERE LOCK_TYPE = 'RECORD'"))) {
        fail(snapshot, query);
        return false;
    }
    while (query.next()) {
        const Lock lock { query.value(1).toString(), query.value(3).toString(), query.value(4).toString() };
        if (query.value(2).toString() == QLatin1String("WAITING"))
            waitingLock.insert(query.value(0).toString(), lock);
        else if (!grantedLock.contains(query.value(0).toString()))
            grantedLock.insert(query.value(0).toString(), lock);
    }
    QHash<QString, QStringList> blockers;
    if (!query.exec(QStringLiteral("SELECT REQUESTING_ENGINE_TRANSACTION_ID, BLOCKING_ENGINE_TRANSACTION_ID FROM performance_schema.data_lock_waits"))) {
        fail(snapshot, query);
        return false;
    }
    while (query.next())
        blockers[query.value(0).toString()] << query.value(1).toString();
    if (!query.exec(QStringLiteral(
            "SELECT trx_id, trx_mysql_thread_id, trx_state, "
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
        const Lock lock = waitingLock.contains(trx.trxId) ? waitingLock.value(trx.trxId) : grantedLock.value(trx.trxId);
        trx.lockMode = lock.mode;
        trx.lockTable = lock.table;
        trx.lockRow = lock.row;
        trx.blockedBy = blockers.value(trx.trxId);
        snapshot.transactions.append(trx);
    }
    return true;
}
