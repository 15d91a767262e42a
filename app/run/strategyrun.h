#pragma once

#include "app/db/connectionparams.h"
#include "app/core/deadlockrecord.h"
#include "app/core/experiment.h"
#include "app/core/locksnapshot.h"
#include "app/core/metricssample.h"
#include "app/core/strategyresult.h"

#include "strategies/strategy.h"

#include <atomic>
#include <functional>

// Runs one strategy once: fresh tables, client threads (one connection each), a sample per
// interval, the stop condition, and a full audit at the end. Runs on the caller's thread,
// which must not be the GUI thread.
// What a run reports while it goes; any member may be empty.
struct RunObserver {
    std::function<void(const MetricsSample&)> sample;
    std::function<void(const QString&)> status;
    std::function<void(const LockSnapshot&)> locks;
    std::function<void(const DeadlockRecord&)> deadlock;
};

class StrategyRun {
public:
    StrategyRun(const Experiment& experiment, ConnectionParams params, Strategy& strategy, int runId,
                const std::atomic<bool>& cancel);

    StrategyResult execute(const RunObserver& observer);

private:
    bool checkConnectionLimit(class LabDatabase& database, QString* error);
    static void takeClientCounts(StrategyResult& result, const MetricsSample& last);
    static QStringList describeErrors(const class RunErrorLog& errors);
    static StrategyResult finishWithoutServer(StrategyResult result, class MetricsSampler& sampler, const QString& why,
                                              const RunObserver& observer);

    const Experiment& m_experiment;
    ConnectionParams m_params;
    Strategy& m_strategy;
    int m_runId;
    const std::atomic<bool>& m_cancel;
};
