#include "app/db/labschema.h"

namespace {

const QString kSku = QStringLiteral("CREATE TABLE sku (\n"
                                    "  sku_id BIGINT NOT NULL PRIMARY KEY,\n"
                                    "  initial_stock BIGINT NOT NULL\n"
                                    ") ENGINE=InnoDB");

const QString kOrders = QStringLiteral("CREATE TABLE orders (\n"
                                       "  request_id BIGINT NOT NULL PRIMARY KEY,\n"
                                       "  sku_id BIGINT NOT NULL,\n"
                                       "  qty INT NOT NULL,\n"
                                       "  created_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)\n"
                                       ") ENGINE=InnoDB");

const QString kInventory = QStringLiteral("CREATE TABLE inventory (\n"
                                          "  sku_id BIGINT NOT NULL PRIMARY KEY,\n"
                                          "  stock BIGINT NOT NULL,\n"
                                          "  version BIGINT NOT NULL DEFAULT 0\n"
                                          ") ENGINE=InnoDB");

// Keyed by (sku_id, slot) with no AUTO_INCREMENT column: INSERT … SELECT … ON DUPLICATE KEY
// would otherwise take the table-wide AUTO-INC lock on every sale, and InnoDB reports a
// deadlock on that lock as error 1467 ("Failed to read auto-increment value").
const QString kInventorySlot = QStringLiteral("CREATE TABLE inventory_slot (\n"
                                              "  sku_id BIGINT NOT NULL,\n"
                                              "  slot INT NOT NULL,\n"
                                              "  stock BIGINT NOT NULL,\n"
                                              "  PRIMARY KEY (sku_id, slot)\n"
                                              ") ENGINE=InnoDB");

// The claim workload's work queue: status 0 pending, 1 claimed (owner and claimed_at set, by
// claim-update), 2 done. Indexed by status so that a claim reads the pending rows in id order
// without scanning the done ones, and by owner for claim-update's read-back and the sweeper.
const QString kTasks = QStringLiteral("CREATE TABLE tasks (\n"
                                      "  task_id BIGINT NOT NULL PRIMARY KEY,\n"
                                      "  status TINYINT NOT NULL DEFAULT 0,\n"
                                      "  owner BIGINT NULL,\n"
                                      "  claimed_at TIMESTAMP(6) NULL,\n"
                                      "  released INT NOT NULL DEFAULT 0,\n"
                                      "  KEY by_status (status),\n"
                                      "  KEY by_owner (owner)\n"
                                      ") ENGINE=InnoDB");

// PostgreSQL has no TINYINT and no index inside CREATE TABLE.
const QString kTasksPostgres = QStringLiteral("CREATE TABLE tasks (\n"
                                              "  task_id BIGINT NOT NULL PRIMARY KEY,\n"
                                              "  status SMALLINT NOT NULL DEFAULT 0,\n"
                                              "  owner BIGINT NULL,\n"
                                              "  claimed_at TIMESTAMP(6) NULL,\n"
                                              "  released INT NOT NULL DEFAULT 0\n"
                                              ")");
const QStringList kTaskIndexesPostgres = { QStringLiteral("CREATE INDEX by_status ON tasks (status)"),
    QStringLiteral("CREATE INDEX by_owner ON tasks (owner)") };

// The same table on PostgreSQL: no storage engine to name.
QString withoutEngine(QString create)
{
    return create.remove(QStringLiteral(" ENGINE=InnoDB"));
}

QString stockTable(StockLayout layout)
{
    switch (layout) {
    case StockLayout::Slots:
        return QStringLiteral("inventory_slot");
    case StockLayout::Tasks:
        return QStringLiteral("tasks");
    case StockLayout::Redis:
    case StockLayout::Rows:
        break;
    }
    return QStringLiteral("inventory");
}

} // namespace

namespace LabSchema {

QStringList tableNames(StockLayout layout)
{
    if (layout == StockLayout::Redis)
        return { QStringLiteral("sku"), QStringLiteral("orders") };
    return { QStringLiteral("sku"), QStringLiteral("orders"), stockTable(layout) };
}

QStringList allTableNames()
{
    return { QStringLiteral("sku"), QStringLiteral("orders"), QStringLiteral("inventory"),
        QStringLiteral("inventory_slot"), QStringLiteral("tasks") };
}

QStringList createStatements(StockLayout layout, bool postgres)
{
    if (postgres) {
        if (layout == StockLayout::Tasks)
            return QStringList { withoutEngine(kSku), withoutEngine(kOrders), kTasksPostgres }
            + kTaskIndexesPostgres;
        QStringList statements;
        for (const QString& create : createStatements(layout, false))
            statements << withoutEngine(create);
        return statements;
    }
    switch (layout) {
    case StockLayout::Slots:
        return { kSku, kOrders, kInventorySlot };
    case StockLayout::Tasks:
        return { kSku, kOrders, kTasks };
    case StockLayout::Redis:
        return { kSku, kOrders };
    case StockLayout::Rows:
        break;
    }
    return { kSku, kOrders, kInventory };
}

QString currentStockQuery(StockLayout layout)
{
    if (layout == StockLayout::Rows)
        return QStringLiteral("SELECT sku_id, stock FROM inventory");
    if (layout == StockLayout::Tasks) // a task not yet done still has its one unit of work
        return QStringLiteral(
            "SELECT task_id AS sku_id, CASE WHEN status = 2 THEN 0 ELSE 1 END AS stock FROM tasks");
    if (layout == StockLayout::Redis) // filled from Redis by the audit, in its own session
        return QStringLiteral("SELECT sku_id, stock FROM redis_stock");
    return QStringLiteral("SELECT sku_id, SUM(stock) AS stock FROM inventory_slot GROUP BY sku_id");
}

} // namespace LabSchema
