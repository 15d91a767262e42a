#include "app/run/measurementwindow.h"

#include "app/run/processcpu.h"

MeasurementWindow::MeasurementWindow(qint64 embeddedPid, bool processTree)
    : m_embeddedPid(embeddedPid)
    , m_processTree(processTree)
{
}

MeasurementWindow::CpuMark MeasurementWindow::cpuNow(double atS) const
{
    std::optional<double> server;
    if (m_embeddedPid > 0)
        server = m_processTree ? ProcessCpu::treeSeconds(m_embeddedPid) : ProcessCpu::seconds(m_embeddedPid);
    return { atS, ProcessCpu::seconds(), server };
}

void MeasurementWindow::markWarm(
    const MetricsSample& sample, const HistogramSnapshot& latency, const ServerLockStats& server)
{
    m_warm = { true, sample.elapsedS, latency, server, sample };
}

void MeasurementWindow::markSellOut(const MetricsSample& sample, const ServerLockStats& server)
{
    m_sellOut = SellOut { sample.elapsedS, server, sample, cpuNow(sample.elapsedS) };
}

void MeasurementWindow::takeRates(StrategyResult* result, const MetricsSample& atStop,
    const HistogramSnapshot& latencyTotal, const ServerLockStats& serverTotal) const
{
    StrategyResult& r = *result;
    const HistogramSnapshot latency = latencyTotal.since(m_warm.latency);
    r.measuredFromS = m_warm.elapsedS;
    const double measuredS = r.measuredS();
    // Within the selling window: up to the sell-out if there was one, else to the stop line.
    const bool window = r.soldOut() && m_sellOut;
    using enum ClientCount;
    const ClientCounts& stopped = atStop.clients;
    const ClientCounts& warm = m_warm.counts.clients;
    const long long attempts = (window ? m_sellOut->counts.clients : stopped)[Attempts];
    const ServerLockStats& server = window ? m_sellOut->server : serverTotal;
    r.lockWaitTimeouts = stopped.errors()[static_cast<std::size_t>(ErrorClass::LockWaitTimeout)];
    r.ordersPerS = measuredS > 0 ? static_cast<double>(stopped[Sold] - warm[Sold]) / measuredS : 0.0;
    r.attemptsPerS = measuredS > 0 ? static_cast<double>(attempts - warm[Attempts]) / measuredS : 0.0;
    r.p50Ms = static_cast<double>(latency.valueAtQuantile(0.50)) / 1e6;
    r.p95Ms = static_cast<double>(latency.valueAtQuantile(0.95)) / 1e6;
    r.p99Ms = static_cast<double>(latency.valueAtQuantile(0.99)) / 1e6;
    r.maxMs = static_cast<double>(latency.count() > 0 ? latency.valueAtQuantile(1.0) : 0) / 1e6;
    r.clientLockWaitS = clientLockWaitS(r.series, window ? m_sellOut->seenS : r.durationS);
    r.lockWaits = server.countsWaits ? server.rowLockWaits - m_warm.server.rowLockWaits : -1;
    r.lockTimeMs = server.countsWaits ? server.rowLockTimeMs - m_warm.server.rowLockTimeMs : -1;
    r.deadlocks = server.deadlocks - m_warm.server.deadlocks;
    if (window) {
        r.attemptsAfterSoldOut = stopped[Attempts] - m_sellOut->counts.clients[Attempts];
        r.lockWaitsAfterSoldOut
            = serverTotal.countsWaits ? serverTotal.rowLockWaits - m_sellOut->server.rowLockWaits : -1;
    }
}

void MeasurementWindow::takeExplainingFigures(
    StrategyResult* result, const MetricsSample& atStop, const CpuMark& cpuAtStop) const
{
    StrategyResult& r = *result;
    const bool window = r.soldOut() && m_sellOut;
    using enum ClientCount;
    const ClientCounts measured = (window ? m_sellOut->counts : atStop).clients.since(m_warm.counts.clients);
    const CpuMark& cpuEnd = window ? m_sellOut->cpu : cpuAtStop;
    r.windowClients = measured;
    const long long holds = measured[LockHolds];
    r.measuredLockHolds = holds;
    r.lockHoldMs
        = holds > 0 ? static_cast<double>(measured[LockHoldNs]) / 1e6 / static_cast<double>(holds) : 0.0;
    const long long queued = measured[QueuedOrders];
    r.queueWaitMs
        = queued > 0 ? static_cast<double>(measured[QueueWaitNs]) / 1e6 / static_cast<double>(queued) : 0.0;
    // CPU from the clients' start (the warm-up included) to the end of the window.
    r.cores = ProcessCpu::cores();
    r.cpuWallS = cpuEnd.atS - m_cpuStart.atS;
    if (cpuEnd.client && m_cpuStart.client)
        r.clientCpuS = *cpuEnd.client - *m_cpuStart.client;
    if (cpuEnd.server && m_cpuStart.server)
        r.serverCpuS = *cpuEnd.server - *m_cpuStart.server;
}

double MeasurementWindow::clientLockWaitS(const QList<MetricsSample>& series, double untilS) const
{
    double lockWaitMs = 0.0;
    for (const MetricsSample& sample : series) {
        if (sample.elapsedS > m_warm.elapsedS && sample.elapsedS <= untilS + 1e-9)
            lockWaitMs += sample.clientLockWaitMsPerS * sample.intervalS;
    }
    return lockWaitMs / 1000.0;
}
