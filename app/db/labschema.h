#pragma once

#include <QStringList>

// Where a strategy keeps its stock: one row per SKU, or N slot rows per SKU.
enum class StockLayout { Rows, Slots };

// The tables every strategy shares (sku, orders) and the stock table of each layout.
namespace LabSchema {

QStringList tableNames(StockLayout layout);
QStringList allTableNames();
QStringList createStatements(StockLayout layout);
// Stock per SKU as (sku_id, stock), summed over slots where there are slots.
QString currentStockQuery(StockLayout layout);

} // namespace LabSchema
