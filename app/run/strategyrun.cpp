#include "app/run/strategyrun.h"

#include "app/audit/auditor.h"
#include "app/core/runtimeline.h"
#include "app/core/serverfit.h"
#include "app/db/fillprogress.h"
#include "app/db/labdatabase.h"
#include "app/db/lablease.h"
#include "app/run/clientdrain.h"
#include "app/run/clientpool.h"
#include "app/run/closingaudit.h"
#include "app/run/clusterwatch.h"
#include "app/run/liveaudit.h"
#include "app/run/lockwatch.h"
#include "app/run/metricssampler.h"
#include "app/run/serverwatch.h"
#include "app/run/shelfwatch.h"
#include "app/run/workerkiller.h"
#include "app/run/workload.h"
#include "app/server/embeddedredis.h"
#include "app/server/serverknobs.h"
#include "strategies/runenvironment.h"

#include <chrono>
#include <thread>
#include <utility>

namespace {

// How often the loop looks at the server watch while it waits for a silent server.
constexpr auto kSilencePause = std::chrono::milliseconds(50);
// How long the loop sleeps between looks at its stop rules.
constexpr auto kLoopPause = std::chrono::milliseconds(5);
// Connections besides the clients' own: control, server watch, sampler, deadlock reader, and the
// plan's lease on the lab database.
constexpr long long kControlConnections = 5;

} // namespace

StrategyRun::StrategyRun(const Experiment& experiment, ConnectionParams params, Strategy& strategy, int runId,
    const std::atomic<bool>& cancel, const std::atomic<bool>* stopNow)
    : m_experiment(experiment)
    , m_params(std::move(params))
    , m_strategy(strategy)
    , m_runId(runId)
    , m_cancel(cancel)
    , m_stopNow(stopNow)
    , m_window(m_params.embeddedPid, m_params.isPostgres())
{
}

StrategyRun::~StrategyRun() = default;

StrategyResult StrategyRun::execute(const RunObserver& observer)
{
    m_observer = &observer;
    m_parts = {};
    m_parts.label = m_label;
    m_observing = {};

    if (QString error; !prepare(&error)) {
        fail(error);
    } else {
        std::optional<StopReason> reason;
        while (!(reason = tick()))
            std::this_thread::sleep_for(kLoopPause);
        m_parts.stopReason = *reason;
        finish();
    }
    // What the run's own looks saw and cost, on every path out of it.
    if (m_locks)
        m_parts.locks = m_locks->figures();
    m_parts.observing = m_observing;
    tearDown();
    return assemble();
}

void StrategyRun::tearDown()
{
    // Settings are restored and connections closed before the result is handed on, in the
    // reverse order of their making.
    m_killer.reset();
    m_clients.reset();
    m_watch.reset();
    m_locks.reset();
    m_liveAudit.reset();
    m_shelves.reset();
    m_auditor.reset();
    m_cluster.reset();
    m_sampler.reset();
    m_probe.reset();
    m_redisProbe.reset();
    m_environment.reset();
    m_workload.reset();
    m_knobs.reset();
    m_database.reset();
    m_redis.reset();
}

StrategyResult StrategyRun::assemble() const
{
    StrategyResult r;
    // What ran, with what, where and why.
    r.runId = m_runId;
    r.strategy = m_strategy.id();
    r.safe = m_strategy.isSafe();
    r.stockInFront = m_strategy.layout() == StockLayout::Redis;
    r.experiment = m_experiment;
    r.takeLabel(m_parts.label);
    r.knobs = m_parts.knobs;
    // How and when it stopped.
    r.stopReason = m_parts.stopReason;
    r.durationS = m_parts.durationS;
    r.serverLost = m_parts.serverLost;
    r.soldOutS = m_parts.soldOutS;
    r.series = m_parts.series;
    r.timeline = m_parts.timeline;
    // What the clients counted, and the rates over the measured window.
    r.clients = m_parts.clients;
    r.lateOrders = m_parts.lateOrders;
    r.lateDeadlocks = m_parts.lateDeadlocks;
    r.unresolvedOrders = m_parts.unresolvedOrders;
    r.acknowledged = m_parts.acknowledged;
    if (m_parts.measured)
        r.takeMeasured(*m_parts.measured);
    // What the tables say: the audit, the orders without reply settled by it, the workload's own.
    r.auditIncomplete = m_parts.auditIncomplete;
    if (m_parts.audit)
        r.takeAudit(*m_parts.audit);
    if (const std::optional<RunParts::Settled>& settled = m_parts.settled)
        r.settleUnresolved(settled->orders, settled->committed, settled->rows, settled->units);
    r.workersKilled = m_parts.workersKilled;
    r.strandedTasks = m_parts.strandedTasks;
    r.nodes = m_parts.nodes;
    // What the run's own looks saw and what they cost.
    if (m_parts.locks)
        r.takeLocks(*m_parts.locks);
    r.observing = m_parts.observing;
    r.errorMessages = m_parts.errorMessages;
    r.error = m_parts.error;
    return r;
}

bool StrategyRun::prepare(QString* error)
{
    // The fronts check this before a run; a run started by other means checks it here.
    if (const QList<ServerFit::Problem> problems = ServerFit::of(m_experiment, m_params.shape());
        !problems.isEmpty()) {
        *error = ServerFit::describe(problems);
        return false;
    }
    if (!prepareTables(error))
        return false;
    QSqlDatabase control = m_database->connection().database();
    m_knobs = std::make_unique<ServerKnobs>(control, m_params);
    if (!m_knobs->apply(m_experiment, error))
        return false;
    m_parts.knobs = m_knobs->effective();

    m_environment = std::make_unique<RunEnvironment>(m_experiment, m_params, m_stop);
    say(tr("%1: opening %2 connections").arg(m_strategy.id()).arg(m_experiment.threads));
    if (!m_strategy.beginRun(*m_environment, error))
        return false;
    m_strategyBegun = true;
    createObservers(control);
    m_clients = std::make_unique<ClientPool>(*m_environment, m_strategy, m_stop);
    if (!m_clients->open(error)) {
        stopClients();
        return false;
    }
    // The session settings as the server reports them replace the ones asked for.
    if (const auto [isolation, timeout] = m_environment->sessionSettings(); !isolation.isEmpty()) {
        m_parts.knobs.insert(QStringLiteral("transaction_isolation"), isolation);
        m_parts.knobs.insert(QStringLiteral("innodb_lock_wait_timeout"), timeout);
    }
    startClients(control);
    return true;
}

bool StrategyRun::prepareTables(QString* error)
{
    say(tr("%1: preparing tables").arg(m_strategy.id()));
    m_database = std::make_unique<LabDatabase>(m_params);
    m_workload = Workload::create(m_experiment.workload);
    if (m_strategy.layout() == StockLayout::Redis && !m_params.redis) {
        say(tr("%1: starting the lab's private Redis").arg(m_strategy.id()));
        m_redis = std::make_unique<EmbeddedRedis>();
        if (!m_redis->start(error))
            return false;
        m_params.redis = m_redis->endpoint();
    }
    FillProgress filling(
        [this](const FillProgress& p) { say(QStringLiteral("%1: %2").arg(m_strategy.id(), p.describe())); });
    filling.setStopRequested([this] { return m_cancel.load(); });
    return m_database->open(error)
        && m_database->checkConnectionLimit(
            m_experiment.threads + m_experiment.writers + kControlConnections, m_lease ? 2 : 1, error)
        && prepareSchema(filling, error) && ClusterWatch::awaitSetup(m_params, error);
}

bool StrategyRun::prepareSchema(FillProgress& filling, QString* error)
{
    // A control connection killed while the tables are made (an administrator, a backend
    // terminated) is opened again and the preparation starts over: it drops what it made. An
    // error the server answered with is its answer, and asking again would not change it.
    constexpr int kTries = 5;
    for (int attempt = 1;; ++attempt) {
        if (m_strategy.prepareDatabase(*m_database, m_experiment, error, &filling))
            return true;
        if (attempt == kTries || m_cancel.load() || m_database->connection().isAlive())
            return false;
        say(tr("%1: the connection was lost while preparing the tables; preparing them again")
                .arg(m_strategy.id()));
        std::this_thread::sleep_for(std::chrono::milliseconds(250 * attempt));
        if (QString reviveError; !m_database->revive(&reviveError))
            *error = reviveError;
    }
}

void StrategyRun::createObservers(QSqlDatabase control)
{
    const bool mariaDb = m_database->connection().isMariaDb();
    m_probe = std::make_unique<ServerProbe>(control, mariaDb);
    m_sampler = std::make_unique<MetricsSampler>(*m_environment, *m_probe, m_runId, m_strategy.id());
    if (m_strategy.layout() == StockLayout::Redis) {
        m_redisProbe = std::make_unique<RedisProbe>(*m_params.redis);
        m_sampler->setRedisProbe(m_redisProbe.get());
    }
    m_auditor = std::make_unique<Auditor>(control, m_strategy.layout(), m_experiment.qtyMin);
    if (m_strategy.layout() == StockLayout::Redis)
        m_auditor->setExternalStock(strategyStock());
    m_liveAudit
        = std::make_unique<LiveAudit>(*m_auditor, m_experiment, m_observing, m_strategy.linesPerOrder());
    m_shelves = std::make_unique<ShelfWatch>(*m_auditor, m_strategy.linesPerOrder());
    m_locks = std::make_unique<LockWatch>(m_params, control, mariaDb,
        LockWatch::Ids { m_runId, m_strategy.id() }, m_experiment.observedViews, m_observing);
    m_watch = std::make_unique<ServerWatch>(
        m_liveness, m_params, m_experiment.serverWaitMs,
        [this](const QString& message) { say(QStringLiteral("%1: %2").arg(m_strategy.id(), message)); },
        [this] {
            m_environment->setServerSilent(true);
            m_database->connection().abortFromAnyThread(); // the run's thread may be waiting on it
        });
}

Auditor::ExternalStock StrategyRun::strategyStock()
{
    return [this](QList<std::pair<std::int64_t, std::int64_t>>& stock, QString* readError) {
        return m_strategy.readStock(stock, readError);
    };
}

void StrategyRun::startClients(QSqlDatabase control)
{
    if (m_experiment.killWorkersEveryMs > 0)
        m_killer = std::make_unique<WorkerKiller>(control, *m_environment);
    say(tr("%1: running").arg(m_strategy.id()));
    m_sampler->start();
    m_sampler->setBacklog([this] { return m_clients ? m_clients->backlog() : -1; });
    m_sampler->setCost(&m_observing);
    m_sampler->setLiveServer(m_experiment.observes(ObservingCost::bit(ObservingCost::View::Sampler)));
    m_watch->start();
    m_locks->start();
    if (m_params.nodeCount() > 1) {
        m_cluster = std::make_unique<ClusterWatch>(m_params, m_experiment);
        m_cluster->start();
    }
    m_window.start();
    // The run's clock starts before the clients' schedule does: a thread kept waiting for a core
    // between the two would otherwise leave orders placed before the clock began, and an open
    // loop's orders would seem to run ahead of their rate.
    m_clock.start();
    m_clientsStartNs = m_clients->go();
    m_next = { m_experiment.sampleIntervalMs };
}

std::optional<StopReason> StrategyRun::tick()
{
    if (const std::optional<StopReason> reason = stopRule())
        return reason;
    // A silent server would hold every question to it for the read timeout: ask none until
    // the watch hears it again.
    m_environment->setServerSilent(m_watch->silent());
    if (m_watch->silent())
        return std::nullopt;
    if (m_killer)
        m_killer->tick(m_clock.elapsed());
    if (m_cluster)
        if (const QString done = m_cluster->tick(m_clock.elapsed()); !done.isEmpty())
            say(QStringLiteral("%1: %2").arg(m_strategy.id(), done));
    bool sampled = false;
    if (m_clock.elapsed() >= m_next.sampleMs) {
        takeSample();
        sampled = true;
        m_next.sampleMs += m_experiment.sampleIntervalMs;
        if (m_next.sampleMs <= m_clock.elapsed())
            m_next.sampleMs = m_clock.elapsed() + m_experiment.sampleIntervalMs;
    }
    // A run that goes on after the sell-out (a duration stop) marks the moment it saw it, so
    // that the rates describe the sales and not the rejections that follow.
    if (!m_window.sellOutSeen() && shelvesEmpty()) {
        if (!sampled)
            takeSample();
        m_sampler->catchUpServerTotals();
        m_window.markSellOut(m_parts.series.last(), m_sampler->serverTotals());
    }
    return std::nullopt;
}

bool StrategyRun::shelvesEmpty() const
{
    // The clients mark a SKU dry when the smallest order finds it empty; the audit's snapshot also catches
    // SKUs the skew almost never picks. Committed stock only falls, so a snapshot with nothing left is final.
    return m_clients->soldOut() || m_liveAudit->shelvesBare() || m_shelves->bare();
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
    if (serverLost())
        return StopReason::ServerLost;
    if (m_experiment.stop == StopKind::SoldOut && shelvesEmpty())
        return StopReason::SoldOut;
    if (m_clients->allFinished())
        return m_experiment.stop == StopKind::Orders ? StopReason::AllOrdersPlaced
                                                     : StopReason::ClientsFinished;
    return std::nullopt;
}

bool StrategyRun::serverLost()
{
    if (!m_watch->lost(&m_lostBecause))
        return false;
    m_environment->markServerLost();
    m_parts.serverLost = true;
    return true;
}

void StrategyRun::waitForSilentServer()
{
    // The stop line fell while the server was silent: the clients' figures are taken, and the
    // audit waits for the server, up to the experiment's bound, or for the person to cancel.
    while (m_watch->silent() && !m_cancel.load() && !serverLost())
        std::this_thread::sleep_for(kSilencePause);
    m_environment->setServerSilent(m_watch->silent());
}

void StrategyRun::takeSample()
{
    // Without its control connection (the server gone or silent) only the clients are read:
    // each look at the server would meet a closed connection.
    const bool control = reviveControl();
    if (QString leaseError; m_lease && !m_lease->keep(&leaseError))
        m_environment->failRun(leaseError);
    MetricsSample sample = m_sampler->sample(m_clock, false, control);
    if (control)
        m_liveAudit->lookIfDue(m_clock.elapsed(), sample);
    if (control && m_experiment.stop == StopKind::SoldOut && !m_clients->soldOut())
        m_shelves->lookIfDue(m_clock.elapsed(), m_clients->emptyHanded());
    if (m_cluster)
        m_cluster->fill(sample);
    m_parts.series.append(sample);
    publish(sample);
    if (!m_window.warmedUp() && m_experiment.warmupMs > 0 && m_clock.elapsed() >= m_experiment.warmupMs) {
        m_sampler->catchUpServerTotals();
        m_window.markWarm(sample, m_sampler->cumulativeLatency(), m_sampler->serverTotals());
    }
    // A connection lost on the way (a terminated backend) is closed, and stays so until the
    // next sample revives it: a statement on it would only print Qt's "database not open".
    const auto stillOpen = [this] { return m_database->connection().database().isOpen(); };
    if (!control || !stillOpen())
        return;
    m_locks->inspect(m_clock.elapsed(), sample.elapsedS, *m_observer);
    if (stillOpen())
        m_locks->lookForDeadlocks(sample.elapsedS, *m_observer);
}

void StrategyRun::stopClients()
{
    m_stop.store(true);
    if (m_clients) {
        ClientDrain drain(*m_environment, m_stopNow, m_database->connection().database(),
            [this](const QString& line) { say(QStringLiteral("%1: %2").arg(m_strategy.id(), line)); });
        m_clients->join([this, &drain](int underWay) {
            // Clients that wait past the stop line for a silent server (redis-split's) must hear
            // it come back: tick() no longer tells them.
            m_environment->setServerSilent(m_watch->silent());
            drain.look(underWay);
        });
    }
    if (std::exchange(m_strategyBegun, false))
        m_strategy.endRun();
}

void StrategyRun::finish()
{
    // The stop line: no order starts after it, and the figures are read before the clients
    // are joined, so that an order still under way adds to the audit, not to the rates.
    m_stop.store(true); // no order starts after the stop line
    MetricsSample atStop = readStopLine(); // and the run's duration, once the counts are read
    // Cancelled while the server stays silent: nothing more is asked of it.
    const bool silentToTheEnd = m_watch->silent() && !m_parts.serverLost;
    if (m_parts.serverLost || silentToTheEnd)
        m_environment->abandonServer(); // ends the clients' waits on a server that does not answer
    const MeasurementWindow::CpuMark cpuAtStop = m_window.cpuNow(m_parts.durationS);
    if (!silentToTheEnd)
        m_locks->collectDeadlocks(m_parts.durationS, *m_observer);
    if (!m_window.sellOutSeen() && shelvesEmpty())
        m_window.markSellOut(atStop, m_sampler->serverTotals());
    announceStop();
    stopClients();
    m_parts.timeline = std::make_shared<const RunTimeline>(RunTimeline::collect(m_environment->timelines(),
        m_clientsStartNs, m_clientsStartNs + std::llround(m_parts.durationS * 1e9)));
    const double lastSaleS = m_clients->lastSaleS();
    const UnresolvedOrders unresolved = m_clients->unresolved();
    if (m_parts.serverLost || silentToTheEnd) // kept for the lookup once the server is back
        m_parts.unresolvedOrders = std::make_shared<const UnresolvedOrders>(unresolved);
    if (m_parts.serverLost) {
        m_parts.acknowledged = std::make_shared<const AcknowledgedOrders>(m_clients->acknowledged());
        m_clients.reset();
        finishWithoutServer(atStop, cpuAtStop);
        return;
    }
    m_clients.reset();

    const MetricsSample counts = m_sampler->countsNow(); // late orders included
    const ClosingAudit::Outcome closing = closeAudit(silentToTheEnd, unresolved, counts);
    atStop.audit = closing.audit;
    if (m_cluster && !silentToTheEnd) {
        m_cluster->fill(atStop);
        m_parts.nodes
            = m_cluster->finish(closing.audit, m_strategy.layout(), m_experiment.qtyMin, strategyStock());
    }
    m_parts.series.append(atStop);
    publish(atStop);
    takeAudit(closing);
    m_parts.clients = counts.clients;
    settleUnresolved(closing, unresolved);
    m_locks->account(
        m_sampler->serverTotals().deadlocks + m_parts.lateDeadlocks, counts.clients, m_parts.nodes);
    m_parts.lateOrders = counts.clients[ClientCount::Sold] - atStop.clients[ClientCount::Sold];
    // Sold out before the stop line: the last sale ends the selling window.
    const bool shelvesBare = !closing.audit.valid || closing.audit.sellableSkus < m_strategy.linesPerOrder();
    if (m_window.sellOutSeen() && lastSaleS >= 0.0 && m_parts.lateOrders == 0 && shelvesBare)
        m_parts.soldOutS = std::min(lastSaleS, m_parts.durationS);
    m_parts.measured = m_window.measure({ atStop, m_sampler->cumulativeLatency(), m_sampler->serverTotals(),
        cpuAtStop, m_parts.durationS, m_parts.soldOutS, m_parts.series });
    m_parts.errorMessages = m_environment->errors().describe();
    if (m_environment->runFailed())
        m_parts.error = m_environment->fatalError();
}

MetricsSample StrategyRun::readStopLine()
{
    MetricsSample atStop;
    const auto countsNow = [&] {
        atStop = m_sampler->countsNow();
        m_parts.durationS = atStop.elapsedS = static_cast<double>(m_clock.elapsed()) / 1000.0;
    };
    if (m_watch->silent() && !m_parts.serverLost) {
        countsNow();
        waitForSilentServer();
    } else if (!m_parts.serverLost) {
        atStop = m_sampler->sample(m_clock, true);
        m_parts.durationS = atStop.elapsedS;
        // The server fell silent before the watch could say so, and this look met the silence
        // first: the watch, once it said so, cut the look short (the server's figures are not
        // read). The server is waited for as if it had been silent at the stop line; the run
        // gives up on it only when the person cancels or the watch calls it lost.
        if (m_watch->silent())
            waitForSilentServer();
    }
    if (m_parts.serverLost && atStop.elapsedS <= 0.0)
        countsNow();
    return atStop;
}

void StrategyRun::announceStop() const
{
    if (m_parts.serverLost)
        say(tr("%1: lost the server at %2 s (%3)")
                .arg(m_strategy.id())
                .arg(m_parts.durationS, 0, 'f', 1)
                .arg(m_lostBecause));
    else
        say(tr("%1: stopping (%2)").arg(m_strategy.id(), stopReasonLabel(m_parts.stopReason)));
}

ClosingAudit::Outcome StrategyRun::closeAudit(
    bool silentToTheEnd, const UnresolvedOrders& unresolved, const MetricsSample& counts)
{
    if (silentToTheEnd) {
        ClosingAudit::Outcome closing;
        closing.error = tr("the server was not answering when the run was stopped; %1 orders had no reply")
                            .arg(counts.clients[ClientCount::Unresolved]);
        return closing;
    }
    m_locks->collectDeadlocks(m_parts.durationS, *m_observer);
    if (const std::optional<ServerLockStats> late = m_sampler->serverSinceLastSample())
        m_parts.lateDeadlocks = late->deadlocks;
    m_auditor->setFinal(true); // every client has stopped: nothing is in flight any more
    m_auditor->setInvariants(m_strategy.invariants());
    // On a cluster, node 1 answers once it has applied what the other nodes committed.
    if (QString ignored; m_cluster)
        m_database->connection().exec(QStringLiteral("SET SESSION wsrep_sync_wait = 1"), &ignored);
    return ClosingAudit(*m_database, *m_auditor, std::chrono::milliseconds(m_experiment.serverWaitMs))
        .run(unresolved, m_environment->clientConnections());
}

void StrategyRun::takeAudit(const ClosingAudit::Outcome& closing)
{
    const AuditResult& audit = closing.audit;
    if (m_killer)
        m_parts.workersKilled = m_killer->killed();
    if (audit.valid) {
        QString figuresError;
        if (const auto figures
            = m_workload->closingFigures(m_database->connection().database(), &figuresError))
            m_parts.strandedTasks = figures->strandedTasks;
        else
            say(QStringLiteral("%1: %2").arg(m_strategy.id(), figuresError));
    }
    if (!audit.valid) {
        // What the clients measured stands; only what the audit would have checked is unknown.
        m_parts.auditIncomplete = closing.error;
        say(tr("%1: the closing audit could not run: %2").arg(m_strategy.id(), closing.error));
        return;
    }
    m_parts.audit = audit;
}

void StrategyRun::settleUnresolved(const ClosingAudit::Outcome& closing, const UnresolvedOrders& unresolved)
{
    if (closing.unresolvedFound) {
        const CommittedLines& found = *closing.unresolvedFound;
        m_parts.settled = RunParts::Settled { unresolved.orders(), found.orders, found.rows, found.units };
        say(tr("%1: looked up the %2 orders whose reply was lost: %3 had committed")
                .arg(m_strategy.id())
                .arg(unresolved.orders())
                .arg(found.orders));
    } else if (!closing.lookupError.isEmpty()) {
        say(QStringLiteral("%1: %2").arg(m_strategy.id(), closing.lookupError));
    }
}

bool StrategyRun::reviveControl()
{
    // One look per sample: a killed control connection would blind the sampler, the live audit and the
    // lock inspector for the rest of the run. A connection cut for a silence is not opened again into it:
    // a connect to a paused server would hold this thread for the connect timeout, deaf to a person's stop.
    QString error;
    if (m_database->revive(&error, [this] { return !m_watch->silent(); })) {
        m_controlError.clear();
        return true;
    }
    if (!m_watch->silent() && error != m_controlError) {
        m_controlError = error;
        say(tr("%1: the control connection is gone and %2").arg(m_strategy.id(), error));
    }
    return false;
}

void StrategyRun::finishWithoutServer(
    const MetricsSample& atStop, const MeasurementWindow::CpuMark& cpuAtStop)
{
    // The clients' own counts are all there is until the server is back; keep them and the
    // series so far, so that the partial run can still be looked at and exported.
    m_parts.series.append(atStop);
    publish(atStop);
    const MetricsSample last = m_sampler->countsNow();
    m_parts.clients = last.clients;
    m_parts.lateOrders = last.clients[ClientCount::Sold] - atStop.clients[ClientCount::Sold];
    // The rates, latencies and what explains them up to the loss, from what the clients measured.
    m_parts.measured = m_window.measure({ atStop, m_sampler->cumulativeLatency(), m_sampler->serverTotals(),
        cpuAtStop, m_parts.durationS, m_parts.soldOutS, m_parts.series });
    // Nothing of the tables was read: their figures are unknown, not 0, until an audit reads them.
    m_parts.auditIncomplete = tr("the server was lost before the closing audit");
    m_parts.error = tr("lost the server %1 s into the run (%2); %3 orders were acknowledged, and "
                       "%4 had no reply. The audit runs once the server is back.")
                        .arg(m_parts.durationS, 0, 'f', 1)
                        .arg(m_lostBecause)
                        .arg(m_parts.acknowledged ? m_parts.acknowledged->count() : 0)
                        .arg(last.clients[ClientCount::Unresolved]);
}

void StrategyRun::fail(const QString& error)
{
    stopClients();
    m_parts.error = error;
    m_parts.stopReason = StopReason::Error;
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
