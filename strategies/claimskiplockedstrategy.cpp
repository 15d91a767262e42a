#include "strategies/claimskiplockedstrategy.h"

#include "strategies/claimsql.h"

#include <QCoreApplication>

QString ClaimSkipLockedStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "As claim-for-update, but the claiming read adds SKIP LOCKED (MySQL 8, MariaDB 10.6 and later): rows "
        "another worker holds are passed over instead of waited for, so each worker locks the next K free "
        "pending tasks and the workers run side by side. The batch is still one transaction: a worker that "
        "dies rolls back, and its tasks are pending again at once, with no sweeper.");
}

QString ClaimSkipLockedStrategy::claimSql(bool postgres) const
{
    return ClaimSql::lockingClaim(postgres, true);
}
