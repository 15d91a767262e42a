#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>

// The lab's own SQL where the engines differ, each engine's in one place: MySQL and MariaDB
// share theirs (sqldialect.cpp, MySqlDialect), PostgreSQL has its own (PostgresDialect). The
// session's settings and its look-up of a commit, the lease, the schema and its routines, the
// connection limits, the version and a ping read their statements from here, never from a
// branch on the engine of their own.
class SqlDialect {
public:
    virtual ~SqlDialect() = default;
    static const SqlDialect& of(bool postgres);

    // A client session: its isolation ("REPEATABLE READ"), its lock wait limit, queries that read
    // both back (the isolation's tried in turn until one answers), and whether the order row
    // `request_id = ?` is committed, read under a shared lock so that a commit under way is
    // waited for rather than missed.
    virtual QString setIsolation(const QString& isolation) const = 0;
    virtual QString setLockWaitTimeout(int seconds) const = 0;
    virtual QStringList readIsolation() const = 0;
    virtual QString readLockWaitTimeout() const = 0;
    virtual QString probeCommitted() const = 0;

    // The lease, a lock named by the quoted `name` held by one connection: taken without
    // waiting (1 when taken), its holder's connection id (NULL when free), given back; and what
    // a connection is doing: user, host, command ("Sleep" when idle) and seconds, tab-separated.
    virtual QString takeNamedLock(const QString& quotedName) const = 0;
    virtual QString namedLockHolder(const QString& quotedName) const = 0;
    virtual QString releaseNamedLock(const QString& quotedName) const = 0;
    virtual QString describeConnection(std::int64_t connectionId) const = 0;

    // The database: whether one of the name `?` exists (a count), and its creation in UTF-8.
    virtual QString databaseExists() const = 0;
    virtual QString createDatabase(const QString& name) const = 0;

    // The names of the database `?`'s tables, one a row (on PostgreSQL, of its current schema).
    virtual QString listTables() const = 0;
    // An insert of `values` into `table` (`columns`) that skips a row already there.
    virtual QString insertUnlessPresent(
        const QString& table, const QString& columns, const QString& values) const = 0;
    // What follows a bulk insert of slot rows so that a row already there gains the stock instead.
    virtual QString addToSlotPresent() const = 0;

    // The schema: what follows a table's definition (its storage engine), a scratch table kept
    // in memory, how a table and a routine are dropped, and how information_schema.ROUTINES
    // names the database's schema.
    virtual QString tableOptions() const = 0;
    virtual QString scratchTableOptions() const = 0;
    virtual QString dropTable(const QString& name) const = 0;
    virtual QString dropRoutine(const QString& name) const = 0;
    virtual QString routineSchemaColumn() const = 0;
    // Around dropping the lab's tables (whose foreign keys would stop the first): empty where none.
    virtual QString beforeDroppingTables() const = 0;
    virtual QString afterDroppingTables() const = 0;

    // The server: its connection limit, the client connections open now (the count in column
    // `connectedColumn()`), its version, and the cheapest statement that reaches it.
    virtual QString maxConnections() const = 0;
    virtual QString connectedClients() const = 0;
    virtual int connectedColumn() const = 0;
    virtual QString version() const = 0;
    virtual QString ping() const = 0;

    // Other connections: ending the statement of connection `id`, or the connection; the ids of
    // those running a statement now, this one left out.
    virtual QString cancelStatement(unsigned long id) const = 0;
    virtual QString endConnection(unsigned long id) const = 0;
    virtual QString busyConnections() const = 0;
};
