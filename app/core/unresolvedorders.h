#pragma once

#include <cstdint>
#include <vector>

// The orders whose outcome a client could not learn: its connection was lost with the order
// under way and not regained in time. Every line's request id is kept, so that once any
// connection to the server works, the orders table says which of them committed.
class UnresolvedOrders {
public:
    // An order's request ids: its first line's, and its second line's (two-SKU orders; 0 for none).
    void add(std::int64_t requestId, std::int64_t secondLineId = 0);
    void append(const UnresolvedOrders& other);

    const std::vector<std::int64_t>& requestIds() const { return m_requestIds; } // every line
    std::int64_t orders() const { return m_orders; }
    int linesPerOrder() const { return m_lines; }
    bool empty() const { return m_orders == 0; }

private:
    std::vector<std::int64_t> m_requestIds;
    std::int64_t m_orders = 0;
    int m_lines = 1;
};
