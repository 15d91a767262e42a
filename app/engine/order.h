#pragma once

#include <cstdint>

struct Order {
    std::int64_t requestId = 0; // unique per run; the orders table's primary key
    std::int64_t skuId = 0;
    int qty = 1;
};

enum class OrderOutcome {
    Sold,
    OutOfStock,
    Failed, // gave up; the reason is in the run's error log
    Aborted, // the run was stopped before the order was decided (nothing committed)
};
