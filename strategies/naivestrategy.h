#pragma once

#include "strategies/strategy.h"

// Teaching baseline: read, check in the client, write the computed value back with no
// lock. Concurrent orders overwrite each other and the shop oversells. Always unsafe.
class NaiveStrategy : public Strategy {
public:
    QString id() const override { return QStringLiteral("naive"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Naive read-then-write (unsafe)");
    }
    QString explanation() const override;
    bool isSafe() const override { return false; }
    QStringList orderSql() const override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;
};
