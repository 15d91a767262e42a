#include "strategies/slottedstrategy.h"

#include "strategies/retryingsession.h"

#include <QCoreApplication>

#include <random>

namespace {

const QString kRestockSql
    = QStringLiteral("INSERT INTO inventory_slot (sku_id, slot, stock) VALUES (?, ?, ?)\n"
                     "ON DUPLICATE KEY UPDATE stock = stock + VALUES(stock)");
const QString kGuardedTakeSql
    = QStringLiteral("INSERT INTO inventory_slot (sku_id, slot, stock)\n"
                     "SELECT ?, ?, -? FROM DUAL\n"
                     "WHERE (SELECT SUM(stock) FROM inventory_slot WHERE sku_id = ? FOR UPDATE) >= ?\n"
                     "ON DUPLICATE KEY UPDATE stock = stock + VALUES(stock)");
// PostgreSQL refuses FOR UPDATE beside an aggregate: the slots are locked in a subquery, then
// summed, which locks the same rows in the same statement. In slot order: PostgreSQL reads them
// in the order their latest versions lie in the table, which each update changes, and two guards
// locking in two orders deadlock (each for deadlock_timeout); InnoDB reads its index in order.
const QString kGuardedTakePostgresSql = QStringLiteral(
    "INSERT INTO inventory_slot (sku_id, slot, stock)\n"
    "SELECT ?, ?, -CAST(? AS BIGINT)\n"
    "WHERE (SELECT SUM(stock) FROM (SELECT stock FROM inventory_slot WHERE sku_id = ? ORDER BY slot FOR "
    "UPDATE) AS slots) "
    ">= ?\n"
    "ON CONFLICT (sku_id, slot) DO UPDATE SET stock = inventory_slot.stock + EXCLUDED.stock");

class SlottedSession : public RetryingSession {
public:
    SlottedSession(RunEnvironment& environment, WorkerCounters& counters)
        : RetryingSession(environment, counters)
        , m_slots(environment.experiment().slotsPerSku)
        , m_rng(environment.experiment().seed * 7919 + reinterpret_cast<std::uintptr_t>(&counters))
    {
        statements().add(
            &m_take, environment.params().isPostgres() ? kGuardedTakePostgresSql : kGuardedTakeSql);
    }

protected:
    Attempt attempt(const Order& order) override
    {
        const int slot = std::uniform_int_distribution<int>(0, m_slots - 1)(m_rng);
        if (!connection().begin())
            return connectionFailed();
        if (!retrier().timedLockingExecute(
                m_take, { order.skuId, slot, order.qty, order.skuId, order.qty }, LockedRow { order.skuId }))
            return failed(m_take);
        if (m_take.affectedRows() == 0) // the SUM guard refused: not enough stock over all slots
            return rollbackAs(Attempt::outOfStock());
        retrier().delayInTransaction();
        return insertOrderAndCommit(order);
    }

private:
    int m_slots;
    std::mt19937_64 m_rng;
    PreparedStatement m_take;
};

} // namespace

QString SlottedStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "One SKU is spread over N slot rows (UNIQUE sku_id, slot), like GitHub's download counters with "
        "100 slots: a restock adds to a random slot with INSERT … ON DUPLICATE KEY UPDATE, and totals are "
        "read with SUM. That spreads increments well. A sale, though, must not oversell, so the articles "
        "guard it with SUM(stock) … FOR UPDATE inside the same statement, and that guard locks every slot "
        "of the SKU again: decrements still queue on the SKU as a whole.");
}

QStringList SlottedStrategy::orderSqlOnPostgres() const
{
    return { QStringLiteral("START TRANSACTION"), kGuardedTakePostgresSql,
        QCoreApplication::translate("Strategy", "-- 0 rows: SUM guard refused, out of stock"),
        kInsertOrderSql, QStringLiteral("COMMIT") };
}

QStringList SlottedStrategy::orderSql() const
{
    return { QStringLiteral("START TRANSACTION"), kGuardedTakeSql,
        QCoreApplication::translate("Strategy", "-- 0 rows: SUM guard refused, out of stock"),
        kInsertOrderSql, QStringLiteral("COMMIT"),
        QCoreApplication::translate("Strategy", "-- restock (seeding):"), kRestockSql };
}

std::unique_ptr<OrderSession> SlottedStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openRetryingSession<SlottedSession>(environment, counters, error);
}

QString SlottedStrategy::restockSql()
{
    return kRestockSql;
}
