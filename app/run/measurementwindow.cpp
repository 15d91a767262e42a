#include "app/run/measurementwindow.h"

#include "app/run/processcpu.h"

#include <algorithm>

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

MeasuredFigures MeasurementWindow::measure(const Stop& stop) const
{
    MeasuredFigures m;
    m.measuredFromS = m_warm.elapsedS;
    // Within the selling window: up to the sell-out if there was one, else to the stop line.
    const bool toSellOut = stop.soldOutS >= 0.0 && m_sellOut;
    measureRates(stop, toSellOut, m);
    measureExplainingFigures(stop, toSellOut, m);
    return m;
}

void MeasurementWindow::measureRates(const Stop& stop, bool toSellOut, MeasuredFigures& m) const
{
    const HistogramSnapshot latency = stop.latency.since(m_warm.latency);
    const double measuredS
        = std::max(0.0, (stop.soldOutS >= 0.0 ? stop.soldOutS : stop.durationS) - m_warm.elapsedS);
    using enum ClientCount;
    const ClientCounts& stopped = stop.atStop.clients;
    const ClientCounts& warm = m_warm.counts.clients;
    const long long attempts = (toSellOut ? m_sellOut->counts.clients : stopped)[Attempts];
    const ServerLockStats& server = toSellOut ? m_sellOut->server : stop.server;
    m.lockWaitTimeouts = stopped.errors()[static_cast<std::size_t>(ErrorClass::LockWaitTimeout)];
    m.ordersPerS = measuredS > 0 ? static_cast<double>(stopped[Sold] - warm[Sold]) / measuredS : 0.0;
    m.attemptsPerS = measuredS > 0 ? static_cast<double>(attempts - warm[Attempts]) / measuredS : 0.0;
    m.p50Ms = static_cast<double>(latency.valueAtQuantile(0.50)) / 1e6;
    m.p95Ms = static_cast<double>(latency.valueAtQuantile(0.95)) / 1e6;
    m.p99Ms = static_cast<double>(latency.valueAtQuantile(0.99)) / 1e6;
    m.maxMs = static_cast<double>(latency.count() > 0 ? latency.valueAtQuantile(1.0) : 0) / 1e6;
    m.clientLockWaitS = clientLockWaitS(stop.series, toSellOut ? m_sellOut->seenS : stop.durationS);
    m.lockWaits = server.countsWaits ? server.rowLockWaits - m_warm.server.rowLockWaits : -1;
    m.lockTimeMs = server.countsWaits ? server.rowLockTimeMs - m_warm.server.rowLockTimeMs : -1;
    m.deadlocks = server.deadlocks - m_warm.server.deadlocks;
    if (toSellOut) {
        m.attemptsAfterSoldOut = stopped[Attempts] - m_sellOut->counts.clients[Attempts];
        m.lockWaitsAfterSoldOut
            = stop.server.countsWaits ? stop.server.rowLockWaits - m_sellOut->server.rowLockWaits : -1;
    }
}

void MeasurementWindow::measureExplainingFigures(const Stop& stop, bool toSellOut, MeasuredFigures& m) const
{
    using enum ClientCount;
    const ClientCounts measured
        = (toSellOut ? m_sellOut->counts : stop.atStop).clients.since(m_warm.counts.clients);
    const CpuMark& cpuEnd = toSellOut ? m_sellOut->cpu : stop.cpu;
    m.windowClients = measured;
    m.lockHolds = measured[LockHolds];
    m.lockHoldMs = m.lockHolds > 0
        ? static_cast<double>(measured[LockHoldNs]) / 1e6 / static_cast<double>(m.lockHolds)
        : 0.0;
    const long long queued = measured[QueuedOrders];
    m.queueWaitMs
        = queued > 0 ? static_cast<double>(measured[QueueWaitNs]) / 1e6 / static_cast<double>(queued) : 0.0;
    // CPU from the clients' start (the warm-up included) to the end of the window.
    m.cores = ProcessCpu::cores();
    m.cpuWallS = cpuEnd.atS - m_cpuStart.atS;
    if (cpuEnd.client && m_cpuStart.client)
        m.clientCpuS = *cpuEnd.client - *m_cpuStart.client;
    if (cpuEnd.server && m_cpuStart.server)
        m.serverCpuS = *cpuEnd.server - *m_cpuStart.server;
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
