#pragma once

#include <array>
#include <atomic>
#include <cstdint>

// The row a transaction locks, as a key: a SKU, or one slot of it. Zero is no row.
struct LockedRow {
    std::int64_t sku = 0;
    int slot = -1; // -1: the SKU's row itself, or all of its slots together

    std::int64_t key() const { return sku <= 0 ? 0 : (sku << 11) | (slot + 1); }
};

// When each locked row was last released, shared by the clients of a run: a holder notes its
// COMMIT or ROLLBACK leaving for the server; the next holder, once it holds the row, reads it
// to learn how long the lock took to reach it. A fixed table, so that no order allocates or
// takes a lock: a row that finds no free entry is not timed (only hot rows matter here, and
// they are the first to be seen).
class RowReleases {
public:
    // The previous release of `row`, 0 when none is known.
    std::int64_t lastRelease(std::int64_t row) const;
    void noteRelease(std::int64_t row, std::int64_t atNs);

private:
    static constexpr std::size_t kEntries = 1 << 14;
    static constexpr std::size_t kProbes = 8;
    struct Entry {
        std::atomic<std::int64_t> row { 0 };
        std::atomic<std::int64_t> releasedAtNs { 0 };
    };
    std::array<Entry, kEntries> m_entries;
};
