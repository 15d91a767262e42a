#pragma once

#include "strategies/strategy.h"

// SELECT ... FOR UPDATE, check, UPDATE: correct, but the row lock is held across every
// round trip of the transaction, so orders of one SKU run strictly one after another.
class PessimisticStrategy : public Strategy {
public:
    QString id() const override { return QStringLiteral("pessimistic"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Pessimistic (SELECT … FOR UPDATE)");
    }
    QString explanation() const override;
    QStringList orderSql() const override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;

protected:
    // The locking read: FOR UPDATE, or FOR UPDATE NOWAIT for the fail-fast variant.
    virtual QString lockSql() const;
    // What a failed locking read means; the fail-fast variant reads MariaDB's 1205 as a refusal.
    virtual MysqlError lockError(const MysqlError& error) const { return error; }
    static const QString kUpdateSql;
};
