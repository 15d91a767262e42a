#include "app/run/strategyrun.h"

#include "app/audit/auditor.h"
#include "app/db/labdatabase.h"
#include "app/run/clientpool.h"
#include "app/run/deadlockwatcher.h"
#include "app/run/lockinspector.h"
#include "app/run/metricssampler.h"
#include "app/server/serverheartbeat.h"
#include "app/server/serverknobs.h"
#include "strategies/runenvironment.h"

#include <QSqlQuery>

#include <chrono>
#include <thread>

namespace {

// How often the heartbeat asks whether the server is still there.
constexpr std::int64_t kHeartbeatMs = 200;
// How long the loop sleeps between looks at its stop rules.
constexpr auto kLoopPause = std::chrono::milliseconds(5);
// The live audit scans the orders table on the server the run measures: it waits this many
// times its own duration before the next one, so it takes at most 2 % of the run's time. At
// a 4x spacing it took about a tenth of a 2-core server's CPU once the table held some
// 100,000 orders. The final audit is always done.
constexpr std::int64_t kAuditSpacing = 50;
// Connections besides the clients' own: control, heartbeat, sampler and deadlock reader.
constexpr long long kControlConnections = 4;
// Deadlocks kept in a result with their full text; all of them are counted.
constexpr qsizetype kMaxDeadlockRecords = 1000;

} // namespace

StrategyRun::StrategyRun(const Experiment& experiment, ConnectionParams params, Strategy& strategy, int runId,
    const std::atomic<bool>& cancel)
    : m_experiment(experiment)
    , m_params(std::move(params))
    , m_strategy(strategy)
    , m_runId(runId)
    , m_cancel(cancel)
{
}

StrategyRun::~StrategyRun() = default;

StrategyResult StrategyRun::execute(const RunObserver& observer)
{
    m_observer = &observer;
    m_result = {};
    m_result.runId = m_runId;
    m_result.strategy = m_strategy.id();
    m_result.safe = m_strategy.isSafe();
    m_result.experiment = m_experiment;

    QString error;
    StrategyResult result;
    if (!prepare(&error)) {
        result = fail(error);
    } else {
        std::optional<StopReason> reason;
        while (!(reason = tick()))
            std::this_thread::sleep_for(kLoopPause);
        m_result.stopReason = *reason;
        result = finish();
    }
    // Settings are restored and connections closed before the result is handed on, in the
    // reverse order of their making.
    m_clients.reset();
    m_heartbeat.reset();
    m_deadlocks.reset();
    m_inspector.reset();
    m_auditor.reset();
    m_sampler.reset();
    m_probe.reset();
    m_environment.reset();
    m_knobs.reset();
    m_database.reset();
    return result;
}

bool StrategyRun::prepare(QString* error)
{
    say(QStringLiteral("%1: preparing tables").arg(m_strategy.id()));
    m_database = std::make_unique<LabDatabase>(m_params);
    if (!m_database->open(error) || !checkConnectionLimit(error)
        || !m_database->prepareTables(m_strategy.layout(), m_experiment, error))
        return false;

    QSqlDatabase control = m_database->connection().database();
    const bool mariaDb = m_database->connection().isMariaDb();
    m_knobs = std::make_unique<ServerKnobs>(control, m_params);
    if (!m_knobs->apply(m_experiment, error))
        return false;
    m_result.knobs = m_knobs->effective();

    m_environment = std::make_unique<RunEnvironment>(m_experiment, m_params, m_stop);
    say(QStringLiteral("%1: opening %2 connections").arg(m_strategy.id()).arg(m_experiment.threads));
    if (!m_strategy.beginRun(*m_environment, error))
        return false;
    m_strategyBegun = true;

    m_probe = std::make_unique<ServerProbe>(control, mariaDb);
    m_sampler = std::make_unique<MetricsSampler>(*m_environment, *m_probe, m_runId, m_strategy.id());
    m_auditor = std::make_unique<Auditor>(control, m_strategy.layout(), m_experiment.qtyMin);
    m_inspector = std::make_unique<LockInspector>(control, mariaDb);
    m_deadlocks = std::make_unique<DeadlockWatcher>(m_params, control);
    m_heartbeat = std::make_unique<ServerHeartbeat>(m_params);
    m_clients = std::make_unique<ClientPool>(*m_environment, m_strategy, m_stop);
    if (!m_clients->open(error)) {
        stopClients();
        return false;
    }

    say(QStringLiteral("%1: running").arg(m_strategy.id()));
    m_sampler->start();
    m_deadlocks->start();
    // One look before the start, so that a blind inspector is reported even for short runs.
    m_result.inspectorError = m_inspector->sample().error;
    m_clients->go();
    m_clock.start();
    m_next = { kHeartbeatMs, m_experiment.sampleIntervalMs, 0 };
    return true;
}

std::optional<StopReason> StrategyRun::tick()
{
    if (const std::optional<StopReason> reason = stopRule())
        return reason;
    if (m_clock.elapsed() >= m_next.sampleMs) {
        takeSample();
        m_next.sampleMs += m_experiment.sampleIntervalMs;
        if (m_next.sampleMs <= m_clock.elapsed())
            m_next.sampleMs = m_clock.elapsed() + m_experiment.sampleIntervalMs;
    }
    return std::nullopt;
}

std::optional<StopReason> StrategyRun::stopRule()
{
    if (m_cancel.load())
        return StopReason::StoppedByUser;
    const bool timed = m_experiment.stop == StopKind::Duration;
    if (m_clock.elapsed() >= (timed ? m_experiment.durationMs : m_experiment.timeLimitMs))
        return timed ? StopReason::DurationReached : StopReason::TimeLimitReached;
    if (m_environment->runFailed())
        return StopReason::Error;
    if (m_clock.elapsed() >= m_next.heartbeatMs) {
        if (!m_heartbeat->alive(&m_lostBecause)) {
            m_environment->markServerLost();
            m_result.serverLost = true;
            return StopReason::ServerLost;
        }
        m_next.heartbeatMs = m_clock.elapsed() + kHeartbeatMs;
    }
    // The clients mark a SKU dry when the smallest order finds it empty; the audit's
    // snapshot also ends the run for SKUs the skew almost never picks. Committed stock
    // only falls, so a snapshot with nothing left to sell is final.
    if (m_experiment.stop == StopKind::SoldOut && (m_clients->soldOut() || m_shelfEmpty))
        return StopReason::SoldOut;
    if (m_clients->allFinished())
        return m_experiment.stop == StopKind::Orders ? StopReason::AllOrdersPlaced
                                                     : StopReason::ClientsFinished;
    return std::nullopt;
}

void StrategyRun::takeSample()
{
    MetricsSample sample = m_sampler->sample(static_cast<double>(m_clock.elapsed()) / 1000.0);
    if (m_clock.elapsed() >= m_next.auditMs) {
        QElapsedTimer auditClock;
        auditClock.start();
        QString auditError;
        sample.audit = m_auditor->run(&auditError);
        // An order of two lines needs two SKUs that can each still cover it.
        m_shelfEmpty = sample.audit.valid && sample.audit.sellableSkus < m_strategy.linesPerOrder();
        m_next.auditMs = m_clock.elapsed()
            + std::max<std::int64_t>(m_experiment.sampleIntervalMs, auditClock.elapsed() * kAuditSpacing);
    }
    m_result.series.append(sample);
    publish(sample);
    if (!m_warm.taken && m_experiment.warmupMs > 0 && m_clock.elapsed() >= m_experiment.warmupMs)
        m_warm = { true, sample.elapsedS, sample.sold, sample.attempts, m_sampler->cumulativeLatency(),
            m_sampler->serverTotals() };
    inspectLocks(sample.elapsedS);
    collectDeadlocks(sample.elapsedS);
}

void StrategyRun::inspectLocks(double elapsedS)
{
    LockSnapshot locks = m_inspector->sample();
    locks.runId = m_runId;
    locks.strategy = m_strategy.id();
    locks.elapsedS = elapsedS;
    m_result.longestLockQueue = std::max(m_result.longestLockQueue, locks.longestQueue());
    if (!locks.error.isEmpty())
        m_result.inspectorError = locks.error;
    if (m_observer->locks)
        m_observer->locks(locks);
}

void StrategyRun::collectDeadlocks(double elapsedS)
{
    for (DeadlockRecord record : m_deadlocks->poll()) {
        record.runId = m_runId;
        record.strategy = m_strategy.id();
        record.elapsedS = elapsedS;
        if (m_result.deadlockRecords.size() < kMaxDeadlockRecords)
            m_result.deadlockRecords.append(record);
        if (m_observer->deadlock)
            m_observer->deadlock(record);
    }
}

void StrategyRun::stopClients()
{
    m_stop.store(true);
    if (m_clients)
        m_clients->join();
    if (m_strategyBegun)
        m_strategy.endRun();
    m_strategyBegun = false;
}

StrategyResult StrategyRun::finish()
{
    m_result.durationS = static_cast<double>(m_clock.elapsed()) / 1000.0;
    if (m_result.serverLost)
        say(QStringLiteral("%1: lost the server at %2 s (%3)")
                .arg(m_strategy.id())
                .arg(m_result.durationS, 0, 'f', 1)
                .arg(m_lostBecause));
    else
        say(QStringLiteral("%1: stopping (%2)").arg(m_strategy.id(), stopReasonKey(m_result.stopReason)));
    stopClients();
    if (m_result.serverLost) {
        m_result.acknowledged = std::make_shared<const AcknowledgedOrders>(m_clients->acknowledged());
        m_clients.reset();
        return finishWithoutServer();
    }
    m_clients.reset();

    collectDeadlocks(m_result.durationS);
    MetricsSample last = m_sampler->sample(m_result.durationS);
    QString error;
    const AuditResult audit = m_auditor->run(&error);
    if (!audit.valid)
        return fail(error);
    last.audit = audit;
    m_result.series.append(last);
    publish(last);

    m_result.sold = audit.sold;
    m_result.remaining = audit.remaining;
    m_result.oversold = audit.oversold;
    m_result.lostUpdates = audit.lostUpdates;
    m_result.unrecordedDecrements = audit.unrecordedDecrements;
    m_result.orderRows = audit.orderRows;
    takeClientCounts(last);
    takeRates(last);
    m_result.errorMessages = describeErrors(m_environment->errors());
    if (m_environment->runFailed())
        m_result.error = m_environment->fatalError();
    return m_result;
}

void StrategyRun::takeRates(const MetricsSample& last)
{
    const HistogramSnapshot latency = m_sampler->cumulativeLatency().since(m_warm.latency);
    const double measuredS = m_result.durationS - m_warm.elapsedS;
    m_result.measuredFromS = m_warm.elapsedS;
    m_result.lockWaitTimeouts = last.errors[static_cast<std::size_t>(ErrorClass::LockWaitTimeout)];
    m_result.ordersPerS = measuredS > 0 ? static_cast<double>(last.sold - m_warm.sold) / measuredS : 0.0;
    m_result.attemptsPerS
        = measuredS > 0 ? static_cast<double>(last.attempts - m_warm.attempts) / measuredS : 0.0;
    m_result.p50Ms = static_cast<double>(latency.valueAtQuantile(0.50)) / 1e6;
    m_result.p95Ms = static_cast<double>(latency.valueAtQuantile(0.95)) / 1e6;
    m_result.p99Ms = static_cast<double>(latency.valueAtQuantile(0.99)) / 1e6;
    m_result.maxMs = static_cast<double>(latency.count() > 0 ? latency.valueAtQuantile(1.0) : 0) / 1e6;
    double lockWaitMs = 0.0;
    for (const MetricsSample& sample : std::as_const(m_result.series)) {
        if (sample.elapsedS > m_warm.elapsedS)
            lockWaitMs += sample.clientLockWaitMsPerS * sample.intervalS;
    }
    m_result.clientLockWaitS = lockWaitMs / 1000.0;
    const ServerLockStats& server = m_sampler->serverTotals();
    m_result.lockWaits = server.rowLockWaits - m_warm.server.rowLockWaits;
    m_result.lockTimeMs = server.rowLockTimeMs - m_warm.server.rowLockTimeMs;
    m_result.deadlocks = server.deadlocks - m_warm.server.deadlocks;
}

StrategyResult StrategyRun::finishWithoutServer()
{
    // The clients' own counts are all there is until the server is back; keep them and the
    // series so far, so that the partial run can still be looked at and exported.
    MetricsSample last = m_sampler->sample(m_result.durationS);
    m_result.series.append(last);
    publish(last);
    takeClientCounts(last);
    m_result.ordersPerS = m_result.durationS > 0 ? static_cast<double>(last.sold) / m_result.durationS : 0.0;
    m_result.error
        = QStringLiteral("lost the server %1 s into the run (%2); %3 orders were acknowledged, and "
                         "%4 had no reply. The audit runs once the server is back.")
              .arg(m_result.durationS, 0, 'f', 1)
              .arg(m_lostBecause)
              .arg(m_result.acknowledged ? m_result.acknowledged->count() : 0)
              .arg(last.unresolved);
    return m_result;
}

StrategyResult StrategyRun::fail(const QString& error)
{
    stopClients();
    m_result.error = error;
    m_result.stopReason = StopReason::Error;
    return m_result;
}

bool StrategyRun::checkConnectionLimit(QString* error)
{
    QSqlQuery query(m_database->connection().database());
    if (!query.exec(QStringLiteral("SELECT @@max_connections")) || !query.next())
        return true; // not fatal: the connects themselves will say so
    const long long limit = query.value(0).toLongLong();
    const long long needed = m_experiment.threads + m_experiment.writers + kControlConnections;
    if (needed > limit) {
        *error = QStringLiteral(
            "the server allows %1 connections (max_connections) but this experiment needs %2; "
            "lower the thread count or raise max_connections")
                     .arg(limit)
                     .arg(needed);
        return false;
    }
    return true;
}

void StrategyRun::say(const QString& message) const
{
    if (m_observer->status)
        m_observer->status(message);
}

void StrategyRun::publish(const MetricsSample& sample) const
{
    if (m_observer->sample)
        m_observer->sample(sample);
}

QStringList StrategyRun::describeErrors(const RunErrorLog& errors)
{
    QStringList lines;
    for (const RunErrorLog::Entry& entry : errors.entries())
        lines << QStringLiteral("%1× error %2: %3").arg(entry.count).arg(entry.code).arg(entry.message);
    return lines;
}

void StrategyRun::takeClientCounts(const MetricsSample& last)
{
    m_result.clientSoldOrders = last.sold;
    m_result.clientSoldUnits = last.soldUnits;
    m_result.outOfStock = last.outOfStock;
    m_result.failed = last.failed;
    m_result.attempts = last.attempts;
    m_result.retries = last.retries;
    m_result.reconciled = last.reconciled;
    m_result.unresolved = last.unresolved;
    m_result.errors = last.errors;
}
