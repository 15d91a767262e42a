#include "strategies/conditionalstrategy.h"

#include "strategies/retryingsession.h"

#include <QCoreApplication>

namespace {

const QString kConditionalUpdateSql
    = QStringLiteral("UPDATE inventory SET stock = stock - ? WHERE sku_id = ? AND stock >= ?");

class ConditionalSession : public RetryingSession {
public:
    ConditionalSession(RunEnvironment& environment, WorkerCounters& counters)
        : RetryingSession(environment, counters)
    {
        statements().add(&m_update, kConditionalUpdateSql);
    }

protected:
    Attempt attempt(const Order& order) override
    {
        if (!connection().begin())
            return connectionFailed();
        if (!retrier().timedLockingExecute(
                m_update, { order.qty, order.skuId, order.qty }, LockedRow { order.skuId }))
            return failed(m_update);
        if (m_update.affectedRows() == 0)
            return rollbackAs(Attempt::outOfStock());
        retrier().delayInTransaction();
        return insertOrderAndCommit(order);
    }

private:
    PreparedStatement m_update;
};

} // namespace

QString ConditionalStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "Read, check and write are merged into one statement: UPDATE … SET stock = stock - n WHERE "
        "stock >= n. The server checks the stock under the row lock it takes anyway, so nothing can "
        "oversell, and there is no read-then-write round trip while the lock is held. The order row "
        "still goes in the same transaction, so the lock lasts until COMMIT.");
}

QStringList ConditionalStrategy::orderSql() const
{
    return { QStringLiteral("START TRANSACTION"), kConditionalUpdateSql,
        QCoreApplication::translate("Strategy", "-- 0 rows changed: out of stock"), kInsertOrderSql,
        QStringLiteral("COMMIT") };
}

std::unique_ptr<OrderSession> ConditionalStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openRetryingSession<ConditionalSession>(environment, counters, error);
}
