#pragma once

#include "strategies/claimstrategy.h"

#include <memory>

class ClaimSweeper;

// The articles' claim by UPDATE: one statement marks K pending tasks as this worker's (owner,
// claimed_at) and commits at once, the worker reads them back by owner, works with no lock held,
// and completes what it still owns. A worker that dies leaves its claims behind: a sweeper gives
// back every claim older than the claim timeout.
class ClaimUpdateStrategy : public ClaimStrategy {
public:
    ClaimUpdateStrategy();
    ~ClaimUpdateStrategy() override;

    QString id() const override { return QStringLiteral("claim-update"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Claim with UPDATE … LIMIT, and a sweeper");
    }
    QString explanation() const override;
    QStringList orderSql() const override;
    QStringList orderSqlOnPostgres() const override;
    bool beginRun(RunEnvironment& environment, QString* error) override;
    void endRun() override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;

private:
    static QStringList sqlShown(bool postgres);
    std::unique_ptr<ClaimSweeper> m_sweeper;
};
