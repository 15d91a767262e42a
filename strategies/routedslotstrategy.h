#pragma once

#include "strategies/strategy.h"

// The stock partitioned over slot rows, as slotted-partitioned, but each client remembers
// which slots it found empty and routes its sales away from them; when it believes none is
// left it reads the slots, and when the SKU still holds enough though no single slot does, it
// rebalances them in one transaction instead of refusing the order.
class RoutedSlotStrategy : public Strategy {
public:
    QString id() const override { return QStringLiteral("slotted-routed"); }
    QString title() const override
    {
        return QCoreApplication::translate(
            "Strategy", "Slotted rows, routed away from empty slots, rebalanced");
    }
    QString explanation() const override;
    StockLayout layout() const override { return StockLayout::Slots; }
    StrategyTraits traits() const override
    {
        StrategyTraits traits = Strategy::traits();
        traits.locksOneSlot = true; // the router sends each sale to one slot
        return traits;
    }
    QStringList orderSql() const override;
    QStringList ownFields() const override { return { QStringLiteral("slots") }; }
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;
};
