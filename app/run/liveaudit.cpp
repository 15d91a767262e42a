#include "app/run/liveaudit.h"

#include <QElapsedTimer>

#include <algorithm>

namespace {

// The next look waits this many times the last one's length: at most 0.5 % of the run. At fifty
// times, a CPU-bound run (slotted-partitioned, 32 clients, looks of 3 ms as the orders table
// grows) sold 4.1 % less with the live audit on (bench/observers.sh, five pairs).
constexpr std::int64_t kAuditSpacing = 200;

} // namespace

LiveAudit::LiveAudit(Auditor& auditor, const Experiment& experiment, ObservingCost& cost, int linesPerOrder)
    : m_auditor(auditor)
    , m_cost(cost)
    , m_live(experiment.observes(ObservingCost::bit(ObservingCost::View::Audit)))
    , m_sampleIntervalMs(experiment.sampleIntervalMs)
    , m_linesPerOrder(linesPerOrder)
{
}

void LiveAudit::lookIfDue(std::int64_t elapsedMs, MetricsSample& sample)
{
    if (!m_live || elapsedMs < m_nextMs)
        return;
    QElapsedTimer clock;
    clock.start();
    QString error;
    sample.audit = m_auditor.run(&error);
    m_cost.add(ObservingCost::View::Audit, clock.nsecsElapsed());
    // An order of two lines needs two SKUs that can each still cover it.
    m_shelvesBare = sample.audit.valid && sample.audit.sellableSkus < m_linesPerOrder;
    m_nextMs = elapsedMs + std::max<std::int64_t>(m_sampleIntervalMs, clock.elapsed() * kAuditSpacing);
}
