#pragma once

#include "strategies/claimledger.h"
#include "strategies/strategy.h"

#include <memory>

// Base of the claim workload's strategies: they work on the tasks table, and share a ledger of
// who holds which task for the length of a run.
class ClaimStrategy : public Strategy {
public:
    WorkloadKind workload() const override { return WorkloadKind::Claim; }
    StockLayout layout() const override { return StockLayout::Tasks; }
    QStringList ownFields() const override { return { QStringLiteral("batch") }; }

    bool beginRun(RunEnvironment& environment, QString* /*error*/) override
    {
        m_ledger = std::make_unique<ClaimLedger>(environment);
        return true;
    }
    void endRun() override { m_ledger.reset(); }

protected:
    ClaimLedger& ledger() { return *m_ledger; }

private:
    std::unique_ptr<ClaimLedger> m_ledger;
};
