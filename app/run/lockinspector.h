#pragma once

#include "app/core/locksnapshot.h"

#include <QCoreApplication>
#include <QSqlDatabase>

// Reads who holds and who waits for row locks: INNODB_TRX with INNODB_LOCKS and
// INNODB_LOCK_WAITS on MariaDB; INNODB_TRX with performance_schema data_locks and
// data_lock_waits on MySQL 8. Without the PROCESS privilege it says so instead of failing.
class LockInspector {
    Q_DECLARE_TR_FUNCTIONS(LockInspector)

public:
    LockInspector(QSqlDatabase database, bool mariaDb);
    LockSnapshot sample();

    static QString missingPrivilegeMessage();

private:
    bool read(LockSnapshot& snapshot, const QString& locksSql, const QString& waitsSql);
    void fail(LockSnapshot& snapshot, const class QSqlQuery& query);

    QSqlDatabase m_database;
    bool m_mariaDb;
};
