#include "app/run/metricssampler.h"

#include "app/core/steadyclock.h"

MetricsSampler::MetricsSampler(
    const RunEnvironment& environment, ServerProbe& probe, int runId, QString strategy)
    : m_environment(environment)
    , m_probe(probe)
    , m_runId(runId)
    , m_strategy(std::move(strategy))
{
}

void MetricsSampler::start()
{
    m_serverBaseline = m_probe.read(&m_serverError);
    m_serverLast = m_serverBaseline;
    if (m_redisProbe)
        m_redisLast = m_redisProbe->read(&m_serverError);
}

void MetricsSampler::setRedisProbe(RedisProbe* probe)
{
    m_redisProbe = probe;
}

void MetricsSampler::sampleRedis(MetricsSample& s)
{
    QString error;
    const std::optional<RedisStats> now = m_redisProbe->read(&error);
    if (now && m_redisLast && now->commands >= m_redisLast->commands) {
        s.redisStatsValid = true;
        s.redisCommands = now->commands - m_redisLast->commands;
        s.redisScriptCalls = now->scriptCalls - m_redisLast->scriptCalls;
        s.redisScriptUsec = now->scriptUsec - m_redisLast->scriptUsec;
    }
    if (!error.isEmpty())
        m_serverError = error;
    // A Redis restarted between two reads counts from zero again: the next interval starts here.
    m_redisLast = now;
}

ClientCounts MetricsSampler::readTotals(HistogramSnapshot& latency) const
{
    ClientCounts totals;
    m_environment.forEachCounters([&](const WorkerCounters& c) {
        totals += c.read();
        latency.merge(c.latency.snapshot());
    });
    return totals;
}

MetricsSample MetricsSampler::countsNow() const
{
    HistogramSnapshot latency;
    MetricsSample s;
    s.runId = m_runId;
    s.strategy = m_strategy;
    s.clients = readTotals(latency);
    s.backlog = m_backlog ? m_backlog() : -1;
    return s;
}

std::optional<ServerLockStats> MetricsSampler::serverSinceLastSample()
{
    QString error;
    const std::optional<ServerLockStats> now = m_probe.read(&error);
    if (!now || !m_serverLast)
        return std::nullopt;
    return ServerLockStats { now->rowLockWaits - m_serverLast->rowLockWaits,
        now->rowLockTimeMs - m_serverLast->rowLockTimeMs, now->deadlocks - m_serverLast->deadlocks,
        now->waitingNow };
}

void MetricsSampler::readServer(MetricsSample* into)
{
    QString error;
    const std::int64_t askedNs = steadyNowNs();
    const std::optional<ServerLockStats> server = m_probe.read(&error);
    if (m_cost)
        m_cost->add(ObservingCost::View::Sampler, steadyNowNs() - askedNs);
    if (server && m_serverLast && m_serverBaseline) {
        const long long deadlocksTotal = server->deadlocks - m_serverBaseline->deadlocks;
        if (into) {
            MetricsSample& s = *into;
            s.serverStatsValid = true;
            s.rowLockWaits = server->countsWaits ? server->rowLockWaits - m_serverLast->rowLockWaits : -1;
            s.rowLockTimeMs = server->countsWaits ? server->rowLockTimeMs - m_serverLast->rowLockTimeMs : -1;
            s.deadlocks = server->deadlocks - m_serverLast->deadlocks;
            s.deadlocksTotal = deadlocksTotal;
            s.waitingNow = server->waitingNow;
            m_serverLast = server;
        }
        m_serverTotals.rowLockWaits = server->rowLockWaits - m_serverBaseline->rowLockWaits;
        m_serverTotals.rowLockTimeMs = server->rowLockTimeMs - m_serverBaseline->rowLockTimeMs;
        m_serverTotals.deadlocks = deadlocksTotal;
        m_serverTotals.countsWaits = server->countsWaits;
    }
    if (!error.isEmpty())
        m_serverError = error;
}

MetricsSample MetricsSampler::sample(const QElapsedTimer& clock, bool last, bool serverReachable)
{
    HistogramSnapshot latency;
    const ClientCounts now = readTotals(latency);
    const double elapsedS = static_cast<double>(clock.elapsed()) / 1000.0;
    const HistogramSnapshot latencies = latency.since(m_latency);
    m_latency = latency;

    MetricsSample s;
    s.runId = m_runId;
    s.strategy = m_strategy;
    s.elapsedS = elapsedS;
    s.intervalS = std::max(1e-6, elapsedS - m_lastElapsedS);
    const ClientCounts interval = now.since(m_last);
    s.ordersPerS = static_cast<double>(interval[ClientCount::Sold]) / s.intervalS;
    s.attemptsPerS = static_cast<double>(interval[ClientCount::Attempts]) / s.intervalS;
    s.clients = now;
    s.p50Ms = static_cast<double>(latencies.valueAtQuantile(0.50)) / 1e6;
    s.p95Ms = static_cast<double>(latencies.valueAtQuantile(0.95)) / 1e6;
    s.p99Ms = static_cast<double>(latencies.valueAtQuantile(0.99)) / 1e6;
    s.maxMs = static_cast<double>(latencies.count() > 0 ? latencies.valueAtQuantile(1.0) : 0) / 1e6;
    s.clientLockWaitMsPerS = static_cast<double>(interval[ClientCount::LockWaitNs]) / 1e6 / s.intervalS;
    s.backlog = m_backlog ? m_backlog() : -1;
    if (serverReachable && (m_liveServer || last))
        readServer(&s);
    if (m_redisProbe)
        sampleRedis(s);

    m_last = now;
    m_lastElapsedS = elapsedS;
    return s;
}
