#pragma once

#include "strategies/strategy.h"

#include <memory>
#include <vector>

class QueueWriter;

// Orders of one SKU are serialised in the application before they reach the row lock:
// client threads hand them to a per-SKU queue, and a few writer connections commit them,
// optionally many orders of a SKU in one transaction (the batch commit of the articles).
class QueuedStrategy : public Strategy {
public:
    QueuedStrategy();
    ~QueuedStrategy() override;

    QString id() const override { return QStringLiteral("queued"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Queued per SKU, batched commits");
    }
    QString explanation() const override;
    QStringList orderSql() const override;
    QStringList ownFields() const override { return { QStringLiteral("writers"), QStringLiteral("batch") }; }

    bool beginRun(RunEnvironment& environment, QString* error) override;
    void endRun() override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;

private:
    std::vector<std::unique_ptr<QueueWriter>> m_writers;
};
