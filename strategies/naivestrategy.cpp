#include "strategies/naivestrategy.h"

#include "strategies/retryingsession.h"

#include <QCoreApplication>

namespace {

const QString kNaiveReadSql = QStringLiteral("SELECT stock FROM inventory WHERE sku_id = ?");
const QString kWriteSql = QStringLiteral("UPDATE inventory SET stock = ? WHERE sku_id = ?");

class NaiveSession : public RetryingSession {
public:
    NaiveSession(RunEnvironment& environment, WorkerCounters& counters)
        : RetryingSession(environment, counters)
    {
        statements().add(&m_read, kNaiveReadSql);
        statements().add(&m_write, kWriteSql);
    }

protected:
    Attempt attempt(const Order& order) override
    {
        // Every statement autocommits: nothing holds the row between the read and the write.
        if (!m_read.execute({ order.skuId }))
            return failed(m_read);
        const std::optional<std::int64_t> stock = m_read.fetchSingle();
        if (!stock || *stock < order.qty)
            return Attempt::outOfStock();
        retrier().delayInTransaction();
        if (!retrier().timedLockingExecute(m_write, { *stock - order.qty, order.skuId }))
            return failed(m_write);
        return insertOrder(order);
    }

private:
    PreparedStatement m_read;
    PreparedStatement m_write;
};

} // namespace

QString NaiveStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "UNSAFE on purpose. Reads the stock, checks it in the client and writes the computed value back, "
        "each statement on its own with no lock in between. Two orders that read the same stock both "
        "write stock - 1: one decrement is lost, yet both orders are recorded. Under contention the shop "
        "sells more than it had; the oversell audit shows by how much.");
}

QStringList NaiveStrategy::orderSql() const
{
    return { kNaiveReadSql,
        QCoreApplication::translate("Strategy", "-- client: stock >= qty? new = stock - qty"), kWriteSql,
        kInsertOrderSql };
}

std::unique_ptr<OrderSession> NaiveStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openRetryingSession<NaiveSession>(environment, counters, error);
}
