#pragma once

#include <QString>
#include <QStringList>

// Where a strategy keeps its stock: one row per SKU, or N slot rows per SKU; or, for the claim
// workload, a table of tasks, each an "SKU" with a stock of one that its completion takes.
// Redis: the stock lives in Redis (redis-split); MariaDB keeps the SKUs and the orders only.
enum class StockLayout { Rows, Slots, Tasks, Redis };

// A stored routine a strategy needs in the lab's database (the procedure strategy's lab_sell):
// created by the lab, registered in lockbench_meta like its tables, never one it did not create.
struct LabRoutine {
    QString name; // e.g. "lab_sell"
    QString createSql; // CREATE PROCEDURE …
    QString createPostgresSql = {}; // the same as a PL/pgSQL function; empty: none there
};

// The tables every strategy shares (sku, orders) and the stock table of each layout.
namespace LabSchema {

QStringList tableNames(StockLayout layout);
QStringList allTableNames();
// CREATE TABLE statements (and indexes) of a layout, for MySQL or for PostgreSQL.
QStringList createStatements(StockLayout layout, bool postgres = false);
// Stock per SKU as (sku_id, stock), summed over slots where there are slots.
QString currentStockQuery(StockLayout layout);

} // namespace LabSchema
