#pragma once

#include <QElapsedTimer>

#include "app/core/histogramsnapshot.h"
#include "app/core/metricssample.h"
#include "app/core/observingcost.h"
#include "app/server/redisprobe.h"
#include "app/server/serverprobe.h"
#include "strategies/runenvironment.h"

#include <functional>
#include <optional>

// Turns the threads' counters and the server's figures into one MetricsSample per interval.
// Lives on the runner's control thread.
class MetricsSampler {
public:
    MetricsSampler(const RunEnvironment& environment, ServerProbe& probe, int runId, QString strategy);

    // Reads the server's baseline; call right before the clients start.
    void start();
    // Also reads Redis's own figures each sample, for a strategy that keeps stock there.
    void setRedisProbe(RedisProbe* probe);
    // Where each look at the server's figures is counted, with its time.
    void setCost(ObservingCost* cost) { m_cost = cost; }
    // An open loop's backlog, put on every sample (ClientPool::backlog()).
    void setBacklog(std::function<std::int64_t()> backlog) { m_backlog = std::move(backlog); }
    // Reads the server's figures into each sample unless they are not watched live; the `last`
    // sample, at the stop line, always has them. `serverReachable` false: the control connection
    // is closed (the server gone or silent), and only the clients are read. The sample's time is
    // read from `clock` once the clients' counts are: a thread kept waiting for a core between
    // the two would otherwise date orders done meanwhile before they were.
    MetricsSample sample(const QElapsedTimer& clock, bool last = false, bool serverReachable = true);
    void setLiveServer(bool live) { m_liveServer = live; }
    // The server's totals brought up to now, for a mark between samples, when the samples do
    // not read the server live (they have just read it otherwise).
    void catchUpServerTotals()
    {
        if (!m_liveServer)
            readServer(nullptr);
    }
    // The clients' counts as they are now, without closing an interval (no rates, no server
    // figures): what completed after the last sample is then counted apart.
    MetricsSample countsNow() const;
    // The server's lock figures since the last sample, without closing an interval.
    std::optional<ServerLockStats> serverSinceLastSample();

    HistogramSnapshot cumulativeLatency() const { return m_latency; }
    const ServerLockStats& serverTotals() const { return m_serverTotals; }
    QString lastServerError() const { return m_serverError; }

private:
    // The threads' counts summed, their latencies merged into `latency`.
    ClientCounts readTotals(HistogramSnapshot& latency) const;
    void sampleRedis(MetricsSample& sample);
    // The server's lock figures since the last sample into `into`, the totals always.
    void readServer(MetricsSample* into);

    const RunEnvironment& m_environment;
    ServerProbe& m_probe;
    int m_runId;
    QString m_strategy;
    double m_lastElapsedS = 0.0;
    ClientCounts m_last;
    HistogramSnapshot m_latency;
    std::optional<ServerLockStats> m_serverBaseline;
    std::optional<ServerLockStats> m_serverLast;
    ServerLockStats m_serverTotals; // since start()
    QString m_serverError;
    RedisProbe* m_redisProbe = nullptr;
    ObservingCost* m_cost = nullptr;
    bool m_liveServer = true;
    std::function<std::int64_t()> m_backlog;
    std::optional<RedisStats> m_redisLast;
};
