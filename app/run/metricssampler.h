#pragma once

#include "app/core/histogramsnapshot.h"
#include "app/core/metricssample.h"
#include "app/server/serverprobe.h"
#include "strategies/runenvironment.h"

#include <optional>

// Turns the threads' counters and the server's figures into one MetricsSample per interval.
// Lives on the runner's control thread.
class MetricsSampler {
public:
    MetricsSampler(const RunEnvironment& environment, ServerProbe& probe, int runId, QString strategy);

    // Reads the server's baseline; call right before the clients start.
    void start();
    MetricsSample sample(double elapsedS);

    HistogramSnapshot cumulativeLatency() const { return m_latency; }
    const ServerLockStats& serverTotals() const { return m_serverTotals; }
    QString lastServerError() const { return m_serverError; }

private:
    struct Totals {
        long long sold = 0, soldUnits = 0, outOfStock = 0, failed = 0, attempts = 0, retries = 0;
        long long reconciled = 0, unresolved = 0, lockWaitNs = 0;
        ErrorCounts errors {};
    };
    Totals readTotals(HistogramSnapshot& latency) const;

    const RunEnvironment& m_environment;
    ServerProbe& m_probe;
    int m_runId;
    QString m_strategy;
    double m_lastElapsedS = 0.0;
    Totals m_last;
    HistogramSnapshot m_latency;
    std::optional<ServerLockStats> m_serverBaseline;
    std::optional<ServerLockStats> m_serverLast;
    ServerLockStats m_serverTotals; // since start()
    QString m_serverError;
};
