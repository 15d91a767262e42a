#pragma once

#include "connectionparams.h"
#include "experiment.h"
#include "metricssample.h"
#include "strategyresult.h"

#include "../../strategies/strategy.h"

#include <atomic>
#include <functional>

// Runs one strategy once: fresh tables, client threads (one connection each), a sample per
// interval, the stop condition, and a full audit at the end. Runs on the caller's thread,
// which must not be the GUI thread.
class StrategyRun {
public:
    using SampleSink = std::function<void(const MetricsSample&)>;
    using StatusSink = std::function<void(const QString&)>;

    StrategyRun(const Experiment& experiment, ConnectionParams params, Strategy& strategy, int runId,
                const std::atomic<bool>& cancel);

    StrategyResult execute(const SampleSink& onSample, const StatusSink& onStatus);

private:
    bool checkConnectionLimit(class LabDatabase& database, QString* error);

    const Experiment& m_experiment;
    ConnectionParams m_params;
    Strategy& m_strategy;
    int m_runId;
    const std::atomic<bool>& m_cancel;
};
