#pragma once

#include "strategies/claimstrategy.h"

// Claims a batch with SELECT … LIMIT K FOR UPDATE and completes it in the same transaction:
// a worker that dies rolls back and strands nothing, but every worker reads the same first
// pending rows, so each waits for the one ahead of it to finish its whole batch.
class ClaimForUpdateStrategy : public ClaimStrategy {
public:
    QString id() const override { return QStringLiteral("claim-for-update"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Claim with SELECT … FOR UPDATE");
    }
    QString explanation() const override;
    QStringList orderSql() const override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;

protected:
    // The claiming read: FOR UPDATE, or FOR UPDATE SKIP LOCKED.
    virtual QString claimSql(bool postgres) const;
    QStringList orderSqlOnPostgres() const override;

private:
    QStringList sqlShown(bool postgres) const;
};
