#include "strategies/partitionedslotstrategy.h"

#include "strategies/retryingsession.h"
#include "strategies/slotstock.h"
#include "strategies/workercounters.h"

#include <QCoreApplication>

#include <random>

namespace {

const QString kPartitionedTakeSql = QStringLiteral(
    "UPDATE inventory_slot SET stock = stock - ? WHERE sku_id = ? AND slot = ? AND stock >= ?");
const QString kFindFreeSql = QStringLiteral("SELECT slot FROM inventory_slot WHERE sku_id = ? AND stock >= ? "
                                            "ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED");
const QString kFindAnySql = QStringLiteral(
    "SELECT slot FROM inventory_slot WHERE sku_id = ? AND stock >= ? ORDER BY slot LIMIT 1 FOR UPDATE");

class PartitionedSlotSession : public RetryingSession {
public:
    PartitionedSlotSession(RunEnvironment& environment, WorkerCounters& counters)
        : RetryingSession(environment, counters)
        , m_counters(counters)
        , m_slots(environment.experiment().slotsPerSku)
        , m_stock(statements())
        , m_rng(environment.experiment().seed * 104729 + reinterpret_cast<std::uintptr_t>(&counters))
    {
        statements().add(&m_take, kPartitionedTakeSql);
        statements().add(&m_findFree, kFindFreeSql);
        statements().add(&m_findAny, kFindAnySql);
    }

    void afterOrder() override { m_stock.countStrandedRefusal(m_counters); }

protected:
    Attempt attempt(const Order& order) override
    {
        const int slot = std::uniform_int_distribution<int>(0, m_slots - 1)(m_rng);
        if (!connection().begin())
            return connectionFailed();
        if (!retrier().timedLockingExecute(
                m_take, { order.qty, order.skuId, slot, order.qty }, LockedRow { order.skuId, slot }))
            return failed(m_take);
        if (m_take.affectedRows() == 0) {
            // That slot ran dry. Let go of it before looking elsewhere: scanning for another
            // slot while holding a random one would lock slots out of order and deadlock.
            if (!retrier().rollback() || !connection().begin())
                return connectionFailed();
            // First a slot nobody holds (SKIP LOCKED never waits). If every candidate is busy,
            // start clean and wait in ascending slot order, so that waits cannot form a cycle.
            Attempt routed = takeFromOtherSlot(order, m_findFree);
            if (routed.kind == Attempt::Kind::OutOfStock) {
                if (!retrier().rollback() || !connection().begin())
                    return connectionFailed();
                routed = takeFromOtherSlot(order, m_findAny);
            }
            if (routed.kind == Attempt::Kind::OutOfStock) {
                const Attempt refused = rollbackAs(routed);
                // Refused: did the SKU's slots together still hold enough? Stock stranded in
                // small slots is what slotted-routed rebalances away.
                if (refused.kind == Attempt::Kind::OutOfStock)
                    m_stock.noteRefusal(order.skuId, order.qty);
                return refused;
            }
            if (routed.kind != Attempt::Kind::Sold)
                return routed;
        }
        retrier().delayInTransaction();
        return insertOrderAndCommit(order);
    }

private:
    // Sold: the units were taken in the open transaction. OutOfStock: no candidate slot.
    Attempt takeFromOtherSlot(const Order& order, PreparedStatement& find)
    {
        if (!retrier().timedLockingExecute(find, { order.skuId, order.qty }))
            return failed(find);
        const std::optional<std::int64_t> slot = find.fetchSingle();
        if (!slot)
            return Attempt::outOfStock();
        if (!m_take.execute({ order.qty, order.skuId, *slot, order.qty }))
            return failed(m_take);
        if (m_take.affectedRows() == 0) // cannot happen while we hold the slot's lock
            return Attempt::failed({ 0,
                QCoreApplication::translate("Strategy", "slot %1 of SKU %2 changed under its lock")
                    .arg(*slot)
                    .arg(order.skuId) });
        return Attempt::sold();
    }

    WorkerCounters& m_counters;
    int m_slots;
    SlotStock m_stock;
    std::mt19937_64 m_rng;
    PreparedStatement m_take;
    PreparedStatement m_findFree;
    PreparedStatement m_findAny;
};

} // namespace

QString PartitionedSlotStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "The SKU's stock is divided among N slot rows, like splitting one Redis key into sub-keys. A sale "
        "takes from one random slot with UPDATE … WHERE slot = ? AND stock >= n, so concurrent sales of the "
        "same SKU mostly lock different rows. When a slot runs dry the sale moves to a slot that still "
        "holds enough (SKIP LOCKED first, then waiting). The cost: near the end, stock left in small slots "
        "can refuse an order the total could still fill, and stock must be redistributed now and then.");
}

QStringList PartitionedSlotStrategy::orderSql() const
{
    return { QStringLiteral("START TRANSACTION"), kPartitionedTakeSql,
        QCoreApplication::translate("Strategy", "-- 0 rows: this slot ran dry; let it go"),
        QStringLiteral("ROLLBACK"), QStringLiteral("START TRANSACTION"), kFindFreeSql,
        QCoreApplication::translate(
            "Strategy", "-- none free: ROLLBACK, START TRANSACTION, wait for a busy one"),
        kFindAnySql, kPartitionedTakeSql, kInsertOrderSql, QStringLiteral("COMMIT") };
}

std::unique_ptr<OrderSession> PartitionedSlotStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openRetryingSession<PartitionedSlotSession>(environment, counters, error);
}
