#pragma once

#include <cstdint>
#include <vector>

// The request ids of every order whose commit a client saw acknowledged, kept as runs of
// consecutive ids: a client numbers its orders in sequence, so a run only breaks where an
// order failed. After a server crash this is what must still be in the orders table.
class AcknowledgedOrders {
public:
    struct Range {
        std::int64_t first = 0;
        std::int64_t last = 0; // inclusive
    };

    void add(std::int64_t requestId);
    void append(const AcknowledgedOrders& other);

    const std::vector<Range>& ranges() const { return m_ranges; }
    std::int64_t count() const { return m_count; }

private:
    std::vector<Range> m_ranges;
    std::int64_t m_count = 0;
};
