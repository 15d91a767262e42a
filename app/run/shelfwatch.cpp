#include "app/run/shelfwatch.h"

#include "app/audit/auditor.h"

#include <QElapsedTimer>

#include <algorithm>
#include <optional>

namespace {

constexpr std::int64_t kLeastSpacingMs = 100;
constexpr std::int64_t kSpacing = 20; // times the last look's length

} // namespace

ShelfWatch::ShelfWatch(Auditor& auditor, int linesPerOrder)
    : m_auditor(auditor)
    , m_linesPerOrder(linesPerOrder)
{
}

void ShelfWatch::lookIfDue(std::int64_t elapsedMs, std::int64_t emptyHanded)
{
    if (m_bare || emptyHanded == m_emptyHandedSeen || elapsedMs < m_nextMs)
        return;
    m_emptyHandedSeen = emptyHanded;
    QElapsedTimer clock;
    clock.start();
    QString error;
    // Committed stock only falls: once no SKU covers an order, that is final. A look that could
    // not be answered says nothing, and the next refusal asks again.
    if (const std::optional<std::int64_t> sellable = m_auditor.sellableSkus(m_linesPerOrder, &error))
        m_bare = *sellable < m_linesPerOrder;
    m_nextMs = elapsedMs + std::max<std::int64_t>(kLeastSpacingMs, clock.elapsed() * kSpacing);
}
