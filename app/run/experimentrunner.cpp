#include "app/run/experimentrunner.h"

#include "app/db/databaseconnection.h"
#include "app/db/lablease.h"
#include "app/run/strategyrun.h"

#include "strategies/strategyregistry.h"

ExperimentRunner::ExperimentRunner(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<MetricsSample>();
    qRegisterMetaType<StrategyResult>();
    qRegisterMetaType<LockSnapshot>();
    qRegisterMetaType<DeadlockRecord>();
}

ExperimentRunner::~ExperimentRunner()
{
    stop();
    joinThread();
}

bool ExperimentRunner::checkCells(const QList<RunCell>& cells, QString* error)
{
    if (cells.isEmpty()) {
        *error = tr("no strategy chosen");
        return false;
    }
    for (const RunCell& cell : cells) {
        if (!StrategyRegistry::create(cell.strategy)) {
            *error = tr("unknown strategy %1").arg(cell.strategy);
            return false;
        }
        const QList<FieldError> problems
            = validateExperiment(cell.experiment, StrategyRegistry::needsOf({ cell.strategy }));
        if (!problems.isEmpty()) {
            QStringList lines;
            for (const FieldError& problem : problems)
                lines << QStringLiteral("%1: %2").arg(problem.field, problem.message);
            *error = lines.join(QLatin1Char('\n'));
            return false;
        }
    }
    return true;
}

bool ExperimentRunner::start(const QList<RunCell>& cells, const ConnectionParams& params,
    const QString& server, QString* error, std::shared_ptr<ServerLiveness> liveness)
{
    if (m_running.load()) {
        *error = tr("a run is already going; stop it first");
        return false;
    }
    joinThread();
    DatabaseConnection::initialiseLibrary(); // on the caller's thread, before the control thread connects
    if (!checkCells(cells, error))
        return false;

    const int runId = ++m_runId;
    m_cancel.store(false);
    m_stopNow.store(false);
    m_running.store(true);
    m_thread = std::thread([this, cells, params, server, runId, liveness] {
        // The lease before anything else, on this thread, which owns its connection; it is
        // given back when the plan ends, on every path out of here.
        LabLease lease(params);
        QString refusal;
        if (!lease.acquire(&refusal)) {
            m_running.store(false);
            emit refused(runId, refusal);
            emit finished(runId, false);
            return;
        }
        for (int index = 0; index < cells.size(); ++index) {
            if (m_cancel.load())
                break;
            const RunCell& cell = cells[index];
            std::unique_ptr<Strategy> strategy = StrategyRegistry::create(cell.strategy);
            emit cellStarted(runId, index, static_cast<int>(cells.size()));
            emit strategyStarted(runId, cell.strategy);
            StrategyRun run(cell.experiment, params, *strategy, runId, m_cancel, &m_stopNow);
            run.keepLease(&lease);
            run.watchWith(liveness);
            run.label({ cell.repetition, server, cell.predictedOrdersPerS, cell.predictedBound });
            RunObserver observer;
            observer.sample = [this](const MetricsSample& sample) { emit sampleReady(sample); };
            observer.status = [this, runId](const QString& message) { emit status(runId, message); };
            observer.locks = [this](const LockSnapshot& snapshot) { emit locksSampled(snapshot); };
            observer.deadlock = [this](const DeadlockRecord& deadlock) { emit deadlockFound(deadlock); };
            const StrategyResult result = run.execute(observer);
            emit strategyFinished(result);
            if (result.serverLost) {
                // Every later strategy would fail the same way; the rest waits for the server.
                emit status(runId, tr("lost the server: the remaining strategies are not run"));
                break;
            }
        }
        const bool cancelled = m_cancel.load();
        // Before finished(): a lab waiting for this one may start at once. A person who
        // stopped the plan may have stopped it because the server went silent: a second then.
        if (cancelled)
            lease.releaseWithin(std::chrono::seconds(1));
        else
            lease.release();
        m_running.store(false);
        emit finished(runId, cancelled);
    });
    return true;
}

void ExperimentRunner::stop()
{
    m_cancel.store(true);
}

void ExperimentRunner::stopNow()
{
    m_stopNow.store(true);
    m_cancel.store(true);
}

void ExperimentRunner::joinThread()
{
    if (m_thread.joinable())
        m_thread.join();
}
