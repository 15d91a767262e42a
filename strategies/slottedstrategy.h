#pragma once

#include "strategies/strategy.h"

// The articles' slot table: a SKU's stock spread over N rows with UNIQUE(sku_id, slot).
// Restocks go to a random slot with INSERT ... ON DUPLICATE KEY UPDATE; a sale adds a
// negative amount to a random slot, guarded by SUM(stock) ... FOR UPDATE in the same
// statement, which locks every slot row of the SKU again.
class SlottedStrategy : public Strategy {
public:
    QString id() const override { return QStringLiteral("slotted"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Slotted rows, SUM-guarded (as in the articles)");
    }
    QString explanation() const override;
    StockLayout layout() const override { return StockLayout::Slots; }
    QStringList orderSql() const override;
    QStringList orderSqlOnPostgres() const override;
    QStringList ownFields() const override { return { QStringLiteral("slots") }; }
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;

    static QString restockSql();
};
