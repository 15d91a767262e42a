#pragma once

#include "app/db/preparedstatement.h"
#include "strategies/statementset.h"
#include "strategies/workercounters.h"

#include <QCoreApplication>

#include <cstdint>
#include <optional>
#include <vector>

// A SKU's slot rows seen whole, beyond the one slot a slotted sale tries: the total a refusal
// is measured against, each slot's stock, and the rebalance that moves stock from full slots
// into empty ones. Its statements join the session's set, prepared with them on every connect.
class SlotStock {
    Q_DECLARE_TR_FUNCTIONS(SlotStock)
public:
    explicit SlotStock(StatementSet& statements);

    // An order refused for want of stock, remembered so that countStrandedRefusal can ask, once
    // the order's time is taken, whether the SKU's slots together still held enough for it.
    void noteRefusal(std::int64_t skuId, int qty) { m_refused = { skuId, qty }; }
    // Counts the remembered refusal as one with stock left (RefusedWithStock) when they did.
    void countStrandedRefusal(WorkerCounters& counters);
    // Each slot's stock, indexed by slot number (a consistent read, no lock).
    std::optional<std::vector<std::int64_t>> perSlot(std::int64_t skuId, int slotCount);
    // In the open transaction: locks every slot of the SKU in slot order (so two rebalances,
    // or a rebalance and a sale, never wait on each other in a cycle) and deals the total out
    // again in shares of at least `minimumShare` units, so that an order of that size fits in
    // one slot whenever the SKU holds it at all. The new stock of each slot, or nullopt.
    std::optional<std::vector<std::int64_t>> rebalance(std::int64_t skuId, int slotCount, int minimumShare);

    const DatabaseError& lastError() const { return m_error; }

private:
    std::optional<std::vector<std::int64_t>> read(
        PreparedStatement& statement, std::int64_t skuId, int slotCount);

    // The SKU's stock over all its slots, by a consistent read that takes no lock.
    std::optional<std::int64_t> total(std::int64_t skuId);

    std::optional<std::pair<std::int64_t, int>> m_refused; // SKU and quantity
    PreparedStatement m_total;
    PreparedStatement m_read;
    PreparedStatement m_lockAll;
    PreparedStatement m_set;
    DatabaseError m_error;
};
