#pragma once

#include "app/core/deadlockrecord.h"
#include "app/core/experiment.h"
#include "app/core/locksnapshot.h"
#include "app/core/metricssample.h"
#include "app/core/strategyresult.h"
#include "app/core/sweepplan.h"
#include "app/db/connectionparams.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>
#include <thread>

class ServerLiveness;

// Runs the chosen strategies one after another, each on fresh data, on a control thread
// of its own, holding the database's lease (LabLease) from before the first strategy touches
// it to the end of the last. Results arrive as signals, queued to the receiver's thread; every
// signal carries the run id so that a receiver can drop what belongs to an older run.
class ExperimentRunner : public QObject {
    Q_OBJECT
public:
    explicit ExperimentRunner(QObject* parent = nullptr);
    ~ExperimentRunner() override;

    // Runs the cells (a plain run or a sweep) one after another, each on fresh data; false
    // with `error` when an experiment or a strategy id is bad or a run is already going.
    // `server` names the server in every result ("MariaDB 10.11.6").
    // `liveness`, when given, is the server's liveness watch, which every run reads.
    bool start(const QList<RunCell>& cells, const ConnectionParams& params, const QString& server,
        QString* error, std::shared_ptr<ServerLiveness> liveness = {});
    // Whether every cell names a strategy and an experiment that can run; false with `error`.
    static bool checkCells(const QList<RunCell>& cells, QString* error);
    // Asks every worker to stop after its current order; the run ends with finished().
    void stop();
    // Stop now: also cancels the orders under way (rolled back, counted as cancelled).
    void stopNow();
    bool isRunning() const { return m_running.load(); }
    int runId() const { return m_runId; }

signals:
    void status(int runId, const QString& message);
    void strategyStarted(int runId, const QString& strategy);
    void cellStarted(int runId, int index, int count);
    void sampleReady(const MetricsSample& sample);
    void strategyFinished(const StrategyResult& result);
    void locksSampled(const LockSnapshot& snapshot);
    void deadlockFound(const DeadlockRecord& deadlock);
    // Another lab holds the database's lease (or it could not be taken): nothing ran or was
    // touched. finished() follows.
    void refused(int runId, const QString& reason);
    void finished(int runId, bool cancelled);

private:
    void joinThread();

    std::thread m_thread;
    std::atomic<bool> m_cancel { false };
    std::atomic<bool> m_stopNow { false };
    std::atomic<bool> m_running { false };
    int m_runId = 0;
};
