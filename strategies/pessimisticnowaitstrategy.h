#pragma once

#include "strategies/pessimisticstrategy.h"

// SELECT … FOR UPDATE NOWAIT: a locked row is refused at once instead of queued for, and the
// client backs off and tries again. Nothing waits in the server; the waiting moves to the
// clients, as retries. The order is otherwise pessimistic's.
class PessimisticNowaitStrategy : public PessimisticStrategy {
public:
    QString id() const override { return QStringLiteral("pessimistic-nowait"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Pessimistic, fail fast (FOR UPDATE NOWAIT)");
    }
    QString explanation() const override;
    QStringList orderSql() const override;
    QStringList ownFields() const override { return { QStringLiteral("max-retries") }; }

protected:
    QString lockSql() const override;
    MysqlError lockError(const MysqlError& error) const override;
};
