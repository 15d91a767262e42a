#include "strategies/slotstock.h"

#include <algorithm>
#include <numeric>

namespace {

const QString kTotalSql
    = QStringLiteral("SELECT COALESCE(SUM(stock), 0) FROM inventory_slot WHERE sku_id = ?");
const QString kSlotReadSql
    = QStringLiteral("SELECT slot, stock FROM inventory_slot WHERE sku_id = ? ORDER BY slot");
const QString kLockAllSql
    = QStringLiteral("SELECT slot, stock FROM inventory_slot WHERE sku_id = ? ORDER BY slot FOR UPDATE");
const QString kSetSql = QStringLiteral("UPDATE inventory_slot SET stock = ? WHERE sku_id = ? AND slot = ?");

} // namespace

SlotStock::SlotStock(StatementSet& statements)
{
    statements.add(&m_total, kTotalSql);
    statements.add(&m_read, kSlotReadSql);
    statements.add(&m_lockAll, kLockAllSql);
    statements.add(&m_set, kSetSql);
}

std::optional<std::int64_t> SlotStock::total(std::int64_t skuId)
{
    if (!m_total.execute({ skuId })) {
        m_error = m_total.lastError();
        return std::nullopt;
    }
    const std::optional<std::int64_t> sum = m_total.fetchSingle();
    if (!sum)
        m_error = m_total.lastError().isSet() ? m_total.lastError()
                                              : DatabaseError { 0, tr("no total for SKU %1").arg(skuId) };
    return sum;
}

void SlotStock::countStrandedRefusal(WorkerCounters& counters)
{
    if (!m_refused)
        return;
    const auto [skuId, qty] = *m_refused;
    m_refused.reset();
    if (const std::optional<std::int64_t> sum = total(skuId); sum && *sum >= qty)
        counters.add(ClientCount::RefusedWithStock, 1);
}

std::optional<std::vector<std::int64_t>> SlotStock::perSlot(std::int64_t skuId, int slotCount)
{
    return read(m_read, skuId, slotCount);
}

std::optional<std::vector<std::int64_t>> SlotStock::read(
    PreparedStatement& statement, std::int64_t skuId, int slotCount)
{
    if (!statement.execute({ skuId })) {
        m_error = statement.lastError();
        return std::nullopt;
    }
    std::vector<std::int64_t> stock(static_cast<std::size_t>(slotCount), 0);
    std::vector<std::optional<std::int64_t>> row;
    while (statement.fetch(row)) {
        if (row.size() == 2 && row[0] && row[1] && *row[0] >= 0 && *row[0] < slotCount)
            stock[static_cast<std::size_t>(*row[0])] = *row[1];
    }
    if (statement.lastError().isSet()) {
        m_error = statement.lastError();
        return std::nullopt;
    }
    return stock;
}

std::optional<std::vector<std::int64_t>> SlotStock::rebalance(
    std::int64_t skuId, int slotCount, int minimumShare)
{
    const std::optional<std::vector<std::int64_t>> before = read(m_lockAll, skuId, slotCount);
    if (!before)
        return std::nullopt;
    const std::int64_t total = std::accumulate(before->begin(), before->end(), std::int64_t(0));
    // Even shares, but never smaller than an order: fewer slots hold stock then, each enough.
    const std::int64_t even = (total + slotCount - 1) / slotCount;
    const std::int64_t share = std::max<std::int64_t>(even, minimumShare);
    std::vector<std::int64_t> after(before->size(), 0);
    std::int64_t left = total;
    for (std::size_t slot = 0; slot < after.size() && left > 0; ++slot) {
        after[slot] = std::min(share, left);
        left -= after[slot];
    }
    for (std::size_t slot = 0; slot < after.size(); ++slot) {
        if (after[slot] == (*before)[slot])
            continue;
        if (!m_set.execute({ after[slot], skuId, static_cast<std::int64_t>(slot) })) {
            m_error = m_set.lastError();
            return std::nullopt;
        }
    }
    return after;
}
