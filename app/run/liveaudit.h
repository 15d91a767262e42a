#pragma once

#include "app/audit/auditor.h"
#include "app/core/experiment.h"
#include "app/core/metricssample.h"
#include "app/core/observingcost.h"

#include <cstdint>

// The oversell audit while a run goes on, when the experiment watches it live. It scans the
// orders table on the server the run measures, so it waits 50 times its own duration before
// the next look: at most 2 % of the run's time (at a 4x spacing it took about a tenth of a
// 2-core server's CPU once the table held some 100,000 orders). The closing audit is apart.
class LiveAudit {
public:
    LiveAudit(Auditor& auditor, const Experiment& experiment, ObservingCost& cost, int linesPerOrder);

    // Audits into `sample` when a look is due.
    void lookIfDue(std::int64_t elapsedMs, MetricsSample& sample);
    // The last look found no SKU that can still cover an order.
    bool shelvesBare() const { return m_shelvesBare; }

private:
    Auditor& m_auditor;
    ObservingCost& m_cost;
    bool m_live;
    int m_sampleIntervalMs;
    int m_linesPerOrder;
    std::int64_t m_nextMs = 0;
    bool m_shelvesBare = false;
};
