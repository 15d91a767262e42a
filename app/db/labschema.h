#pragma once

#include <QString>
#include <QStringList>

// Where a strategy keeps its stock: one row per SKU, or N slot rows per SKU; or, for the claim
// workload, a table of tasks, each an "SKU" with a stock of one that its completion takes.
// Redis: the stock lives in Redis (redis-split); MariaDB keeps the SKUs and the orders only.
enum class StockLayout { Rows, Slots, Tasks, Redis };

// A named statement a strategy gives the lab beside its orders, as written for each engine (empty:
// none there). Created or run by the lab in its own database, registered in lockbench_meta, never
// touching what the lab did not create.
struct LabDefinition {
    QString name; // e.g. "lab_sell"
    QString mysqlSql; // MariaDB and MySQL
    QString postgresSql = {};

    const QString& sqlOn(bool postgres) const { return postgres ? postgresSql : mysqlSql; }
};
// A stored routine (the procedure strategy's lab_sell): CREATE PROCEDURE, or a PL/pgSQL function.
using LabRoutine = LabDefinition;
// A table of a strategy file's own (CREATE TABLE), made afresh before each of its runs.
using LabTable = LabDefinition;
// A query that must return no row once a run is over, checked with the closing audit.
using LabInvariant = LabDefinition;

// The tables every strategy shares (sku, orders) and the stock table of each layout.
namespace LabSchema {

QStringList tableNames(StockLayout layout);
QStringList allTableNames();
// CREATE TABLE statements (and indexes) of a layout, for MySQL or for PostgreSQL.
QStringList createStatements(StockLayout layout, bool postgres = false);
// Stock per SKU as (sku_id, stock), summed over slots where there are slots.
QString currentStockQuery(StockLayout layout);

} // namespace LabSchema
