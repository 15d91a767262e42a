#pragma once

#include "app/audit/recoveryaudit.h"
#include "app/core/lesson.h"
#include "app/core/sourcedresult.h"
#include "app/core/sweepplan.h"
#include "app/results/rateprediction.h"
#include "app/results/resultwriter.h"
#include "app/results/runoutcome.h"
#include "app/run/experimentrunner.h"

#include "app/server/servercontroller.h"
#include "app/session/labserver.h"
#include "app/session/resultlist.h"
#include "app/session/runplan.h"
#include <QHash>

#include <QList>
#include <QObject>
#include <QSize>

class BackgroundJobs;
class ReportDrawing;

// What the window and the command line both do, once: reach the server (the embedded
// MariaDB, started on a thread of its own, or one by URL), run the planned cells, keep the
// results and drop what belongs to an older run, recover a lost embedded server and audit
// what it kept, and export results, charts and the report. The fronts only turn user
// actions into these calls and the signals into pixels or text. Lives on the GUI (or main)
// thread; every signal arrives there.
class LabSession : public QObject {
    Q_OBJECT
public:
    explicit LabSession(QObject* parent = nullptr);
    ~LabSession() override;

    // --- the server
    // One choice for both fronts (ServerChoice::parse): the lab's own server starts, or
    // switches between single and cluster, at once; a URL is checked before it is run on.
    void chooseServer(const ServerChoice& choice) { m_server->choose(choice); }
    const ServerChoice& serverChoice() const { return m_server->choice(); }
    // The Redis of the strategies that keep stock there (--redis); none: the run starts its own.
    void useRedis(const std::optional<RedisEndpoint>& endpoint) { m_redis = endpoint; }
    bool usesEmbedded() const { return m_server->choice().startsOwnServer(); }
    // Starts the lab's own server unless it runs, or checks the server by URL (its version
    // is learnt then); serverPrepared follows.
    void prepareServer() { m_server->prepare(); }
    // A person's Test of the server by URL: also opens the lab's database there (creating it
    // if need be); serverPrepared follows.
    void testServer() { m_server->prepare(ServerCheck::Depth::Database); }
    // Starts the lab's own server, whatever is chosen, unless it runs or is starting: the
    // window has it ready from the start.
    void startEmbeddedServer() { m_server->controller()->start(); }
    // Why a run cannot start on the chosen server now; empty when it can.
    QString serverProblem() const { return m_server->problem(); }
    // The same for a choice not (yet) made, choosing nothing and starting nothing: what the
    // window's Run button asks each time it is refreshed.
    QString serverProblemWith(const ServerChoice& choice) const { return m_server->problemWith(choice); }
    // The chosen server in one sentence, its version included: "the lab's embedded MariaDB in …".
    QString serverDescription() const { return m_server->description(); }
    const LabServer* server() const { return m_server; }
    OwnServerState ownServer() const { return m_server->ownServerState(); }
    ConnectionParams connectionParams(const QString& database) const;
    // The server and experiment of the results, as files and reports state them: the server the
    // latest cells ran on (the last leg's), else the one chosen.
    ResultWriter::RunInfo runInfo() const;

    // --- runs
    // Validates every leg's cells and starts the plan: each leg's server chosen and made ready
    // (started, or checked by URL), then its cells one after another, each on fresh data; false
    // with `error` when a cell is invalid or a run is going. With `predictFirst`, each strategy
    // first runs alone with one client for a moment (its calibration, kept out of the results and
    // the charts); predictionsReady follows, then the cells, each result carrying its prediction.
    // A leg that lost the lab's own server has it restarted and audited before the next leg.
    // finished() follows the last leg; the server chosen before is chosen again, unless a run
    // awaits the audit of the server it lost.
    bool start(const RunPlan& plan, QString* error);
    // The cells on the chosen server.
    bool start(const QList<RunCell>& cells, QString* error)
    {
        return start(RunPlan::of(cells, false), error);
    }
    void stop();
    // "Check on server" for the strategy file `text`: the server prepared if it must be, then
    // one order tried and rolled back (StrategyTrial), off this thread; strategyChecked() says
    // what it did. Refused while a run or another check is under way.
    void checkStrategy(const QString& text, const Experiment& experiment);
    bool checkingStrategy() const { return m_trialText.has_value() || m_trialRunning; }
    // A second stop: the orders still under way are cancelled (rolled back, counted as cancelled).
    void stopNow();
    // The runner's thread decides while cells run: once it ends, a new run may start though
    // its finished() is still queued (what it sends late is dropped by run id).
    bool isRunning() const
    {
        return m_runner.isRunning() || m_phase == Phase::PreparingServer || m_phase == Phase::Calibrating
            || m_phase == Phase::AuditingLostLeg;
    }
    // The leg of the plan under way (or the last one), from 0.
    int legIndex() const { return m_leg; }
    // The latest run's predictions, empty when it predicted nothing.
    const QList<RatePrediction::ForCell>& predictions() const { return m_predictions; }
    int runId() const { return m_runner.runId(); }
    // Why the latest run did not run at all (another lab holds its database), else empty.
    QString refusal() const { return m_refusal; }
    // What the latest start() came to, every leg of a side-by-side run included: its comparisons
    // and how it ended (RunOutcome).
    RunOutcome latestRunOutcome() const;

    // Every result of the session: runs of this session ("#3") and results opened from files.
    const QList<SourcedResult>& results() const { return m_results.rows(); }
    // The same rows with the signals of every change, for the window's table to read in place.
    const ResultList& resultList() const { return m_results; }
    // The rows a person keeps: renamed (the source column), removed, or all cleared. A lost
    // run that awaits its audit is removed only with its row.
    void renameResult(int index, const QString& label);
    void removeResult(int index);
    void clearResults();
    // What the scaling charts compare: this session's runs, and opened files under their name.
    QList<SourcedResult> comparisonSources() const;
    // Adds the runs of a results file; the number added, or -1 with `error`.
    int openResults(const QString& path, QString* error);

    // One-client calibration runs, a strategy's each: every later result of that strategy carries
    // the rate they predict for its experiment (RatePrediction).
    void setCalibrations(const QList<StrategyResult>& calibrations);

    // --- a lost server
    // The latest run that lost its server with orders to check, if any.
    const StrategyResult* lostRun() const;
    // Restarts the embedded server on the same data and audits what the lost run left:
    // recoveryAudited follows (with an error when the server would not come back).
    bool recoverLostServer(QString* error);
    // From recoverLostServer() until recoveryAudited: no run may start, it would refill the tables
    // the audit reads.
    bool recovering() const { return m_recovering; }

    // --- export
    // JSON, or CSV when the path ends in .csv.
    bool exportResults(const QString& path, QString* error) const;
    // The report and charts are drawn by what the front gives here (the window's ChartDrawing, or
    // the one the command line loads); without one, exporting them says so.
    void setReportDrawing(const ReportDrawing* drawing) { m_drawing = drawing; }
    // HTML or PDF, by extension.
    bool exportReport(const QString& path, QString* error) const;
    // A lesson's hand-out, HTML or PDF: the rows its steps ran, under each step's text and question.
    bool exportHandout(const QString& path, const Lesson& lesson, QString* error) const;
    // Every chart of the results as PNG, SVG and PDF into `folder`.
    bool exportCharts(const QString& folder, QSize size, int dpi, QString* error) const;

signals:
    void serverStateChanged(ServerController::State state, const QString& message);
    void nodeStatesChanged(const QStringList& states);
    // The lab's own server stopped answering (what its watch heard), or answers again (empty).
    void serverSilenceChanged(const QString& silence);
    // prepareServer() (or a run's check of a server by URL) is done: `message` describes the
    // server, or says why it cannot be run on.
    void serverPrepared(bool ok, const QString& message);
    void status(const QString& message);
    void strategyStarted(const QString& strategy);
    // A leg of the plan whose server was named begins there ("PostgreSQL 15.18"), the server
    // ready; its cells follow.
    void legStarted(int index, int count, const QString& engine);
    void cellStarted(int index, int count);
    void sampleReady(const MetricsSample& sample);
    void locksSampled(const LockSnapshot& snapshot);
    void deadlockFound(const DeadlockRecord& deadlock);
    void strategyFinished(const StrategyResult& result);
    void serverLost(const StrategyResult& result);
    // The run was turned away before it touched anything; finished() follows.
    void refused(const QString& reason);
    // A side-by-side run's next server could not be run on: the earlier legs' results stay, the
    // run ends incomplete; finished() follows.
    void legFailed(const QString& reason);
    void finished(bool cancelled);
    void strategyChecked(bool ok, const QString& report);
    void recoveryStarted();
    void recoveryAudited(const RecoveryReport& report);
    // The calibration is done: what the model predicts for each strategy and client count.
    void predictionsReady(const QList<RatePrediction::ForCell>& predictions);

private:
    // Where the plan is: between runs; making a leg's server ready; calibrating; running the
    // leg's cells; restarting and auditing the lab's own server a leg lost, before the next leg.
    enum class Phase { Idle, PreparingServer, Calibrating, Running, AuditingLostLeg };

    void connectRunner();
    bool startLeg(QString* error); // the leg m_leg: its server first, then beginLeg()
    void serverReadyForLeg(bool ok, const QString& message);
    bool beginLeg(QString* error); // the server is ready: calibrate, or run the leg's cells
    void refuse(const QString& reason); // the plan stops before a leg: refused() or legFailed(), finished()
    void endLeg(bool cancelled); // the next leg, or the end of the plan
    void endPlan(bool cancelled);
    bool legLostItsServer() const; // the leg's run lost the server, and awaits its audit
    bool launch(QList<RunCell> cells, QString* error, bool calibration);
    static QString calibrationStatus(const QList<RunCell>& calibration);
    void calibrated(bool cancelled); // the calibration ended: predict, then run the cells
    bool calibrating() const { return m_phase == Phase::Calibrating; }
    void recoveryEnded(const RecoveryReport& report);
    void auditAfterRestart(ServerController::State state, const QString& message);
    void trialServerReady(bool ok, const QString& message);
    void runTrial(const QString& text);
    std::optional<QString> m_trialText; // waiting for the server's check
    bool m_trialRunning = false;
    Experiment m_trialExperiment;
    QList<SourcedResult> exportSources() const;
    bool drawingAvailable(QString* error) const;

    LabServer* m_server;
    BackgroundJobs* m_jobs;
    RunPlan m_plan; // of the latest start()
    int m_leg = -1;
    Phase m_phase = Phase::Idle;
    std::optional<ServerChoice> m_chosenBefore; // chosen again once a plan that chose servers ends
    LabServer::Start m_startChosenBefore = LabServer::Start::Now; // and started again if it ran
    ExperimentRunner m_runner;
    std::optional<RedisEndpoint> m_redis;
    const ReportDrawing* m_drawing = nullptr;
    Experiment m_experiment; // of the latest run, for files and reports
    std::optional<ResultWriter::RunInfo> m_ranOn; // the server it ran on
    ResultWriter::RunInfo chosenServerInfo() const;
    int m_activeRun = 0;
    QList<int> m_planRuns; // the runs of the latest start(): one per leg
    QString m_unrunLeg; // why a side-by-side run's later leg could not run
    QString m_refusal;
    QHash<QString, RatePrediction::Calibration> m_calibrations;
    QList<StrategyResult> m_calibrationResults;
    QList<RatePrediction::ForCell> m_predictions;
    ResultList m_results;
    int m_lost = -1; // index in m_results of the run whose orders await an audit
    ServerChoice m_lostOn; // the server it lost
    bool m_recovering = false;
    bool m_auditingRecovery = false; // the recovery's audit is running on its own thread
};
