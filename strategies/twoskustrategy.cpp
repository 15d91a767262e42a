#include "strategies/twoskustrategy.h"

#include "strategies/retryingsession.h"

#include <QCoreApplication>

namespace {

const QString kTwoSkuLockSql = QStringLiteral("SELECT stock FROM inventory WHERE sku_id = ? FOR UPDATE");
const QString kTwoSkuUpdateSql
    = QStringLiteral("UPDATE inventory SET stock = stock - ? WHERE sku_id IN (?, ?)");
const QString kInsertLinesSql
    = QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (?, ?, ?), (?, ?, ?)");

class TwoSkuSession : public RetryingSession {
public:
    TwoSkuSession(RunEnvironment& environment, WorkerCounters& counters, bool sorted)
        : RetryingSession(environment, counters)
        , m_sorted(sorted)
    {
        statements().add(&m_lock, kTwoSkuLockSql);
        statements().add(&m_update, kTwoSkuUpdateSql);
        statements().add(&m_insert, kInsertLinesSql);
    }

protected:
    Attempt attempt(const Order& order) override
    {
        // Random order: the order's own (skew-drawn) order of the two SKUs.
        std::int64_t first = order.skuId;
        std::int64_t second = order.secondSkuId;
        if (m_sorted && second < first)
            std::swap(first, second);
        if (!connection().begin())
            return connectionFailed();
        if (!retrier().timedLockingExecute(m_lock, { first }))
            return failed(m_lock);
        const std::optional<std::int64_t> firstStock = m_lock.fetchSingle();
        retrier().delayInTransaction(); // holding the first row while the second is asked for
        if (!retrier().timedLockingExecute(m_lock, { second }))
            return failed(m_lock);
        const std::optional<std::int64_t> secondStock = m_lock.fetchSingle();
        if (!firstStock || !secondStock || *firstStock < order.qty || *secondStock < order.qty)
            return rollbackAs(Attempt::outOfStock());
        if (!m_update.execute({ order.qty, first, second }))
            return failed(m_update);
        if (!m_insert.execute({ order.requestId, order.skuId, order.qty, order.secondRequestId(),
                order.secondSkuId, order.qty }))
            return failed(m_insert);
        if (!retrier().commit())
            return connectionFailed();
        return Attempt::sold();
    }

private:
    bool m_sorted;
    PreparedStatement m_lock;
    PreparedStatement m_update;
    PreparedStatement m_insert;
};

} // namespace

TwoSkuStrategy::TwoSkuStrategy(bool sortedLockOrder)
    : m_sorted(sortedLockOrder)
{
}

QString TwoSkuStrategy::id() const
{
    return m_sorted ? QStringLiteral("two-sku-sorted") : QStringLiteral("two-sku-random");
}

QString TwoSkuStrategy::title() const
{
    return m_sorted
        ? QCoreApplication::translate("Strategy", "Two SKUs per order, locked in sorted order")
        : QCoreApplication::translate("Strategy", "Two SKUs per order, locked in random order (deadlocks)");
}

QString TwoSkuStrategy::explanation() const
{
    if (m_sorted)
        return QCoreApplication::translate("Strategy",
            "Each order buys two SKUs and locks both rows, always the lower sku_id first. Two orders that "
            "want "
            "the same pair queue on the first row; neither can hold a row the other already waits for, so no "
            "wait-for cycle and no deadlock can form. Same work as the random-order strategy, without the "
            "1213 errors and retries.");
    return QCoreApplication::translate("Strategy",
        "Each order buys two SKUs and locks both rows with SELECT … FOR UPDATE, in whatever order it picked "
        "them. Order A locks SKU 1 and asks for SKU 2 while order B holds SKU 2 and asks for SKU 1: a cycle. "
        "InnoDB detects it (with innodb_deadlock_detect on), rolls one back with error 1213, and the client "
        "retries. With detection off, both wait until innodb_lock_wait_timeout (1205) instead.");
}

QStringList TwoSkuStrategy::orderSql() const
{
    return { QStringLiteral("START TRANSACTION"),
        kTwoSkuLockSql + QStringLiteral("   ")
            + (m_sorted ? QCoreApplication::translate("Strategy", "-- the lower sku_id")
                        : QCoreApplication::translate("Strategy", "-- the first SKU picked")),
        QCoreApplication::translate(
            "Strategy", "-- client: in-transaction delay while holding the first row"),
        kTwoSkuLockSql + QStringLiteral("   ")
            + (m_sorted ? QCoreApplication::translate("Strategy", "-- the higher sku_id")
                        : QCoreApplication::translate("Strategy", "-- the second SKU picked")),
        QCoreApplication::translate("Strategy", "-- client: both have stock >= qty?"), kTwoSkuUpdateSql,
        kInsertLinesSql, QStringLiteral("COMMIT") };
}

bool TwoSkuStrategy::beginRun(RunEnvironment& environment, QString* error)
{
    if (environment.experiment().skus < 2) {
        *error = QCoreApplication::translate(
            "Strategy", "%1 sells two SKUs per order: the experiment needs at least 2 SKUs")
                     .arg(id());
        return false;
    }
    return true;
}

std::unique_ptr<OrderSession> TwoSkuStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openRetryingSession<TwoSkuSession>(environment, counters, error, m_sorted);
}
