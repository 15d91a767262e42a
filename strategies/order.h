#pragma once

#include <cstdint>

struct Order {
    std::int64_t requestId = 0; // unique per run; the orders table's primary key
    std::int64_t skuId = 0;
    std::int64_t secondSkuId = 0; // two-SKU strategies only: the other SKU of the order, else 0
    int qty = 1;

    // The request id of the order's second line (two-SKU strategies).
    std::int64_t secondRequestId() const { return requestId | (std::int64_t(1) << 39); }
    // The request id of line `line` (0..32767) of a batch (claim strategies): line 0 is the order's
    // own. A claim worker's batches are numbered below 2^24, far more than a run can complete.
    std::int64_t lineRequestId(int line) const { return requestId | (std::int64_t(line) << 24); }
};

enum class OrderOutcome {
    Sold,
    OutOfStock,
    Failed, // gave up; the reason is in the run's error log
    Aborted, // the run was stopped before the order was decided (nothing committed)
    Unknown, // the connection was lost with the order under way and not regained: looked up later
    Idle, // claim workload: no task was pending; the worker waited a moment before asking again
};
