#pragma once

#include "app/audit/auditor.h"
#include "app/core/deadlockrecord.h"
#include "app/core/experiment.h"
#include "app/core/histogramsnapshot.h"
#include "app/core/locksnapshot.h"
#include "app/core/metricssample.h"
#include "app/core/strategyresult.h"
#include "app/db/connectionparams.h"
#include "app/run/closingaudit.h"
#include "app/run/measurementwindow.h"
#include "app/run/runobserver.h"
#include "app/run/runparts.h"
#include "app/server/serverprobe.h"
#include "strategies/strategy.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QSqlDatabase;

class EmbeddedRedis;
class FillProgress;
class RedisProbe;
class ClientPool;
class ShelfWatch;
class LabDatabase;
class LabLease;
class LiveAudit;
class LockWatch;
class MetricsSampler;
class ClusterWatch;
class RunEnvironment;
class ServerLiveness;
class ServerWatch;
class ServerKnobs;
class WorkerKiller;
class Workload;

// Runs one strategy once, in three steps: prepare (fresh tables, server settings, client
// threads with a connection each), tick until a stop rule fires (server watch, a sample per
// interval, the live audit, lock inspection, deadlock capture), finish (join the clients,
// the final audit, the figures). Runs on the caller's thread, which must not be the GUI thread.
class StrategyRun {
    Q_DECLARE_TR_FUNCTIONS(StrategyRun)

public:
    // `cancel` stops the run after the orders under way; `stopNow`, when given, also cancels them.
    StrategyRun(const Experiment& experiment, ConnectionParams params, Strategy& strategy, int runId,
        const std::atomic<bool>& cancel, const std::atomic<bool>* stopNow = nullptr);
    ~StrategyRun();

    // Where and why it runs, for its result: its repetition, the server, its prediction.
    void label(const RunLabel& label) { m_label = label; }
    StrategyResult execute(const RunObserver& observer);
    // The plan's lease on the lab database, held on this thread: looked at with every sample,
    // and taken again should its connection be killed; the run stops if another lab took it.
    void keepLease(LabLease* lease) { m_lease = lease; }
    // The server's liveness watch, when the lab keeps one for it (its own server): the run reads
    // it rather than look at the server itself.
    void watchWith(std::shared_ptr<ServerLiveness> liveness) { m_liveness = std::move(liveness); }

private:
    // When the loop next does each of its periodic jobs, in ms since the clients started.
    struct Schedule {
        std::int64_t sampleMs = 0;
    };

    bool prepare(QString* error);
    bool prepareTables(QString* error); // the lab's tables, routines and (for redis-split) Redis
    bool prepareSchema(FillProgress& filling, QString* error); // tables and routines, again if cut off
    void createObservers(QSqlDatabase control); // the sampler, the auditor, the lock watch, the server watch
    Auditor::ExternalStock strategyStock(); // reads the stock the strategy keeps outside MariaDB
    void startClients(QSqlDatabase control);
    std::optional<StopReason> tick();
    std::optional<StopReason> stopRule();
    void takeSample();
    bool shelvesEmpty() const;
    void stopClients();
    void finish();
    MetricsSample readStopLine(); // the counts and the server's figures at the stop line; its time
    void announceStop() const;
    ClosingAudit::Outcome closeAudit(
        bool silentToTheEnd, const UnresolvedOrders& unresolved, const MetricsSample& counts);
    void takeAudit(const ClosingAudit::Outcome& closing);
    // The orders without reply, as the lookup in the orders table found them.
    void settleUnresolved(const ClosingAudit::Outcome& closing, const UnresolvedOrders& unresolved);
    bool serverLost(); // the watch gave the server up: workers stop, the result says so
    void waitForSilentServer();
    bool reviveControl(); // whether the control connection is open now
    void finishWithoutServer(const MetricsSample& atStop, const MeasurementWindow::CpuMark& cpuAtStop);
    void fail(const QString& error);
    void tearDown(); // every collaborator, in the reverse order of its making
    StrategyResult assemble() const; // the result, from the run's parts: its one writer

    void say(const QString& message) const;
    void publish(const MetricsSample& sample) const;

    const Experiment& m_experiment;
    ConnectionParams m_params;
    Strategy& m_strategy;
    int m_runId;
    const std::atomic<bool>& m_cancel;
    const std::atomic<bool>* m_stopNow;
    const RunObserver* m_observer = nullptr;
    LabLease* m_lease = nullptr;
    std::shared_ptr<ServerLiveness> m_liveness;

    RunLabel m_label;
    RunParts m_parts; // what the run learned so far
    ObservingCost m_observing; // what the run's own looks asked of the server: the sampler's, the audits',
                               // the lock watch's
    std::atomic<bool> m_stop { false };
    std::unique_ptr<EmbeddedRedis> m_redis; // the lab's private Redis, for a strategy that keeps stock there
    std::unique_ptr<LabDatabase> m_database;
    std::unique_ptr<ServerKnobs> m_knobs;
    std::unique_ptr<RunEnvironment> m_environment;
    std::unique_ptr<ServerProbe> m_probe;
    std::unique_ptr<RedisProbe> m_redisProbe; // Redis's own figures, for a strategy that keeps stock there
    std::unique_ptr<MetricsSampler> m_sampler;
    std::unique_ptr<Auditor> m_auditor;
    std::unique_ptr<LiveAudit> m_liveAudit;
    std::unique_ptr<ShelfWatch> m_shelves; // under --stop sold-out
    std::unique_ptr<ClusterWatch> m_cluster; // on a cluster only: each node's counters and audit
    std::unique_ptr<LockWatch> m_locks;
    std::unique_ptr<ServerWatch> m_watch;
    std::unique_ptr<ClientPool> m_clients;
    std::unique_ptr<Workload> m_workload;
    std::unique_ptr<WorkerKiller> m_killer; // only with --kill-workers-every
    bool m_strategyBegun = false;
    QElapsedTimer m_clock;
    std::int64_t m_clientsStartNs = 0; // steady clock, when the clients went
    Schedule m_next;
    MeasurementWindow m_window;
    QString m_lostBecause;
    QString m_controlError; // why the control connection could not be opened again, if it could not
};
