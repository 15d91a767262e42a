#include "strategies/optimisticstrategy.h"

#include "strategies/retryingsession.h"

#include <QCoreApplication>

namespace {

const QString kVersionedReadSql = QStringLiteral("SELECT stock, version FROM inventory WHERE sku_id = ?");
const QString kCasSql = QStringLiteral(
    "UPDATE inventory SET stock = stock - ?, version = version + 1 WHERE sku_id = ? AND version = ?");

class OptimisticSession : public RetryingSession {
public:
    OptimisticSession(RunEnvironment& environment, WorkerCounters& counters)
        : RetryingSession(environment, counters)
        , m_maxRetries(environment.experiment().maxRetries)
    {
        statements().add(&m_read, kVersionedReadSql);
        statements().add(&m_cas, kCasSql);
    }

protected:
    int maxConflicts() const override { return m_maxRetries; }

    Attempt attempt(const Order& order) override
    {
        // The read runs on its own (autocommit): no lock is held while the client decides.
        if (!m_read.execute({ order.skuId }))
            return failed(m_read);
        std::vector<std::optional<std::int64_t>> row;
        const bool found = m_read.fetch(row);
        m_read.fetchSingle(); // drain
        if (!found || !row[0] || !row[1] || *row[0] < order.qty)
            return Attempt::outOfStock();
        const std::int64_t version = *row[1];

        if (!connection().begin())
            return connectionFailed();
        if (!retrier().timedLockingExecute(
                m_cas, { order.qty, order.skuId, version }, LockedRow { order.skuId }))
            return failed(m_cas);
        if (m_cas.affectedRows() == 0)
            return rollbackAs(Attempt::conflict()); // someone else won: retry with a fresh read
        retrier().delayInTransaction();
        return insertOrderAndCommit(order);
    }

private:
    int m_maxRetries;
    PreparedStatement m_read;
    PreparedStatement m_cas;
};

} // namespace

QString OptimisticStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "Read the stock and its version without a lock, then UPDATE … WHERE version = the version read. "
        "Zero rows changed means another order got there first: read again and retry, after a short "
        "jittered pause, up to the retry limit. Good when conflicts are rare; on one hot SKU most "
        "attempts lose, so attempts/s far exceeds orders/s.");
}

QStringList OptimisticStrategy::orderSql() const
{
    return { kVersionedReadSql, QCoreApplication::translate("Strategy", "-- client: stock >= qty?"),
        QStringLiteral("START TRANSACTION"), kCasSql,
        QCoreApplication::translate("Strategy", "-- 0 rows changed: conflict, retry from the read"),
        kInsertOrderSql, QStringLiteral("COMMIT") };
}

std::unique_ptr<OrderSession> OptimisticStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openRetryingSession<OptimisticSession>(environment, counters, error);
}
