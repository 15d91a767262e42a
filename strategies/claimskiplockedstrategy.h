#pragma once

#include "strategies/claimforupdatestrategy.h"

// SELECT … FOR UPDATE SKIP LOCKED: a worker passes over the rows another holds and locks the
// next pending ones, so the workers claim side by side; a dead worker still rolls back.
class ClaimSkipLockedStrategy : public ClaimForUpdateStrategy {
public:
    QString id() const override { return QStringLiteral("claim-skip-locked"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Claim with FOR UPDATE SKIP LOCKED");
    }
    QString explanation() const override;

protected:
    QString claimSql(bool postgres) const override;
};
