#include "app/db/labdatabase.h"

#include "app/core/experiment.h"
#include "app/core/quotedvalue.h"

#include "app/db/labschema.h"
#include "app/db/sqldialect.h"
#include "app/db/sqlerrortext.h"

#include <QSqlError>
#include <QSqlQuery>

LabDatabase::LabDatabase(ConnectionParams params)
    : m_params(std::move(params))
{
}

bool LabDatabase::open(QString* error)
{
    // Checked again here, however the name arrived: it goes between backticks below.
    const QString database = m_params.database;
    if (!isValidDatabaseName(database)) {
        *error = tr("the database name must be 1 to 64 letters, digits or underscores (got %1)")
                     .arg(QuotedValue::quoted(database));
        return false;
    }
    if (!m_connection.open(m_params, false, error))
        return false;
    const bool postgres = m_params.isPostgres();
    if (!postgres && !checkInnoDb(error))
        return false;
    int found = 0;
    { // finished before useDatabase(), which on PostgreSQL opens another connection
        QSqlQuery exists(m_connection.database());
        exists.prepare(SqlDialect::of(postgres).databaseExists());
        exists.addBindValue(database);
        if (!exists.exec() || !exists.next()) {
            *error = tr("cannot look up database %1: %2").arg(database, SqlErrorText::of(exists.lastError()));
            return false;
        }
        found = exists.value(0).toInt();
    }
    if (found == 0 && !m_connection.exec(SqlDialect::of(postgres).createDatabase(database), error)) {
        *error = tr("cannot create database %1 (does the account have the CREATE privilege?): %2")
                     .arg(database, *error);
        return false;
    }
    if (!m_connection.useDatabase(database, error))
        return false;
    return checkOwnership(error);
}

bool LabDatabase::checkConnectionLimit(long long needed, int ownOpen, QString* error)
{
    const SqlDialect& dialect = SqlDialect::of(m_params.isPostgres());
    QSqlQuery query(m_connection.database());
    if (!query.exec(dialect.maxConnections()) || !query.next())
        return true; // not fatal: the connects themselves will say so
    const long long limit = query.value(0).toLongLong();
    if (needed > limit) {
        *error = tr("the server allows %1 connections (max_connections) but this experiment needs %2; "
                    "lower the client count or raise max_connections")
                     .arg(limit)
                     .arg(needed);
        return false;
    }
    // Other clients' connections count against the same limit.
    if (!query.exec(dialect.connectedClients()) || !query.next())
        return true;
    const long long others = std::max(0LL, query.value(dialect.connectedColumn()).toLongLong() - ownOpen);
    if (needed > limit - others) {
        *error = tr(
            "the server allows %1 connections (max_connections), other clients hold %2 of them, and this "
            "experiment needs %3; lower the client count, wait for them to finish, or raise max_connections")
                     .arg(limit)
                     .arg(others)
                     .arg(needed);
        return false;
    }
    return true;
}

bool LabDatabase::revive(QString* error, const std::function<bool()>& mayConnect)
{
    if (m_connection.isAlive())
        return true;
    if (mayConnect && !mayConnect()) {
        *error = tr("the server is not answering");
        return false;
    }
    return m_connection.reopen(error) && m_connection.useDatabase(m_params.database, error);
}

bool LabDatabase::checkInnoDb(QString* error)
{
    QSqlQuery query(m_connection.database());
    if (!query.exec(
            QStringLiteral("SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = 'InnoDB'"))) {
        *error = tr("cannot check for InnoDB: %1").arg(SqlErrorText::of(query.lastError()));
        return false;
    }
    const QString support = query.next() ? query.value(0).toString().toUpper() : QString();
    if (support != QLatin1String("YES") && support != QLatin1String("DEFAULT")) {
        *error = tr("the server has no InnoDB engine (support: %1); the lab studies InnoDB row locks")
                     .arg(support.isEmpty() ? tr("absent") : support);
        return false;
    }
    return true;
}

bool LabDatabase::checkOwnership(QString* error)
{
    QSqlQuery tables(m_connection.database());
    tables.prepare(SqlDialect::of(m_params.isPostgres()).listTables());
    tables.addBindValue(m_params.database);
    if (!tables.exec()) {
        *error = tr("cannot list the tables of %1: %2")
                     .arg(m_params.database, SqlErrorText::of(tables.lastError()));
        return false;
    }
    QStringList present;
    while (tables.next())
        present << tables.value(0).toString();

    QStringList owned;
    if (present.contains(metaTable())) {
        QSqlQuery meta(m_connection.database());
        if (!meta.exec(QStringLiteral("SELECT table_name FROM lockbench_meta"))) {
            *error = tr("cannot read lockbench_meta: %1").arg(SqlErrorText::of(meta.lastError()));
            return false;
        }
        while (meta.next())
            owned << meta.value(0).toString();
    }
    QStringList foreign;
    for (const QString& table : present) {
        if (table != metaTable() && !owned.contains(table))
            foreign << table;
    }
    if (!foreign.isEmpty()) {
        foreign.sort();
        *error = tr("database %1 holds tables lockbench did not create (%2); the lab will not touch them. "
                    "Choose another database (mysql://…/otherdb) or remove those tables.")
                     .arg(m_params.database, foreign.join(QStringLiteral(", ")));
        return false;
    }
    return m_connection.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS lockbench_meta ("
                                            "table_name VARCHAR(64) NOT NULL PRIMARY KEY, "
                                            "created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)")
            + SqlDialect::of(m_params.isPostgres()).tableOptions(),
        error);
}

bool LabDatabase::prepareTables(
    StockLayout layout, const Experiment& experiment, QString* error, FillProgress* progress)
{
    if (!checkOwnership(error) || !dropOwnTables(error))
        return false;
    for (const QString& table : LabSchema::allTableNames()) {
        if (!m_connection.exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(table), error)
            || !m_connection.exec(
                QStringLiteral("DELETE FROM lockbench_meta WHERE table_name = '%1'").arg(table), error))
            return false;
    }
    const QStringList names = LabSchema::tableNames(layout);
    for (const QString& name : names) {
        // Registered before creation: a table is never left unowned by a failure in between.
        if (!m_connection.exec(
                QStringLiteral("INSERT INTO lockbench_meta (table_name) VALUES ('%1')").arg(name), error))
            return false;
    }
    for (const QString& create : LabSchema::createStatements(layout, m_params.isPostgres())) {
        if (!m_connection.exec(create, error))
            return false;
    }
    return seed(layout, experiment, progress, error);
}

bool LabDatabase::prepareRoutines(const QList<LabRoutine>& routines, QString* error)
{
    const bool postgres = m_params.isPostgres();
    for (const LabRoutine& routine : routines) {
        if (routine.sqlOn(postgres).isEmpty())
            continue; // none on this engine: the statements that call it say so as they are prepared
        const QString entry = QStringLiteral("routine ") + routine.name;
        QSqlQuery present(m_connection.database());
        present.prepare(QStringLiteral("SELECT (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE "
                                       "%1 = ? AND ROUTINE_NAME = ?), "
                                       "(SELECT COUNT(*) FROM lockbench_meta WHERE table_name = ?)")
                            .arg(SqlDialect::of(postgres).routineSchemaColumn()));
        present.addBindValue(m_params.database);
        present.addBindValue(routine.name);
        present.addBindValue(entry);
        if (!present.exec() || !present.next()) {
            *error = tr("cannot look for the routine %1: %2")
                         .arg(routine.name, SqlErrorText::of(present.lastError()));
            return false;
        }
        if (present.value(0).toInt() > 0 && present.value(1).toInt() == 0) {
            *error = tr(
                "database %1 holds a routine %2 that lockbench did not create; the lab will not touch it. "
                "Choose another database (mysql://…/otherdb) or drop it.")
                         .arg(m_params.database, routine.name);
            return false;
        }
        // Registered before creation, as the tables are: never left unowned by a failure in between.
        if (!registerOwned(entry, error)
            || !m_connection.exec(SqlDialect::of(postgres).dropRoutine(routine.name), error))
            return false;
        if (!m_connection.exec(routine.sqlOn(postgres), error)) {
            *error = tr("cannot create the stored procedure %1 (the account needs CREATE ROUTINE on %2): %3")
                         .arg(routine.name, m_params.database, *error);
            return false;
        }
    }
    return true;
}

bool LabDatabase::registerOwned(const QString& entry, QString* error)
{
    return m_connection.exec(SqlDialect::of(m_params.isPostgres())
                                 .insertUnlessPresent(metaTable(), QStringLiteral("table_name"),
                                     QStringLiteral("'%1'").arg(entry)),
        error);
}

bool LabDatabase::isLabTable(const QString& name)
{
    return name.compare(metaTable(), Qt::CaseInsensitive) == 0
        || LabSchema::allTableNames().contains(name, Qt::CaseInsensitive);
}

bool LabDatabase::dropOwnTables(QString* error)
{
    QSqlQuery meta(m_connection.database());
    if (!meta.exec(QStringLiteral("SELECT table_name FROM lockbench_meta"))) {
        *error = tr("cannot read lockbench_meta: %1").arg(SqlErrorText::of(meta.lastError()));
        return false;
    }
    QStringList own;
    while (meta.next()) {
        const QString name = meta.value(0).toString();
        if (!isLabTable(name) && !name.contains(QLatin1Char(' '))) // "routine NAME" is a routine
            own << name;
    }
    meta.finish();
    if (own.isEmpty())
        return true;
    // They may refer to each other as well as to the lab's tables.
    const SqlDialect& dialect = SqlDialect::of(m_params.isPostgres());
    if (!dialect.beforeDroppingTables().isEmpty()
        && !m_connection.exec(dialect.beforeDroppingTables(), error))
        return false;
    bool dropped = true;
    for (const QString& name : own) {
        dropped = dropped && m_connection.exec(dialect.dropTable(name), error)
            && m_connection.exec(
                QStringLiteral("DELETE FROM lockbench_meta WHERE table_name = '%1'").arg(name), error);
    }
    QString restoreError;
    const bool restored = dialect.afterDroppingTables().isEmpty()
        || m_connection.exec(dialect.afterDroppingTables(), &restoreError);
    if (dropped && !restored)
        *error = restoreError;
    return dropped && restored;
}

bool LabDatabase::prepareOwnTables(const QList<LabTable>& tables, QString* error)
{
    const bool postgres = m_params.isPostgres();
    for (const LabTable& table : tables) {
        if (table.sqlOn(postgres).isEmpty())
            continue;
        if (isLabTable(table.name)) {
            *error = tr("the strategy's table %1 has the name of one of the lab's own tables (%2); give it "
                        "another")
                         .arg(table.name, LabSchema::allTableNames().join(QStringLiteral(", ")));
            return false;
        }
        // Registered before creation, as the lab's tables are.
        if (!registerOwned(table.name, error)
            || !m_connection.exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(table.name), error))
            return false;
        if (!m_connection.exec(table.sqlOn(postgres), error)) {
            *error = tr("cannot create the strategy's table %1: %2").arg(table.name, *error);
            return false;
        }
    }
    return true;
}

bool LabDatabase::checkInvariants(const QList<LabInvariant>& invariants, QString* error)
{
    const bool postgres = m_params.isPostgres();
    for (const LabInvariant& invariant : invariants) {
        if (invariant.sqlOn(postgres).isEmpty())
            continue;
        QSqlQuery query(m_connection.database());
        if (!query.prepare(invariant.sqlOn(postgres))) {
            *error = tr("the invariant %1 cannot run on this server: %2")
                         .arg(invariant.name, SqlErrorText::of(query.lastError()));
            return false;
        }
    }
    return true;
}

std::int64_t LabDatabase::rowsToFill(StockLayout layout, const Experiment& e)
{
    switch (layout) {
    case StockLayout::Slots:
        return e.skus + e.skus * e.slotsPerSku;
    case StockLayout::Tasks:
        return 2 * e.tasks;
    case StockLayout::Redis:
        return e.skus;
    case StockLayout::Rows:
        break;
    }
    return 2 * e.skus;
}

bool LabDatabase::seed(StockLayout layout, const Experiment& e, FillProgress* progress, QString* error)
{
    if (progress)
        progress->start(rowsToFill(layout, e));
    if (layout == StockLayout::Tasks) {
        // Each task is an "SKU" of stock 1 in the audit's eyes: completed twice is oversold,
        // marked done with no completion row is a lost update.
        return insertRows(
                   QStringLiteral("INSERT INTO sku (sku_id, initial_stock) VALUES "), QString(), e.tasks,
                   [](std::int64_t i) { return QStringLiteral("(%1,1)").arg(i + 1); }, progress, error)
            && insertRows(
                QStringLiteral("INSERT INTO tasks (task_id) VALUES "), QString(), e.tasks,
                [](std::int64_t i) { return QStringLiteral("(%1)").arg(i + 1); }, progress, error);
    }
    if (!insertRows(
            QStringLiteral("INSERT INTO sku (sku_id, initial_stock) VALUES "), QString(), e.skus,
            [&](std::int64_t i) { return QStringLiteral("(%1,%2)").arg(i + 1).arg(e.initialStock); },
            progress, error))
        return false;
    if (layout == StockLayout::Redis) // the stock itself goes into Redis, by the strategy
        return true;
    if (layout == StockLayout::Rows) {
        return insertRows(
            QStringLiteral("INSERT INTO inventory (sku_id, stock, version) VALUES "), QString(), e.skus,
            [&](std::int64_t i) { return QStringLiteral("(%1,%2,0)").arg(i + 1).arg(e.initialStock); },
            progress, error);
    }
    // Slot rows go in through the restock upsert, in bulk; the stock is spread evenly.
    const std::int64_t perSlot = e.initialStock / e.slotsPerSku;
    const std::int64_t remainder = e.initialStock % e.slotsPerSku;
    const QString upsert = SqlDialect::of(m_params.isPostgres()).addToSlotPresent();
    return insertRows(
        QStringLiteral("INSERT INTO inventory_slot (sku_id, slot, stock) VALUES "), upsert,
        e.skus * e.slotsPerSku,
        [&](std::int64_t i) {
            const std::int64_t slot = i % e.slotsPerSku;
            return QStringLiteral("(%1,%2,%3)")
                .arg(i / e.slotsPerSku + 1)
                .arg(slot)
                .arg(perSlot + (slot < remainder ? 1 : 0));
        },
        progress, error);
}

bool LabDatabase::insertRows(const QString& head, const QString& tail, std::int64_t count,
    const std::function<QString(std::int64_t)>& row, FillProgress* progress, QString* error)
{
    constexpr std::int64_t kRowsPerStatement = 5000;
    for (std::int64_t start = 0; start < count; start += kRowsPerStatement) {
        if (progress && progress->stopRequested()) {
            *error = tr("stopped while filling the tables, after %1 of %2 rows")
                         .arg(progress->done())
                         .arg(progress->total());
            return false;
        }
        QString sql = head;
        const std::int64_t end = std::min(count, start + kRowsPerStatement);
        for (std::int64_t i = start; i < end; ++i) {
            if (i > start)
                sql += QLatin1Char(',');
            sql += row(i);
        }
        sql += tail;
        if (!m_connection.exec(sql, error))
            return false;
        if (progress)
            progress->add(end - start);
    }
    return true;
}
