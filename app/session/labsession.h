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
#include <QHash>

#include <QList>
#include <QObject>
#include <QSize>

class BackgroundJobs;
class ReportDrawing;
class ServerLegs;

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
    // The server and experiment of the results, as files and reports state them.
    ResultWriter::RunInfo runInfo() const;

    // --- runs
    // Validates and starts the cells one after another, each on fresh data; false with
    // `error` when a cell is invalid or a run is going. With `predictFirst`, each strategy first
    // runs alone with one client for a moment (its calibration, kept out of the results and the
    // charts); predictionsReady follows, then the cells, each result carrying its prediction.
    // With `servers`, the same cells run on each of them in turn (side by side: the lab's MariaDB,
    // then its PostgreSQL), each result naming its server; finished() follows the last.
    bool start(const QList<RunCell>& cells, QString* error, bool predictFirst = false,
        const QList<ServerChoice>& servers = {});
    void stop();
    // "Check on server" for the strategy file `text`: the server prepared if it must be, then
    // one order tried and rolled back (StrategyTrial), off this thread; strategyChecked() says
    // what it did. Refused while a run or another check is under way.
    void checkStrategy(const QString& text, const Experiment& experiment);
    bool checkingStrategy() const { return m_trialText.has_value() || m_trialRunning; }
    // A second stop: the orders still under way are cancelled (rolled back, counted as cancelled).
    void stopNow();
    bool isRunning() const
    {
        return m_runner.isRunning() || m_waitingForCheck.has_value() || m_afterCalibration.has_value()
            || legsWaiting();
    }
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
    // prepareServer() (or a run's check of a server by URL) is done: `message` describes the
    // server, or says why it cannot be run on.
    void serverPrepared(bool ok, const QString& message);
    void status(const QString& message);
    void strategyStarted(const QString& strategy);
    // A side-by-side run goes on to its next server ("PostgreSQL 15.18"); its cells follow.
    void legStarted(const QString& engine);
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
    void connectRunner();
    bool begin(const QList<RunCell>& cells, QString* error, bool predictFirst);
    bool legsWaiting() const;
    void startLeg(); // the next server of a side-by-side run is ready
    void refuse(const QString& reason); // the run stops before it starts: refused(), finished()
    void endRun(bool cancelled); // finished(), or the next server's leg
    bool launch(QList<RunCell> cells, QString* error);
    static QString calibrationStatus(const QList<RunCell>& calibration);
    bool launchOrCheck(const QList<RunCell>& cells, QString* error, bool calibration);
    void launchChecked(bool ok, const QString& message);
    void calibrated(bool cancelled); // the calibration ended: predict, then run the cells
    bool calibrating() const { return m_calibrationRun != 0 && m_calibrationRun == m_activeRun; }
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
    ServerLegs* m_legs;
    QList<RunCell> m_legCells; // what each leg of a side-by-side run runs
    bool m_legPredicts = false;
    bool m_sideBySide = false; // the latest run goes from server to server
    ExperimentRunner m_runner;
    std::optional<RedisEndpoint> m_redis;
    const ReportDrawing* m_drawing = nullptr;
    std::optional<QList<RunCell>> m_waitingForCheck; // started once the server by URL passes its check
    Experiment m_experiment; // of the latest run, for files and reports
    int m_activeRun = 0;
    QList<int> m_planRuns; // the runs of the latest start(): one, or one per side-by-side leg
    QString m_unrunLeg; // why a side-by-side run's later leg could not run
    QString m_refusal;
    QHash<QString, RatePrediction::Calibration> m_calibrations;
    int m_calibrationRun = 0; // the run id of a calibration under way
    bool m_waitingCalibration = false; // the cells launched next are a calibration
    QList<StrategyResult> m_calibrationResults;
    std::optional<QList<RunCell>> m_afterCalibration; // the cells that run once it ends
    QList<RatePrediction::ForCell> m_predictions;
    ResultList m_results;
    int m_lost = -1; // index in m_results of the run whose orders await an audit
    bool m_recovering = false;
    bool m_auditingRecovery = false; // the recovery's audit is running on its own thread
};
