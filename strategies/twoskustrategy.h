#pragma once

#include "strategies/strategy.h"

// A teaching strategy for deadlocks: each order buys two SKUs and locks both rows with
// SELECT ... FOR UPDATE. Locked in random order, two orders can each hold the row the other
// waits for: a deadlock. Locked in sorted order (lowest sku_id first), they cannot.
class TwoSkuStrategy : public Strategy {
public:
    explicit TwoSkuStrategy(bool sortedLockOrder);

    QString id() const override;
    QString title() const override;
    QString explanation() const override;
    int linesPerOrder() const override { return 2; }
    QStringList orderSql() const override;
    bool beginRun(RunEnvironment& environment, QString* error) override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;

private:
    bool m_sorted;
};
