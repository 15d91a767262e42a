#include "strategies/pessimisticstrategy.h"

#include "strategies/retryingsession.h"

#include <QCoreApplication>

#include <functional>

const QString PessimisticStrategy::kUpdateSql
    = QStringLiteral("UPDATE inventory SET stock = stock - ? WHERE sku_id = ?");

namespace {

class PessimisticSession : public RetryingSession {
public:
    using LockError = std::function<MysqlError(const MysqlError&)>;

    PessimisticSession(RunEnvironment& environment, WorkerCounters& counters, const QString& lockSql,
        const QString& updateSql, LockError lockError)
        : RetryingSession(environment, counters)
        , m_lockError(std::move(lockError))
    {
        statements().add(&m_lock, lockSql);
        statements().add(&m_update, updateSql);
    }

protected:
    Attempt attempt(const Order& order) override
    {
        if (!connection().begin())
            return connectionFailed();
        if (!retrier().timedLockingExecute(m_lock, { order.skuId }, LockedRow { order.skuId }))
            return Attempt::failed(m_lockError(m_lock.lastError()));
        const std::optional<std::int64_t> stock = m_lock.fetchSingle();
        if (!stock || *stock < order.qty)
            return rollbackAs(Attempt::outOfStock());
        retrier().delayInTransaction();
        if (!m_update.execute({ order.qty, order.skuId }))
            return failed(m_update);
        return insertOrderAndCommit(order);
    }

private:
    LockError m_lockError;
    PreparedStatement m_lock;
    PreparedStatement m_update;
};

} // namespace

QString PessimisticStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "Each order locks the SKU's row with SELECT … FOR UPDATE, checks the stock in the client, "
        "updates it and commits. InnoDB grants the row's exclusive lock to one transaction at a time, "
        "so on a hot SKU every order waits for all those ahead of it, and the lock is held across "
        "every network round trip until COMMIT: the in-transaction delay adds directly to each wait.");
}

QStringList PessimisticStrategy::orderSql() const
{
    return { QStringLiteral("START TRANSACTION"), lockSql(),
        QCoreApplication::translate("Strategy", "-- client: stock >= qty?"), kUpdateSql, kInsertOrderSql,
        QStringLiteral("COMMIT") };
}

QString PessimisticStrategy::lockSql() const
{
    return QStringLiteral("SELECT stock FROM inventory WHERE sku_id = ? FOR UPDATE");
}

std::unique_ptr<OrderSession> PessimisticStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openRetryingSession<PessimisticSession>(environment, counters, error, lockSql(), kUpdateSql,
        [this](const MysqlError& failure) { return lockError(failure); });
}
