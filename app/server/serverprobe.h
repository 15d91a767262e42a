#pragma once

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QString>

#include <cstdint>
#include <optional>

// The server's own lock figures, cumulative since the server started.
struct ServerLockStats {
    std::int64_t rowLockWaits = 0; // lock_row_lock_waits, Innodb_row_lock_waits
    std::int64_t rowLockTimeMs = 0; // lock_row_lock_time, Innodb_row_lock_time
    std::int64_t deadlocks = 0; // lock_deadlocks, Innodb_deadlocks (MariaDB)
    std::int64_t waitingNow = 0; // transactions waiting for a row lock at this instant
    // PostgreSQL keeps no count or time of lock waits: the figures built from them say "not counted"
    // (-1) rather than a 0 the server never measured.
    bool countsWaits = true;
};

// Reads ServerLockStats on MariaDB and MySQL 8, which keep them in different places, and on
// PostgreSQL, which keeps only the deadlocks and the waiters of the moment.
class ServerProbe {
    Q_DECLARE_TR_FUNCTIONS(ServerProbe)

public:
    ServerProbe(QSqlDatabase database, bool mariaDb);
    std::optional<ServerLockStats> read(QString* error);

private:
    std::optional<ServerLockStats> readStatus(QString* error); // SHOW GLOBAL STATUS
    std::optional<ServerLockStats> readPostgres(QString* error);
    QSqlDatabase m_database;
    bool m_mariaDb;
};
