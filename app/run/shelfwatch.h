#pragma once

#include <cstdint>

class Auditor;

// Whether any SKU can still cover an order, for the sold-out stop when the clients cannot tell
// by themselves: a refused order of two SKUs does not say which one is empty, and a claim that
// found nothing does not say whether the rest is done. The live audit answers that too, but only
// when it is watched and at its own wide spacing. This look counts the SKUs with stock and scans
// no orders; it is asked only after the clients came away empty-handed since the last look, and
// at most every 100 ms (or 20 times its own length).
class ShelfWatch {
public:
    ShelfWatch(Auditor& auditor, int linesPerOrder);

    // `emptyHanded`: the clients' refusals so far (out of stock, nothing to claim).
    void lookIfDue(std::int64_t elapsedMs, std::int64_t emptyHanded);
    bool bare() const { return m_bare; }

private:
    Auditor& m_auditor;
    int m_linesPerOrder;
    std::int64_t m_nextMs = 0;
    std::int64_t m_emptyHandedSeen = 0;
    bool m_bare = false;
};
