#include "app/run/strategyrun.h"

#include "app/audit/auditor.h"
#include "app/core/histogramsnapshot.h"
#include "app/run/clientpool.h"
#include "app/run/deadlockwatcher.h"
#include "app/db/labdatabase.h"
#include "app/run/lockinspector.h"
#include "app/run/metricssampler.h"
#include "strategies/runenvironment.h"
#include "app/server/serverheartbeat.h"
#include "app/server/serverknobs.h"

#include <QElapsedTimer>
#include <QSqlQuery>

#include <chrono>
#include <thread>

StrategyRun::StrategyRun(const Experiment& experiment, ConnectionParams params, Strategy& strategy, int runId,
                         const std::atomic<bool>& cancel)
    : m_experiment(experiment)
    , m_params(std::move(params))
    , m_strategy(strategy)
    , m_runId(runId)
    , m_cancel(cancel)
{
}

bool StrategyRun::checkConnectionLimit(LabDatabase& database, QString* error)
{
    QSqlQuery query(database.connection().database());
    if (!query.exec(QStringLiteral("SELECT @@max_connections")) || !query.next())
        return true; // not fatal: the connects themselves will say so
    const long long limit = query.value(0).toLongLong();
    const long long needed = m_experiment.threads + m_experiment.writers + 4;
    if (needed > limit) {
        *error = QStringLiteral("the server allows %1 connections (max_connections) but this experiment needs %2; "
                                "lower the thread count or raise max_connections")
                     .arg(limit)
                     .arg(needed);
        return false;
    }
    return true;
}

StrategyResult StrategyRun::execute(const RunObserver& observer)
{
    const auto onStatus = [&](const QString& message) {
        if (observer.status)
            observer.status(message);
    };
    const auto onSample = [&](const MetricsSample& sample) {
        if (observer.sample)
            observer.sample(sample);
    };
    StrategyResult result;
    result.runId = m_runId;
    result.strategy = m_strategy.id();
    result.safe = m_strategy.isSafe();
    result.experiment = m_experiment;
    const auto fail = [&](const QString& error) {
        result.error = error;
        result.stopReason = QStringLiteral("error");
        return result;
    };

    onStatus(QStringLiteral("%1: preparing tables").arg(m_strategy.id()));
    LabDatabase database(m_params);
    QString error;
    if (!database.open(&error) || !checkConnectionLimit(database, &error)
        || !database.prepareTables(m_strategy.layout(), m_experiment, &error))
        return fail(error);

    ServerKnobs knobs(database.connection().database(), m_params);
    if (!knobs.apply(m_experiment, &error))
        return fail(error);
    result.knobs = knobs.effective();

    // Figures at the end of the warm-up, subtracted from the final ones.
    struct Baseline {
        bool taken = false;
        double elapsedS = 0.0;
        long long sold = 0;
        long long attempts = 0;
        HistogramSnapshot latency;
        ServerLockStats server;
    } warm;

    std::atomic<bool> stop { false };
    RunEnvironment environment(m_experiment, m_params, stop);
    onStatus(QStringLiteral("%1: opening %2 connections").arg(m_strategy.id()).arg(m_experiment.threads));
    if (!m_strategy.beginRun(environment, &error))
        return fail(error);

    ServerProbe probe(database.connection().database(), database.connection().isMariaDb());
    MetricsSampler sampler(environment, probe, m_runId, m_strategy.id());
    Auditor auditor(database.connection().database(), m_strategy.layout(), m_experiment.qtyMin);
    LockInspector inspector(database.connection().database(), database.connection().isMariaDb());
    DeadlockWatcher deadlocks(m_params, database.connection().database());
    const auto collectDeadlocks = [&](double elapsedS) {
        for (DeadlockRecord record : deadlocks.poll()) {
            record.runId = m_runId;
            record.strategy = m_strategy.id();
            record.elapsedS = elapsedS;
            if (result.deadlockRecords.size() < 1000)
                result.deadlockRecords.append(record);
            if (observer.deadlock)
                observer.deadlock(record);
        }
    };
    QString lostBecause;
    {
        ClientPool clients(environment, m_strategy, stop);
        if (!clients.open(&error)) {
            stop.store(true);
            clients.join();
            m_strategy.endRun();
            return fail(error);
        }
        onStatus(QStringLiteral("%1: running").arg(m_strategy.id()));
        sampler.start();
        deadlocks.start();
        // One look before the start, so that a blind inspector is reported even for short runs.
        result.inspectorError = inspector.sample().error;
        clients.go();
        QElapsedTimer clock;
        clock.start();

        ServerHeartbeat heartbeat(m_params);
        constexpr std::int64_t kHeartbeatMs = 200;
        std::int64_t nextHeartbeat = kHeartbeatMs;
        const std::int64_t interval = m_experiment.sampleIntervalMs;
        const std::int64_t limitMs = m_experiment.stop == StopKind::Duration ? m_experiment.durationMs : m_experiment.timeLimitMs;
        std::int64_t nextSample = interval;
        std::int64_t nextAudit = 0;
        bool shelfEmpty = false;
        while (true) {
            if (m_cancel.load()) {
                result.stopReason = QStringLiteral("stopped by the user");
                break;
            }
            if (clock.elapsed() >= limitMs) {
                result.stopReason = m_experiment.stop == StopKind::Duration ? QStringLiteral("duration reached")
                                                                            : QStringLiteral("time limit reached");
                break;
            }
            if (environment.runFailed()) {
                result.stopReason = QStringLiteral("error");
                break;
            }
            if (clock.elapsed() >= nextHeartbeat) {
                if (!heartbeat.alive(&lostBecause)) {
                    environment.markServerLost();
                    result.serverLost = true;
                    result.stopReason = QStringLiteral("server lost");
                    break;
                }
                nextHeartbeat = clock.elapsed() + kHeartbeatMs;
            }
            // The clients mark a SKU dry when the smallest order finds it empty; the audit's
            // snapshot also ends the run for SKUs the skew almost never picks. Committed stock
            // only falls, so a snapshot with nothing left to sell is final.
            if (m_experiment.stop == StopKind::SoldOut && (clients.soldOut() || shelfEmpty)) {
                result.stopReason = QStringLiteral("sold out");
                break;
            }
            if (clients.allFinished()) {
                result.stopReason = m_experiment.stop == StopKind::Orders ? QStringLiteral("all orders placed")
                                                                          : QStringLiteral("clients finished");
                break;
            }
            if (clock.elapsed() >= nextSample) {
                MetricsSample sample = sampler.sample(static_cast<double>(clock.elapsed()) / 1000.0);
                if (clock.elapsed() >= nextAudit) {
                    // The audit scans the orders table, on the server the run measures: at most 2 %
                    // of the time. At a 4x spacing it took about a tenth of a 2-core server's CPU
                    // once the table held some 100,000 orders. The final audit is always done.
                    QElapsedTimer auditClock;
                    auditClock.start();
                    QString auditError;
                    sample.audit = auditor.run(&auditError);
                    // An order of two lines needs two SKUs that can each still cover it.
                    shelfEmpty = sample.audit.valid && sample.audit.sellableSkus < m_strategy.linesPerOrder();
                    nextAudit = clock.elapsed() + std::max<std::int64_t>(interval, auditClock.elapsed() * 50);
                }
                result.series.append(sample);
                onSample(sample);
                if (!warm.taken && m_experiment.warmupMs > 0 && clock.elapsed() >= m_experiment.warmupMs)
                    warm = { true, sample.elapsedS, sample.sold, sample.attempts, sampler.cumulativeLatency(), sampler.serverTotals() };
                LockSnapshot locks = inspector.sample();
                locks.runId = m_runId;
                locks.strategy = m_strategy.id();
                locks.elapsedS = sample.elapsedS;
                result.longestLockQueue = std::max(result.longestLockQueue, locks.longestQueue());
                if (!locks.error.isEmpty())
                    result.inspectorError = locks.error;
                if (observer.locks)
                    observer.locks(locks);
                collectDeadlocks(sample.elapsedS);
                nextSample += interval;
                if (nextSample <= clock.elapsed())
                    nextSample = clock.elapsed() + interval;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        result.durationS = static_cast<double>(clock.elapsed()) / 1000.0;
        if (result.serverLost)
            onStatus(QStringLiteral("%1: lost the server at %2 s (%3)")
                         .arg(m_strategy.id())
                         .arg(result.durationS, 0, 'f', 1)
                         .arg(lostBecause));
        else
            onStatus(QStringLiteral("%1: stopping (%2)").arg(m_strategy.id(), result.stopReason));
        stop.store(true);
        clients.join();
        m_strategy.endRun();
        if (result.serverLost)
            result.acknowledged = std::make_shared<const AcknowledgedOrders>(clients.acknowledged());
    }
    if (result.serverLost)
        return finishWithoutServer(std::move(result), sampler, lostBecause, observer);

    collectDeadlocks(result.durationS);
    MetricsSample last = sampler.sample(result.durationS);
    const AuditResult audit = auditor.run(&error);
    if (!audit.valid)
        return fail(error);
    last.audit = audit;
    result.series.append(last);
    onSample(last);

    const HistogramSnapshot latency = sampler.cumulativeLatency().since(warm.latency);
    const double measuredS = result.durationS - warm.elapsedS;
    result.measuredFromS = warm.elapsedS;
    result.sold = audit.sold;
    result.remaining = audit.remaining;
    result.oversold = audit.oversold;
    result.lostUpdates = audit.lostUpdates;
    result.unrecordedDecrements = audit.unrecordedDecrements;
    result.orderRows = audit.orderRows;
    takeClientCounts(result, last);
    result.lockWaitTimeouts = last.errors[static_cast<std::size_t>(ErrorClass::LockWaitTimeout)];
    result.ordersPerS = measuredS > 0 ? static_cast<double>(last.sold - warm.sold) / measuredS : 0.0;
    result.attemptsPerS = measuredS > 0 ? static_cast<double>(last.attempts - warm.attempts) / measuredS : 0.0;
    result.p50Ms = static_cast<double>(latency.valueAtQuantile(0.50)) / 1e6;
    result.p95Ms = static_cast<double>(latency.valueAtQuantile(0.95)) / 1e6;
    result.p99Ms = static_cast<double>(latency.valueAtQuantile(0.99)) / 1e6;
    result.maxMs = static_cast<double>(latency.count() > 0 ? latency.valueAtQuantile(1.0) : 0) / 1e6;
    double lockWaitMs = 0.0;
    for (const MetricsSample& sample : std::as_const(result.series)) {
        if (sample.elapsedS > warm.elapsedS)
            lockWaitMs += sample.clientLockWaitMsPerS * sample.intervalS;
    }
    result.clientLockWaitS = lockWaitMs / 1000.0;
    result.lockWaits = sampler.serverTotals().rowLockWaits - warm.server.rowLockWaits;
    result.lockTimeMs = sampler.serverTotals().rowLockTimeMs - warm.server.rowLockTimeMs;
    result.deadlocks = sampler.serverTotals().deadlocks - warm.server.deadlocks;
    result.errorMessages = describeErrors(environment.errors());
    if (environment.runFailed())
        result.error = environment.fatalError();
    return result;
}

QStringList StrategyRun::describeErrors(const RunErrorLog& errors)
{
    QStringList lines;
    for (const RunErrorLog::Entry& entry : errors.entries())
        lines << QStringLiteral("%1× error %2: %3").arg(entry.count).arg(entry.code).arg(entry.message);
    return lines;
}

StrategyResult StrategyRun::finishWithoutServer(StrategyResult result, MetricsSampler& sampler, const QString& why,
                                                const RunObserver& observer)
{
    // The clients' own counts are all there is until the server is back; keep them and the
    // series so far, so that the partial run can still be looked at and exported.
    MetricsSample last = sampler.sample(result.durationS);
    result.series.append(last);
    if (observer.sample)
        observer.sample(last);
    takeClientCounts(result, last);
    result.ordersPerS = result.durationS > 0 ? static_cast<double>(last.sold) / result.durationS : 0.0;
    result.error = QStringLiteral("lost the server %1 s into the run (%2); %3 orders were acknowledged, and "
                                  "%4 had no reply. The audit runs once the server is back.")
                       .arg(result.durationS, 0, 'f', 1)
                       .arg(why)
                       .arg(result.acknowledged ? result.acknowledged->count() : 0)
                       .arg(last.unresolved);
    return result;
}

void StrategyRun::takeClientCounts(StrategyResult& result, const MetricsSample& last)
{
    result.clientSoldOrders = last.sold;
    result.clientSoldUnits = last.soldUnits;
    result.outOfStock = last.outOfStock;
    result.failed = last.failed;
    result.attempts = last.attempts;
    result.retries = last.retries;
    result.reconciled = last.reconciled;
    result.unresolved = last.unresolved;
    result.errors = last.errors;
}
