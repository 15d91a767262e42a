#pragma once

#include "strategies/strategy.h"

// Compare-and-set on a version column: no lock while the client thinks, but under a hot
// row most attempts find the version moved and retry.
class OptimisticStrategy : public Strategy {
public:
    QString id() const override { return QStringLiteral("optimistic"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Optimistic (version compare-and-set)");
    }
    QString explanation() const override;
    QStringList orderSql() const override;
    QStringList ownFields() const override { return { QStringLiteral("max-retries") }; }
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;
};
