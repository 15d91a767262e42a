#pragma once

#include "strategies/strategy.h"

// The stock itself partitioned over the slot rows: a sale takes from one random slot
// with a guarded UPDATE and moves to another slot when that one runs dry, so concurrent
// sales of one SKU mostly lock different rows.
class PartitionedSlotStrategy : public Strategy {
public:
    QString id() const override { return QStringLiteral("slotted-partitioned"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Slotted rows, stock partitioned over slots");
    }
    QString explanation() const override;
    StockLayout layout() const override { return StockLayout::Slots; }
    QStringList orderSql() const override;
    QStringList ownFields() const override { return { QStringLiteral("slots") }; }
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;
};
