#include "strategies/routedslotstrategy.h"

#include "strategies/slotstock.h"
#include "strategies/transactionsession.h"
#include "strategies/workercounters.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <random>

namespace {

const QString kRoutedTakeSql = QStringLiteral(
    "UPDATE inventory_slot SET stock = stock - ? WHERE sku_id = ? AND slot = ? AND stock >= ?");

// The SKUs whose slots a client remembers at most; past it the memory starts afresh (it is a
// belief, refreshed from the table whenever it runs out, not a record).
constexpr qsizetype kRememberedSkus = 100000;

class RoutedSlotSession : public TransactionSession {
public:
    RoutedSlotSession(RunEnvironment& environment, WorkerCounters& counters)
        : TransactionSession(environment, counters)
        , m_counters(counters)
        , m_slots(environment.experiment().slotsPerSku)
        , m_largestOrder(environment.experiment().qtyMax)
        , m_stock(statements())
        , m_rng(environment.experiment().seed * 7919 + reinterpret_cast<std::uintptr_t>(&counters))
    {
        statements().add(&m_take, kRoutedTakeSql);
    }

    void afterOrder() override { m_stock.countStrandedRefusal(m_counters); }

protected:
    Attempt attempt(const Order& order) override
    {
        std::vector<char>& stocked = believed(order.skuId);
        // Each pass either sells, learns that a slot is empty, or refreshes what it believes:
        // slots + 2 passes are enough to try every slot once after a refresh and a rebalance.
        for (int pass = 0; pass < m_slots + 2; ++pass) {
            const int slot = pick(stocked);
            if (slot < 0) {
                const std::optional<Attempt> refreshed = refresh(order, stocked);
                if (refreshed)
                    return *refreshed; // out of stock for real, or an error
                continue;
            }
            if (!connection().begin())
                return connectionFailed();
            if (!transaction().timedLockingExecute(
                    m_take, { order.qty, order.skuId, slot, order.qty }, LockedRow { order.skuId, slot }))
                return failed(m_take);
            if (m_take.affectedRows() == 0) {
                stocked[static_cast<std::size_t>(slot)] = 0; // route away from it from now on
                if (!transaction().rollback())
                    return connectionFailed();
                continue;
            }
            transaction().delayInTransaction();
            return insertOrderAndCommit(order);
        }
        // Sales elsewhere kept emptying the slots it was routed to: refuse, and say whether
        // the SKU could have filled the order.
        m_stock.noteRefusal(order.skuId, order.qty);
        return Attempt::outOfStock();
    }

private:
    std::vector<char>& believed(std::int64_t skuId)
    {
        auto it = m_believed.find(skuId);
        if (it != m_believed.end())
            return *it;
        if (m_believed.size() >= kRememberedSkus)
            m_believed.clear();
        return *m_believed.insert(skuId, std::vector<char>(static_cast<std::size_t>(m_slots), 1));
    }

    int pick(const std::vector<char>& stocked)
    {
        const auto count = static_cast<int>(std::count(stocked.begin(), stocked.end(), 1));
        if (count == 0)
            return -1;
        int nth = std::uniform_int_distribution<int>(0, count - 1)(m_rng);
        for (int slot = 0; slot < m_slots; ++slot) {
            if (stocked[static_cast<std::size_t>(slot)] && nth-- == 0)
                return slot;
        }
        return -1;
    }

    // No slot believed stocked: read them. Nothing (or an error) ends the attempt; a SKU that
    // holds enough in total but in no single slot is rebalanced first.
    std::optional<Attempt> refresh(const Order& order, std::vector<char>& stocked)
    {
        std::optional<std::vector<std::int64_t>> perSlot = m_stock.perSlot(order.skuId, m_slots);
        if (!perSlot)
            return Attempt::failed(m_stock.lastError());
        std::int64_t total = 0;
        for (const std::int64_t units : *perSlot)
            total += units;
        if (total < order.qty)
            return Attempt::outOfStock();
        if (std::none_of(
                perSlot->begin(), perSlot->end(), [&](std::int64_t units) { return units >= order.qty; })) {
            if (!connection().begin())
                return connectionFailed();
            perSlot = m_stock.rebalance(order.skuId, m_slots, m_largestOrder);
            if (!perSlot)
                return Attempt::failed(m_stock.lastError());
            if (!transaction().commit())
                return connectionFailed();
            m_counters.add(ClientCount::Rebalances, 1);
        }
        for (int slot = 0; slot < m_slots; ++slot)
            stocked[static_cast<std::size_t>(slot)]
                = (*perSlot)[static_cast<std::size_t>(slot)] >= order.qty ? 1 : 0;
        return std::nullopt;
    }

    WorkerCounters& m_counters;
    int m_slots;
    int m_largestOrder;
    SlotStock m_stock;
    PreparedStatement m_take;
    QHash<std::int64_t, std::vector<char>> m_believed; // per SKU: slots this client believes hold stock
    std::mt19937_64 m_rng;
};

} // namespace

QString RoutedSlotStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "The articles' sub-keys, with their fix. As slotted-partitioned, the stock is split over N slot rows "
        "and a sale takes from one with UPDATE … WHERE slot = ? AND stock >= n. Each client remembers the "
        "slots it found empty and routes later sales of that SKU away from them, without scanning or "
        "waiting. When it believes every slot is empty it reads them all: if the SKU still holds enough "
        "but no single slot does (\"visible but cannot be bought\"), it rebalances them in one "
        "transaction, locking every slot in order and dealing the stock out again, instead of refusing "
        "the order. The results count the rebalances and the orders still refused while stock remained.");
}

QStringList RoutedSlotStrategy::orderSql() const
{
    return { QCoreApplication::translate("Strategy", "-- client: pick a slot it believes holds stock"),
        QStringLiteral("START TRANSACTION"), kRoutedTakeSql,
        QCoreApplication::translate(
            "Strategy", "-- 0 rows: ROLLBACK, remember the slot as empty, pick another"),
        kInsertOrderSql, QStringLiteral("COMMIT"),
        QCoreApplication::translate("Strategy", "-- none believed stocked:"),
        QStringLiteral("SELECT slot, stock FROM inventory_slot WHERE sku_id = ? ORDER BY slot"),
        QCoreApplication::translate("Strategy", "-- enough in total, in no one slot: rebalance"),
        QStringLiteral("START TRANSACTION"),
        QStringLiteral("SELECT slot, stock FROM inventory_slot WHERE sku_id = ? ORDER BY slot FOR UPDATE"),
        QStringLiteral("UPDATE inventory_slot SET stock = ? WHERE sku_id = ? AND slot = ?  ")
            + QCoreApplication::translate("Strategy", "-- per slot that changes"),
        QStringLiteral("COMMIT") };
}

std::unique_ptr<OrderSession> RoutedSlotStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openTransactionSession<RoutedSlotSession>(environment, counters, error);
}
