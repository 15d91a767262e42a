#include "app/db/labschema.h"

namespace {

const QString kSku = QStringLiteral(
    "CREATE TABLE sku (\n"
    "  sku_id BIGINT NOT NULL PRIMARY KEY,\n"
    "  initial_stock BIGINT NOT NULL\n"
    ") ENGINE=InnoDB");

const QString kOrders = QStringLiteral(
    "CREATE TABLE orders (\n"
    "  request_id BIGINT NOT NULL PRIMARY KEY,\n"
    "  sku_id BIGINT NOT NULL,\n"
    "  qty INT NOT NULL,\n"
    "  created_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)\n"
    ") ENGINE=InnoDB");

const QString kInventory = QStringLiteral(
    "CREATE TABLE inventory (\n"
    "  sku_id BIGINT NOT NULL PRIMARY KEY,\n"
    "  stock BIGINT NOT NULL,\n"
    "  version BIGINT NOT NULL DEFAULT 0\n"
    ") ENGINE=InnoDB");

// Keyed by (sku_id, slot) with no AUTO_INCREMENT column: INSERT … SELECT … ON DUPLICATE KEY
// would otherwise take the table-wide AUTO-INC lock on every sale, and InnoDB reports a
// deadlock on that lock as error 1467 ("Failed to read auto-increment value").
const QString kInventorySlot = QStringLiteral(
    "CREATE TABLE inventory_slot (\n"
    "  sku_id BIGINT NOT NULL,\n"
    "  slot INT NOT NULL,\n"
    "  stock BIGINT NOT NULL,\n"
    "  PRIMARY KEY (sku_id, slot)\n"
    ") ENGINE=InnoDB");

} // namespace

namespace LabSchema {

QStringList tableNames(StockLayout layout)
{
    return { QStringLiteral("sku"), QStringLiteral("orders"),
        layout == StockLayout::Rows ? QStringLiteral("inventory") : QStringLiteral("inventory_slot") };
}

QStringList allTableNames()
{
    return { QStringLiteral("sku"), QStringLiteral("orders"), QStringLiteral("inventory"), QStringLiteral("inventory_slot") };
}

QStringList createStatements(StockLayout layout)
{
    return { kSku, kOrders, layout == StockLayout::Rows ? kInventory : kInventorySlot };
}

QString currentStockQuery(StockLayout layout)
{
    if (layout == StockLayout::Rows)
        return QStringLiteral("SELECT sku_id, stock FROM inventory");
    return QStringLiteral("SELECT sku_id, SUM(stock) AS stock FROM inventory_slot GROUP BY sku_id");
}

} // namespace LabSchema
