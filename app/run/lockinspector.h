#pragma once

#include "app/core/locksnapshot.h"

#include <QCoreApplication>
#include <QSqlDatabase>

// Reads who holds and who waits for row locks: INNODB_TRX with INNODB_LOCKS and
// INNODB_LOCK_WAITS on MariaDB; INNODB_TRX with performance_schema data_locks and
// data_lock_waits on MySQL 8; pg_stat_activity with one copy of pg_locks on PostgreSQL, where
// a transaction is named by its backend's pid. Without the PROCESS privilege it says so
// instead of failing. The server copies its lock tables while it holds InnoDB's lock system, and names every
// transaction ahead of a waiter as a blocker: with 4,000 waiters on one row a copy took about a
// second, during which no transaction could commit (orders/s fell from hundreds to 4). Beyond
// LockSnapshot::kMostWaitersRead waiters it therefore reads only their number.
class LockInspector {
    Q_DECLARE_TR_FUNCTIONS(LockInspector)

public:
    // `mysqlLockTables`: where MySQL 8's data_locks and data_lock_waits are read (a test points
    // it at tables it filled in their documented form).
    LockInspector(
        QSqlDatabase database, bool mariaDb, QString mysqlLockTables = QStringLiteral("performance_schema"));
    LockSnapshot sample();

    static QString missingPrivilegeMessage();

private:
    LockSnapshot sampleOnPostgres();
    bool read(LockSnapshot& snapshot, const QString& locksSql, const QString& waitsSql);
    void fail(LockSnapshot& snapshot, const class QSqlQuery& query);

    QSqlDatabase m_database;
    bool m_mariaDb;
    QString m_mysqlLockTables;
};
