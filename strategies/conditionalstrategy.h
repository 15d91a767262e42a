#pragma once

#include "strategies/strategy.h"

// One guarded statement, UPDATE ... WHERE stock >= qty: the row lock is taken by the
// statement that changes the row, with no read-then-write round trip in between.
class ConditionalStrategy : public Strategy {
public:
    QString id() const override { return QStringLiteral("conditional"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Conditional UPDATE … WHERE stock >= n");
    }
    QString explanation() const override;
    QStringList orderSql() const override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;
};
