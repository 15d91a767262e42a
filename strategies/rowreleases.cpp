#include "strategies/rowreleases.h"

namespace {

std::size_t slotOf(std::int64_t row, std::size_t probe, std::size_t entries)
{
    const auto mixed = static_cast<std::uint64_t>(row) * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>((mixed >> 20) + probe) & (entries - 1);
}

} // namespace

std::int64_t RowReleases::lastRelease(std::int64_t row) const
{
    for (std::size_t probe = 0; probe < kProbes; ++probe) {
        const Entry& entry = m_entries[slotOf(row, probe, kEntries)];
        const std::int64_t held = entry.row.load(std::memory_order_acquire);
        if (held == row)
            return entry.releasedAtNs.load(std::memory_order_acquire);
        if (held == 0)
            return 0;
    }
    return 0;
}

void RowReleases::noteRelease(std::int64_t row, std::int64_t atNs)
{
    for (std::size_t probe = 0; probe < kProbes; ++probe) {
        Entry& entry = m_entries[slotOf(row, probe, kEntries)];
        std::int64_t held = entry.row.load(std::memory_order_acquire);
        if (held == 0 && entry.row.compare_exchange_strong(held, row, std::memory_order_acq_rel))
            held = row;
        if (held == row) {
            entry.releasedAtNs.store(atNs, std::memory_order_release);
            return;
        }
    }
}
