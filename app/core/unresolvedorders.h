#pragma once

#include <cstdint>
#include <vector>

// The orders whose outcome a client could not learn: its connection was lost with the order
// under way and not regained in time. Every line's request id is kept, so that once any
// connection to the server works, the orders table says which of them committed. An order is
// one transaction: its first line is in the table exactly when the order committed.
class UnresolvedOrders {
public:
    // An order's request ids: its first line's, and those of its other lines (a two-SKU
    // order's second line, the lines 1..K-1 of a claim batch of K tasks).
    void add(std::int64_t requestId, const std::vector<std::int64_t>& otherLines = {});
    void append(const UnresolvedOrders& other);

    const std::vector<std::int64_t>& firstLines() const { return m_firstLines; } // one per order
    const std::vector<std::int64_t>& otherLines() const { return m_otherLines; }
    std::int64_t orders() const { return static_cast<std::int64_t>(m_firstLines.size()); }
    std::int64_t lines() const { return orders() + static_cast<std::int64_t>(m_otherLines.size()); }
    bool empty() const { return m_firstLines.empty(); }

private:
    std::vector<std::int64_t> m_firstLines;
    std::vector<std::int64_t> m_otherLines;
};
