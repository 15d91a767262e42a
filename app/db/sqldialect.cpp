#include "app/db/sqldialect.h"

namespace {

class MySqlDialect final : public SqlDialect {
public:
    QString setIsolation(const QString& isolation) const override
    {
        return QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL ") + isolation;
    }
    QString setLockWaitTimeout(int seconds) const override
    {
        return QStringLiteral("SET SESSION innodb_lock_wait_timeout = %1").arg(seconds);
    }
    QStringList readIsolation() const override
    {
        // MariaDB before 11.1 knows it as tx_isolation only.
        return { QStringLiteral("SELECT @@SESSION.transaction_isolation"),
            QStringLiteral("SELECT @@SESSION.tx_isolation") };
    }
    QString readLockWaitTimeout() const override
    {
        return QStringLiteral("SELECT @@SESSION.innodb_lock_wait_timeout");
    }
    QString probeCommitted() const override
    {
        return QStringLiteral("SELECT COUNT(*) FROM orders WHERE request_id = ? LOCK IN SHARE MODE");
    }

    QString takeNamedLock(const QString& quotedName) const override
    {
        return QStringLiteral("SELECT GET_LOCK(%1, 0)").arg(quotedName);
    }
    QString namedLockHolder(const QString& quotedName) const override
    {
        return QStringLiteral("SELECT IS_USED_LOCK(%1)").arg(quotedName);
    }
    QString releaseNamedLock(const QString& quotedName) const override
    {
        return QStringLiteral("DO RELEASE_LOCK(%1)").arg(quotedName);
    }
    QString describeConnection(std::int64_t connectionId) const override
    {
        return QStringLiteral("SELECT CONCAT_WS(CHAR(9), IFNULL(USER, ''), IFNULL(HOST, ''), "
                              "IFNULL(COMMAND, ''), IFNULL(TIME, 0)) "
                              "FROM information_schema.PROCESSLIST WHERE ID = %1")
            .arg(connectionId);
    }

    QString databaseExists() const override
    {
        return QStringLiteral("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?");
    }
    QString createDatabase(const QString& name) const override
    {
        return QStringLiteral("CREATE DATABASE `%1` CHARACTER SET utf8mb4").arg(name);
    }

    QString tableOptions() const override { return QStringLiteral(" ENGINE=InnoDB"); }
    QString scratchTableOptions() const override { return QStringLiteral(" ENGINE=MEMORY"); }
    QString listTables() const override
    {
        return QStringLiteral("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?");
    }
    QString insertUnlessPresent(
        const QString& table, const QString& columns, const QString& values) const override
    {
        return QStringLiteral("INSERT IGNORE INTO %1 (%2) VALUES (%3)").arg(table, columns, values);
    }
    QString addToSlotPresent() const override
    {
        return QStringLiteral(" ON DUPLICATE KEY UPDATE stock = stock + VALUES(stock)");
    }
    QString dropTable(const QString& name) const override
    {
        return QStringLiteral("DROP TABLE IF EXISTS %1").arg(name);
    }
    QString dropRoutine(const QString& name) const override
    {
        return QStringLiteral("DROP PROCEDURE IF EXISTS `%1`").arg(name);
    }
    QString routineSchemaColumn() const override { return QStringLiteral("ROUTINE_SCHEMA"); }
    QString beforeDroppingTables() const override
    {
        return QStringLiteral("SET SESSION foreign_key_checks = 0");
    }
    QString afterDroppingTables() const override
    {
        return QStringLiteral("SET SESSION foreign_key_checks = 1");
    }

    QString maxConnections() const override { return QStringLiteral("SELECT @@max_connections"); }
    QString connectedClients() const override
    {
        return QStringLiteral("SHOW GLOBAL STATUS LIKE 'Threads_connected'");
    }
    int connectedColumn() const override { return 1; }
    QString version() const override { return QStringLiteral("SELECT VERSION()"); }
    QString ping() const override { return QStringLiteral("DO 0"); }

    QString cancelStatement(unsigned long id) const override
    {
        return QStringLiteral("KILL QUERY %1").arg(id);
    }
    QString endConnection(unsigned long id) const override
    {
        return QStringLiteral("KILL CONNECTION %1").arg(id);
    }
    QString busyConnections() const override
    {
        return QStringLiteral("SELECT ID FROM information_schema.PROCESSLIST "
                              "WHERE COMMAND <> 'Sleep' AND ID <> CONNECTION_ID()");
    }
};

// PostgreSQL has no named locks: a lease is a session advisory lock on a 64-bit key hashed from
// the name, in the "postgres" database every lab connects to first. pg_locks shows such a key as
// classid (its high 32 bits) and objid (its low 32).
QString advisoryKey(const QString& quotedName)
{
    return QStringLiteral("hashtextextended(%1, 0)").arg(quotedName);
}

class PostgresDialect final : public SqlDialect {
public:
    QString setIsolation(const QString& isolation) const override
    {
        return QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL ") + isolation;
    }
    QString setLockWaitTimeout(int seconds) const override
    {
        return QStringLiteral("SET lock_timeout = '%1s'").arg(seconds);
    }
    QStringList readIsolation() const override { return { QStringLiteral("SHOW transaction_isolation") }; }
    QString readLockWaitTimeout() const override
    {
        return QStringLiteral("SELECT EXTRACT(EPOCH FROM current_setting('lock_timeout')::interval)::bigint");
    }
    QString probeCommitted() const override
    {
        // FOR SHARE is refused beside an aggregate: the rows are locked in a subquery.
        return QStringLiteral(
            "SELECT COUNT(*) FROM (SELECT 1 FROM orders WHERE request_id = ? FOR SHARE) AS committed");
    }

    QString takeNamedLock(const QString& quotedName) const override
    {
        return QStringLiteral("SELECT CASE WHEN pg_try_advisory_lock(%1) THEN 1 ELSE 0 END")
            .arg(advisoryKey(quotedName));
    }
    QString namedLockHolder(const QString& quotedName) const override
    {
        return QStringLiteral("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
                              "AND objsubid = 1 AND database = (SELECT oid FROM pg_database WHERE "
                              "datname = current_database()) AND ((classid::bigint << 32) | "
                              "objid::bigint) = %1")
            .arg(advisoryKey(quotedName));
    }
    QString releaseNamedLock(const QString& quotedName) const override
    {
        return QStringLiteral("SELECT pg_advisory_unlock(%1)").arg(advisoryKey(quotedName));
    }
    QString describeConnection(std::int64_t connectionId) const override
    {
        return QStringLiteral("SELECT concat_ws(chr(9), usename, COALESCE(host(client_addr), 'local'), "
                              "CASE WHEN state = 'idle' THEN 'Sleep' ELSE state END, "
                              "EXTRACT(EPOCH FROM now() - state_change)::bigint) "
                              "FROM pg_stat_activity WHERE pid = %1")
            .arg(connectionId);
    }

    QString databaseExists() const override
    {
        return QStringLiteral("SELECT COUNT(*) FROM pg_database WHERE datname = ?");
    }
    QString createDatabase(const QString& name) const override
    {
        return QStringLiteral("CREATE DATABASE \"%1\" ENCODING 'UTF8'").arg(name);
    }

    QString tableOptions() const override { return {}; }
    QString scratchTableOptions() const override { return {}; }
    QString listTables() const override
    {
        return QStringLiteral("SELECT table_name FROM information_schema.tables WHERE table_catalog = ? "
                              "AND table_schema = current_schema()");
    }
    QString insertUnlessPresent(
        const QString& table, const QString& columns, const QString& values) const override
    {
        return QStringLiteral("INSERT INTO %1 (%2) VALUES (%3) ON CONFLICT DO NOTHING")
            .arg(table, columns, values);
    }
    QString addToSlotPresent() const override
    {
        return QStringLiteral(
            " ON CONFLICT (sku_id, slot) DO UPDATE SET stock = inventory_slot.stock + EXCLUDED.stock");
    }
    QString dropTable(const QString& name) const override
    {
        return QStringLiteral("DROP TABLE IF EXISTS %1 CASCADE").arg(name);
    }
    QString dropRoutine(const QString& name) const override
    {
        return QStringLiteral("DROP FUNCTION IF EXISTS %1").arg(name);
    }
    QString routineSchemaColumn() const override
    {
        return QStringLiteral("ROUTINE_SCHEMA = current_schema() AND ROUTINE_CATALOG");
    }
    QString beforeDroppingTables() const override { return {}; }
    QString afterDroppingTables() const override { return {}; }

    QString maxConnections() const override { return QStringLiteral("SHOW max_connections"); }
    QString connectedClients() const override
    {
        // The reserved slots for superusers do not serve the clients: only client backends count.
        return QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'");
    }
    int connectedColumn() const override { return 0; }
    QString version() const override { return QStringLiteral("SHOW server_version"); }
    QString ping() const override { return QStringLiteral("SELECT 1"); }

    QString cancelStatement(unsigned long id) const override
    {
        return QStringLiteral("SELECT pg_cancel_backend(%1)").arg(id);
    }
    QString endConnection(unsigned long id) const override
    {
        return QStringLiteral("SELECT pg_terminate_backend(%1)").arg(id);
    }
    QString busyConnections() const override
    {
        return QStringLiteral(
            "SELECT pid FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()");
    }
};

} // namespace

const SqlDialect& SqlDialect::of(bool postgres)
{
    static const MySqlDialect mysql;
    static const PostgresDialect postgresql;
    if (postgres)
        return postgresql;
    return mysql;
}
