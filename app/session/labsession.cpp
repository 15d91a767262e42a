#include "app/session/labsession.h"

#include <QLocale>

#include "app/db/databaseconnection.h"
#include "app/results/rateprediction.h"
#include "app/results/reportdrawing.h"
#include "app/results/resultreader.h"
#include "app/results/resultwriter.h"
#include "app/run/leftstock.h"
#include "app/run/strategytrial.h"
#include "app/session/backgroundjobs.h"
#include "strategies/strategyregistry.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

#include <memory>

LabSession::LabSession(QObject* parent)
    : QObject(parent)
    , m_server(new LabServer(this))
    , m_jobs(new BackgroundJobs(this))
{
    ServerController* controller = m_server->controller();
    connect(controller, &ServerController::stateChanged, this, &LabSession::serverStateChanged);
    connect(controller, &ServerController::nodeStatesChanged, this, &LabSession::nodeStatesChanged);
    connect(controller, &ServerController::silenceChanged, this, &LabSession::serverSilenceChanged);
    connect(controller, &ServerController::stateChanged, this, &LabSession::auditAfterRestart);
    connect(m_server, &LabServer::prepared, this, &LabSession::serverPrepared);
    connect(m_server, &LabServer::prepared, this, &LabSession::serverReadyForLeg);
    connect(m_server, &LabServer::prepared, this, &LabSession::trialServerReady);
    connectRunner();
}

LabSession::~LabSession()
{
    m_runner.stop();
}

ConnectionParams LabSession::connectionParams(const QString& database) const
{
    ConnectionParams params = m_server->params(database);
    params.redis = m_redis;
    return params;
}

ResultWriter::RunInfo LabSession::runInfo() const
{
    ResultWriter::RunInfo info = m_ranOn.value_or(chosenServerInfo());
    info.experiment = m_experiment;
    return info;
}

ResultWriter::RunInfo LabSession::chosenServerInfo() const
{
    ResultWriter::RunInfo info;
    info.embedded = usesEmbedded();
    info.serverVersion = m_server->version();
    info.serverUrl = usesEmbedded() ? m_server->ownServerName() : m_server->choice().url.maskedUrl();
    return info;
}

void LabSession::connectRunner()
{
    // Every signal of an older run (one stopped a moment ago) is dropped here, once.
    connect(&m_runner, &ExperimentRunner::status, this, [this](int runId, const QString& message) {
        if (runId == m_activeRun)
            emit status(message);
    });
    connect(&m_runner, &ExperimentRunner::strategyStarted, this, [this](int runId, const QString& strategy) {
        if (runId == m_activeRun && !calibrating())
            emit strategyStarted(strategy);
    });
    connect(&m_runner, &ExperimentRunner::cellStarted, this, [this](int runId, int index, int count) {
        if (runId == m_activeRun && !calibrating())
            emit cellStarted(index, count);
    });
    connect(&m_runner, &ExperimentRunner::sampleReady, this, [this](const MetricsSample& sample) {
        if (sample.runId == m_activeRun && !calibrating())
            emit sampleReady(sample);
    });
    connect(&m_runner, &ExperimentRunner::locksSampled, this, [this](const LockSnapshot& snapshot) {
        if (snapshot.runId == m_activeRun && !calibrating())
            emit locksSampled(snapshot);
    });
    connect(&m_runner, &ExperimentRunner::deadlockFound, this, [this](const DeadlockRecord& deadlock) {
        if (deadlock.runId == m_activeRun && !calibrating())
            emit deadlockFound(deadlock);
    });
    connect(&m_runner, &ExperimentRunner::strategyFinished, this, [this](const StrategyResult& result) {
        if (result.runId != m_activeRun)
            return;
        if (calibrating()) { // not a result of the experiment: what the predictions start from
            m_calibrationResults.append(result);
            return;
        }
        // A leg of a side-by-side run says which server it ran on, in the table too.
        const QString source = m_plan.sideBySide()
            ? QStringLiteral("#%1 %2").arg(result.runId).arg(result.server)
            : QStringLiteral("#%1").arg(result.runId);
        m_results.append({ source, result, false });
        if (result.serverLost && result.acknowledged) {
            m_lost = m_results.size() - 1;
            m_lostOn = m_server->choice();
        }
        emit strategyFinished(result);
        if (result.serverLost)
            emit serverLost(result);
    });
    connect(&m_runner, &ExperimentRunner::refused, this, [this](int runId, const QString& reason) {
        if (runId != m_activeRun)
            return;
        m_refusal = reason;
        emit refused(reason);
    });
    connect(&m_runner, &ExperimentRunner::finished, this, [this](int runId, bool cancelled) {
        if (runId != m_activeRun)
            return;
        if (calibrating())
            calibrated(cancelled);
        else
            endLeg(cancelled);
    });
}

bool LabSession::start(const RunPlan& plan, QString* error)
{
    if (m_recovering) {
        *error = tr("the server is being restarted and audited; run again once that is done");
        return false;
    }
    if (isRunning()) {
        *error = tr("a run is already going; stop it first");
        return false;
    }
    if (checkingStrategy()) {
        *error = tr("a strategy file is being checked on the server; run again in a moment");
        return false;
    }
    for (const RunPlan::Leg& leg : plan.legs)
        if (!ExperimentRunner::checkCells(leg.cells, error))
            return false;
    if (plan.legs.isEmpty()) {
        *error = tr("nothing to run");
        return false;
    }
    if (const QString problem = m_server->problem(); !plan.legs.first().server && !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    m_plan = plan;
    m_leg = 0;
    m_planRuns.clear();
    m_unrunLeg.clear();
    m_refusal.clear();
    m_predictions.clear();
    m_chosenBefore.reset();
    if (!startLeg(error)) {
        m_phase = Phase::Idle;
        return false;
    }
    return true;
}

bool LabSession::startLeg(QString* error)
{
    const RunPlan::Leg& leg = m_plan.legs[m_leg];
    if (!leg.server && !m_server->needsCheck())
        return beginLeg(error);
    // Preparing before choosing: the switch tells the window, which must see a run going and
    // leave the server alone. Choosing the lab's other server stops the one that ran and
    // starts it; prepare() answers once it runs (a URL: once its check passed, learning the
    // version that files and reports state), from the event loop.
    m_phase = Phase::PreparingServer;
    if (leg.server) {
        if (!m_chosenBefore) {
            m_chosenBefore = m_server->choice();
            m_startChosenBefore = m_server->ownServerStart();
        }
        m_server->choose(*leg.server);
    }
    m_server->prepare();
    return true;
}

void LabSession::serverReadyForLeg(bool ok, const QString& message)
{
    if (m_phase != Phase::PreparingServer)
        return; // a person's Test, or a strategy file's check
    QString error = message;
    if (!ok || !beginLeg(&error))
        refuse(error);
}

bool LabSession::beginLeg(QString* error)
{
    const RunPlan::Leg& leg = m_plan.legs[m_leg];
    if (leg.server)
        emit legStarted(m_leg, static_cast<int>(m_plan.legs.size()), m_server->engineLabel());
    if (!m_plan.predictFirst)
        return launch(leg.cells, error, false);
    m_calibrationResults.clear();
    const QList<RunCell> calibration = RatePrediction::calibrationCells(leg.cells);
    emit status(calibrationStatus(calibration));
    return launch(calibration, error, true);
}

QString LabSession::calibrationStatus(const QList<RunCell>& calibration)
{
    const auto busy = std::find_if(calibration.cbegin(), calibration.cend(), [](const RunCell& cell) {
        return cell.experiment.threads > 1 && !RatePrediction::locksInsideStatement(cell.strategy);
    });
    const auto loaded = std::find_if(calibration.cbegin(), calibration.cend(), [](const RunCell& cell) {
        return cell.experiment.threads > 1 && RatePrediction::locksInsideStatement(cell.strategy);
    });
    const QString alone = QLocale().toString(calibration.value(0).experiment.durationMs / 1000.0, 'f', 1);
    QString text = busy == calibration.cend()
        ? tr("calibrating: each strategy with one client for %1 s").arg(alone)
        : tr("calibrating: each strategy with one client for %1 s, then with %2 clients for %3 s")
              .arg(alone)
              .arg(busy->experiment.threads)
              .arg(QLocale().toString(busy->experiment.durationMs / 1000.0, 'f', 1));
    if (loaded != calibration.cend())
        text += tr("; %1 with %2 clients, to time its row at load")
                    .arg(loaded->strategy)
                    .arg(loaded->experiment.threads);
    return text;
}

bool LabSession::launch(QList<RunCell> cells, QString* error, bool calibration)
{
    const QString database = cells.isEmpty() ? m_experiment.database : cells.first().experiment.database;
    if (!calibration) {
        // A strategy calibrated on this server, now or before, has its rate predicted.
        for (RunCell& cell : cells) {
            if (const auto calibrated = m_calibrations.constFind(cell.strategy);
                calibrated != m_calibrations.cend()) {
                const RatePrediction::Prediction predicted
                    = RatePrediction::predict(*calibrated, cell.experiment);
                cell.predictedOrdersPerS = predicted.ordersPerS;
                cell.predictedBound = predicted.bound;
            }
        }
    }
    if (!m_runner.start(
            cells, connectionParams(database), m_server->engineLabel(), error, m_server->liveness()))
        return false;
    m_activeRun = m_runner.runId();
    m_phase = calibration ? Phase::Calibrating : Phase::Running;
    if (!calibration) {
        m_experiment = cells.first().experiment;
        m_ranOn = chosenServerInfo();
        m_planRuns.append(m_activeRun);
    }
    return true;
}

void LabSession::calibrated(bool cancelled)
{
    const QList<RunCell>& cells = m_plan.legs[m_leg].cells;
    const QList<RunCell> expected = RatePrediction::calibrationCells(cells);
    if (cancelled || !m_refusal.isEmpty() || m_calibrationResults.size() != expected.size()) {
        if (!cancelled && m_refusal.isEmpty()) {
            m_refusal = tr("the calibration did not finish");
            emit refused(m_refusal);
        }
        endPlan(cancelled);
        return;
    }
    setCalibrations(m_calibrationResults);
    m_predictions = RatePrediction::forCells(cells, m_calibrationResults);
    emit predictionsReady(m_predictions);
    QString error;
    if (!launch(cells, &error, false))
        refuse(error);
}

void LabSession::checkStrategy(const QString& text, const Experiment& experiment)
{
    if (isRunning() || m_recovering || checkingStrategy()) {
        emit strategyChecked(false, tr("Not now: a run, a recovery or another check is under way."));
        return;
    }
    if (m_server->needsCheck()) {
        m_trialText = text;
        m_trialExperiment = experiment;
        m_server->prepare();
        return;
    }
    m_trialExperiment = experiment;
    runTrial(text);
}

void LabSession::trialServerReady(bool ok, const QString& message)
{
    if (!m_trialText)
        return;
    const QString text = *std::exchange(m_trialText, std::nullopt);
    if (ok)
        runTrial(text);
    else
        emit strategyChecked(false, message);
}

void LabSession::runTrial(const QString& text)
{
    m_trialRunning = true;
    const Experiment experiment = m_trialExperiment;
    const ConnectionParams params = connectionParams(experiment.database);
    m_jobs->run<StrategyTrial::Report>(
        [text, experiment, params] { return StrategyTrial::run(text, experiment, params); },
        [this](const StrategyTrial::Report& report) {
            m_trialRunning = false;
            emit strategyChecked(report.ok, report.text);
        });
}

void LabSession::stop()
{
    switch (m_phase) {
    case Phase::PreparingServer: // nothing runs yet: the server's answer then starts nothing
        endPlan(true);
        return;
    case Phase::AuditingLostLeg: // the audit ends on its own; no leg follows it
    case Phase::Calibrating:
    case Phase::Running:
        m_plan.legs.resize(m_leg + 1); // the leg under way is the last
        break;
    case Phase::Idle:
        break;
    }
    m_runner.stop(); // workers see the flag between orders; finished() follows
}

void LabSession::stopNow()
{
    if (m_phase == Phase::PreparingServer || m_phase == Phase::AuditingLostLeg)
        stop();
    else {
        m_plan.legs.resize(std::max(m_leg + 1, 0));
        m_runner.stopNow(); // the orders under way are cancelled; finished() follows
    }
}

QList<SourcedResult> LabSession::comparisonSources() const
{
    QList<StrategyResult> results;
    for (const SourcedResult& row : m_results.rows())
        results.append(row.result);
    // One experiment on two engines: each line and bar names the server it ran on.
    const bool byServer = ResultWriter::spansServers(results);
    QList<SourcedResult> sources;
    for (const SourcedResult& row : m_results.rows())
        sources.append(row.fromFile
                ? row
                : SourcedResult { byServer ? row.result.server : QString(), row.result, false });
    return sources;
}

int LabSession::openResults(const QString& path, QString* error)
{
    const std::optional<ResultReader::RunFile> file = ResultReader::load(path, error);
    if (!file)
        return -1;
    const QString label = QFileInfo(path).completeBaseName();
    for (const StrategyResult& result : file->results)
        m_results.append({ label, result, true });
    return static_cast<int>(file->results.size());
}

const StrategyResult* LabSession::lostRun() const
{
    return m_lost >= 0 ? &m_results.at(m_lost).result : nullptr;
}

bool LabSession::recoverLostServer(QString* error)
{
    if (!lostRun()) {
        *error = tr("no run lost its server");
        return false;
    }
    if (!usesEmbedded()) {
        *error = tr("the lab restarts only its embedded server; once yours is back, run again");
        return false;
    }
    if (!(m_server->choice() == m_lostOn)) { // another leg's server, or chosen since
        *error = tr("the run lost %1, which is not the server chosen now").arg(m_lostOn.name());
        return false;
    }
    m_recovering = true;
    emit recoveryStarted();
    m_server->controller()->restartAfterLoss();
    return true;
}

void LabSession::auditAfterRestart(ServerController::State state, const QString& message)
{
    if (!m_recovering || m_auditingRecovery || state == ServerController::State::Starting
        || state == ServerController::State::Stopped)
        return;
    const StrategyResult lost = *lostRun();
    if (state == ServerController::State::Failed) {
        RecoveryReport failed;
        failed.error = tr("the server did not start again: %1").arg(message);
        m_results.update(m_lost, [&failed](SourcedResult& row) { row.result.takeRecovery(failed.tables()); });
        m_lost = -1;
        recoveryEnded(failed);
        return;
    }
    ConnectionParams params = m_server->controller()->params(lost.experiment.database);
    params.redis = m_redis;
    const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(lost.strategy);
    const StockLayout layout = strategy ? strategy->layout() : StockLayout::Rows;
    QString stockError;
    const std::optional<Auditor::ExternalStock> stock
        = LeftStock::reader(lost.strategy, lost.experiment, params, &stockError);
    const std::shared_ptr<const AcknowledgedOrders> acknowledged = lost.acknowledged;
    const std::shared_ptr<const UnresolvedOrders> unresolved
        = lost.unresolvedOrders ? lost.unresolvedOrders : std::make_shared<const UnresolvedOrders>();
    const int row = m_lost;
    m_lost = -1; // audited once; a second loss brings its own
    emit status(tr("auditing what the server kept"));
    // The audit scans the orders table: off this thread, with its own connections. Until it is done
    // the recovery goes on: a run started now would refill the tables under it.
    m_auditingRecovery = true;
    m_jobs->run<RecoveryReport>(
        [params, layout, acknowledged, unresolved, stock, stockError] {
            if (!stock) {
                RecoveryReport report;
                report.error = stockError;
                return report;
            }
            return RecoveryAudit::check(params, layout, *acknowledged, *unresolved, *stock);
        },
        [this, row](const RecoveryReport& report) {
            m_results.update(
                row, [&report](SourcedResult& lostRow) { lostRow.result.takeRecovery(report.tables()); });
            m_auditingRecovery = false;
            recoveryEnded(report);
        });
}

void LabSession::recoveryEnded(const RecoveryReport& report)
{
    m_recovering = false;
    emit recoveryAudited(report);
    if (m_phase != Phase::AuditingLostLeg)
        return;
    if (m_leg + 1 < m_plan.legs.size()) {
        ++m_leg;
        if (QString error; !startLeg(&error))
            refuse(error);
    } else
        endPlan(false);
}

void LabSession::renameResult(int index, const QString& label)
{
    if (!label.trimmed().isEmpty())
        m_results.update(index, [&label](SourcedResult& row) { row.source = label.trimmed(); });
}

void LabSession::removeResult(int index)
{
    if (index < 0 || index >= m_results.size())
        return;
    if (m_lost == index)
        m_lost = -1;
    else if (m_lost > index)
        --m_lost;
    m_results.remove(index);
}

void LabSession::setCalibrations(const QList<StrategyResult>& calibrations)
{
    m_calibrations = RatePrediction::byStrategy(calibrations);
}

void LabSession::clearResults()
{
    m_lost = -1;
    m_results.clear();
}

QList<SourcedResult> LabSession::exportSources() const
{
    // Each row under its own source: "#3", a file's name, or the name given; one experiment on
    // two engines adds the server each ran on.
    QList<SourcedResult> rows = m_results.rows();
    QList<StrategyResult> results;
    for (const SourcedResult& row : rows)
        results.append(row.result);
    if (ResultWriter::spansServers(results))
        for (SourcedResult& row : rows)
            if (!row.fromFile)
                row.source += QStringLiteral(" ") + row.result.server;
    return rows;
}

bool LabSession::exportResults(const QString& path, QString* error) const
{
    QList<StrategyResult> results;
    for (const SourcedResult& row : m_results.rows())
        results.append(row.result);
    if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        return ResultWriter::writeCsv(path, results, error);
    return ResultWriter::writeJson(path, runInfo(), results, error);
}

bool LabSession::exportReport(const QString& path, QString* error) const
{
    return drawingAvailable(error)
        && m_drawing->writeReport(path, { runInfo(), exportSources(), std::nullopt }, error);
}

bool LabSession::exportHandout(const QString& path, const Lesson& lesson, QString* error) const
{
    return drawingAvailable(error)
        && m_drawing->writeReport(path, { runInfo(), exportSources(), lesson }, error);
}

bool LabSession::exportCharts(const QString& folder, QSize size, int dpi, QString* error) const
{
    return drawingAvailable(error) && m_drawing->writeCharts(folder, exportSources(), size, dpi, error);
}

bool LabSession::drawingAvailable(QString* error) const
{
    if (!m_drawing)
        *error = tr("reports and charts are drawn by the window's module, which is not loaded");
    return m_drawing != nullptr;
}

RunOutcome LabSession::latestRunOutcome() const
{
    QList<StrategyResult> latest;
    for (const SourcedResult& row : m_results.rows()) {
        if (!row.fromFile && m_planRuns.contains(row.result.runId))
            latest.append(row.result);
    }
    return RunOutcome::of(latest, m_unrunLeg);
}

void LabSession::refuse(const QString& reason)
{
    if (!m_planRuns.isEmpty()) {
        // A later leg: the earlier legs' results stand, the run is incomplete.
        m_unrunLeg = reason;
        emit legFailed(reason);
    } else {
        m_refusal = reason;
        emit refused(reason);
    }
    endPlan(false);
}

void LabSession::endLeg(bool cancelled)
{
    if (cancelled || !m_refusal.isEmpty() || m_leg + 1 >= m_plan.legs.size()) {
        endPlan(cancelled);
        return;
    }
    // A leg that lost the lab's own server: what it kept is audited before another server is
    // chosen, which would stop this one; the next leg starts once the audit ends.
    if (legLostItsServer() && usesEmbedded()) {
        m_phase = Phase::AuditingLostLeg;
        QString error;
        if (recoverLostServer(&error))
            return;
        emit status(error);
    }
    ++m_leg;
    if (QString error; !startLeg(&error))
        refuse(error);
}

bool LabSession::legLostItsServer() const
{
    return lostRun() && lostRun()->runId == m_activeRun;
}

void LabSession::endPlan(bool cancelled)
{
    m_phase = Phase::Idle;
    // The server chosen before the legs (the window's Server panel's) is chosen again, as the
    // refresh of the Run button never chooses it, and started only if it ran before (the
    // command line's default MariaDB, never started, stays so); a run that lost its server
    // keeps it chosen, so that its restart and audit are of that server.
    if (m_chosenBefore && !legLostItsServer())
        m_server->choose(*m_chosenBefore, m_startChosenBefore);
    m_chosenBefore.reset();
    emit finished(cancelled);
}
