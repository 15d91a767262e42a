#include "ui/mainwindow.h"

#include "app/core/observingcost.h"
#include "app/session/labsession.h"
#include "strategies/strategyregistry.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/comparisonpanel.h"
#include "ui/languagemenu.h"
#include "ui/panels/deadlockspanel.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/lessonpanel.h"
#include "ui/panels/lockinspectorpanel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverpanel.h"
#include "ui/panels/serverrecovery.h"
#include "ui/panels/strategypanel.h"
#include "ui/panels/sweeppanel.h"
#include "ui/predictiongate.h"
#include "ui/presentermode.h"
#include "ui/sessionfiles.h"
#include "ui/windowkeys.h"
#include "ui/windowplacement.h"

#include <QAction>
#include <QCloseEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

namespace {

// How long a passing message stays in the status bar: a run's steps, and a file written.
constexpr int kStatusMessageMs = 3000;
constexpr int kFileMessageMs = 5000;
// Wide enough for "pessimistic (3/9): 1,634 units left", not so wide that it crowds the status.
constexpr int kProgressMinWidth = 300;
constexpr int kProgressMaxWidth = 380;

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_session(new LabSession(this))
    , m_experiment(new ExperimentPanel)
    , m_strategies(new StrategyPanel)
    , m_sweep(new SweepPanel)
    , m_server(new ServerPanel(m_session))
    , m_charts(new ChartsPanel)
    , m_results(new ResultsPanel(&m_session->resultList()))
    , m_lockInspector(new LockInspectorPanel)
    , m_deadlocks(new DeadlocksPanel)
    , m_lessons(new LessonPanel)
    , m_setup(new QTabWidget)
    , m_details(new QTabWidget)
    , m_mainSplitter(new QSplitter(Qt::Horizontal, this))
    , m_rightSplitter(new QSplitter(Qt::Vertical, this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
{
    setWindowTitle(tr("lockbench — hot-row lock contention lab"));
    m_session->setReportDrawing(&m_drawing);
    layOutPanels();
    buildStatusBar();
    m_files = new SessionFiles(this, m_session, m_charts->comparison()); // before the actions that use it
    buildActions();
    connectPanels();
    connectRun();
    connectResults();
    m_recovery = new ServerRecovery(m_session, this);
    connect(m_recovery, &ServerRecovery::message, m_status, &QLabel::setText);
    connect(m_lessons, &LessonPanel::handoutRequested, m_files, &SessionFiles::exportHandout);
    connect(m_files, &SessionFiles::message, this,
        [this](const QString& text) { statusBar()->showMessage(text, kFileMessageMs); });

    restoreSettings();
    m_session->startEmbeddedServer();
    updateRunAction();
}

void MainWindow::layOutPanels()
{
    const auto scrolled = [](QWidget* panel) { // a tall panel scrolls rather than make the window taller
        auto* scroll = new QScrollArea;
        scroll->setWidget(panel);
        scroll->setWidgetResizable(true);
        return scroll;
    };
    auto* setup = m_setup;
    setup->addTab(scrolled(m_experiment), tr("Experiment"));
    setup->addTab(m_strategies, tr("Strategies"));
    setup->addTab(m_sweep, tr("Sweep"));
    setup->addTab(scrolled(m_server), tr("Server"));
    setup->addTab(m_lessons, tr("Lesson"));
    QTabWidget* details = m_details;
    details->addTab(m_results, tr("Results"));
    details->addTab(m_lockInspector, tr("Lock inspector"));
    details->addTab(m_deadlocks, tr("Deadlocks"));
    m_rightSplitter->addWidget(m_charts);
    m_rightSplitter->addWidget(details);
    m_rightSplitter->setStretchFactor(0, 3);
    m_rightSplitter->setStretchFactor(1, 1);
    m_mainSplitter->addWidget(setup);
    m_mainSplitter->addWidget(m_rightSplitter);
    m_mainSplitter->setStretchFactor(1, 3);
    setCentralWidget(m_mainSplitter);
}

void MainWindow::buildStatusBar()
{
    m_progress->setMinimumWidth(kProgressMinWidth);
    m_progress->setMaximumWidth(kProgressMaxWidth);
    m_progress->setTextVisible(true);
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_details->setObjectName(QStringLiteral("details"));
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
}

// What the panels ask of each other: a preset's or a lesson step's experiment and strategies,
// the rules the ticked strategies set, and Run kept in step with the form.
void MainWindow::connectPanels()
{
    connect(m_experiment, &ExperimentPanel::changed, this, &MainWindow::updateRunAction);
    connect(m_experiment, &ExperimentPanel::presetChosen, this, [this](const Preset& preset) {
        m_strategies->setSelectedIds(preset.strategies);
        if (preset.clusterNodes > 0)
            m_server->setCluster(preset.clusterNodes); // starts the lab's own cluster
        else if (m_server->clusterNodes() > 0)
            m_server->setUsesEmbedded(true); // a single server's lesson, back on the single server
    });
    // The ticked strategies decide which rules the experiment must meet: applied before Run
    // is updated, so that Run sees the fields' errors under the new ticks.
    const auto applyStrategyNeeds
        = [this] { m_experiment->setStrategyNeeds(StrategyRegistry::needsOf(m_strategies->selectedIds())); };
    applyStrategyNeeds();
    connect(m_strategies, &StrategyPanel::selectionChanged, this, applyStrategyNeeds);
    connect(m_strategies, &StrategyPanel::selectionChanged, this, &MainWindow::updateRunAction);
    // The chosen server decides which fields play a part (a cluster's placement, say).
    const auto applyServerShape = [this] {
        m_experiment->setServerShape(m_server->shape());
        m_strategies->setPostgres(m_server->shape().postgres);
    };
    applyServerShape();
    connect(m_server, &ServerPanel::changed, this, applyServerShape);
    connect(m_server, &ServerPanel::changed, this, &MainWindow::updateRunAction);
    connect(m_sweep, &SweepPanel::changed, this, &MainWindow::updateRunAction);
    connect(m_sweep, &SweepPanel::runRequested, this, &MainWindow::runSweep);
    connect(m_lessons, &LessonPanel::stepShown, this, [this](const LessonStep& step) {
        // The step's experiment and strategies, and its chart in front, its text beside it.
        m_setup->setCurrentWidget(m_lessons);
        m_server->chooseOwn(step.server); // a lesson comparing engines names each step's
        if (!step.server.isEmpty())
            m_server->setSideBySide(false); // and runs each step on that one
        m_experiment->setExperiment(step.experiment);
        m_strategies->setSelectedIds(step.strategies);
        m_presenter->setLessonChart(step.chart);
        if (!m_charts->showChart(step.chart))
            m_details->setCurrentWidget(step.chart == QLatin1String("lock-inspector")
                    ? static_cast<QWidget*>(m_lockInspector)
                    : m_deadlocks);
    });
    connect(m_lessons, &LessonPanel::runRequested, this, &MainWindow::run);
}

// A run as it goes: status, progress, samples, lock pictures and deadlocks, and its end.
void MainWindow::connectRun()
{
    connect(m_session, &LabSession::status, this,
        [this](const QString& message) { statusBar()->showMessage(message, kStatusMessageMs); });
    connect(m_session, &LabSession::strategyStarted, this, [this](const QString& strategy) {
        m_runProgress.strategyStarted(strategy);
        m_charts->strategyStarted(strategy);
        m_status->setText(tr("Running %1").arg(strategy));
        showRunProgress();
    });
    connect(m_session, &LabSession::legStarted, this, [this](int, int, const QString& engine) {
        m_charts->setServer(engine);
        statusBar()->showMessage(tr("Running on %1").arg(m_session->serverDescription()), kStatusMessageMs);
    });
    connect(m_session, &LabSession::sampleReady, this, [this](const MetricsSample& sample) {
        m_charts->addSample(sample);
        m_runProgress.update(sample);
        showRunProgress();
    });
    connect(m_session, &LabSession::strategyFinished, this, [this](const StrategyResult& result) {
        if (result.error.isEmpty())
            m_server->connectionUsed(); // the password worked: keep it, if asked to
        m_charts->strategyFinished(result);
        m_lessons->addResult(result);
    });
    connect(m_session, &LabSession::locksSampled, m_lockInspector, &LockInspectorPanel::setSnapshot);
    connect(m_session, &LabSession::deadlockFound, this, [this](const DeadlockRecord& deadlock) {
        m_deadlocks->addDeadlock(deadlock);
        m_charts->addDeadlock(deadlock);
    });
    connect(m_session, &LabSession::refused, this, [this](const QString& reason) {
        showWarning(tr("Cannot run"),
            tr("The run did not start, and nothing on the server was changed.\n\n%1").arg(reason));
    });
    connect(m_strategies, &StrategyPanel::checkRequested, this, [this](const QString& text) {
        // On the server chosen now, with the experiment as the fields hold it.
        QString connectionError;
        if (!m_server->applyChoice(m_experiment->experiment().database, &connectionError))
            m_strategies->showCheck(false, connectionError);
        else
            m_session->checkStrategy(text, m_experiment->experiment());
    });
    connect(m_session, &LabSession::strategyChecked, m_strategies, &StrategyPanel::showCheck);
    connect(m_session, &LabSession::recoveryStarted, this, &MainWindow::updateRunAction);
    connect(m_session, &LabSession::recoveryAudited, this, &MainWindow::updateRunAction);
    connect(m_session, &LabSession::legFailed, this, [this](const QString& reason) {
        showWarning(tr("Next server not run"),
            tr("The run stopped before its next server; what the servers before it measured is kept "
               "in the results.\n\n%1")
                .arg(reason));
    });
    connect(m_session, &LabSession::finished, this, [this](bool cancelled) {
        const bool refused = !m_session->refusal().isEmpty();
        m_progress->setValue(refused ? 0 : cancelled ? m_progress->value() : 100);
        m_progress->setFormat(refused ? tr("not run") : cancelled ? tr("stopped") : tr("done"));
        updateRunAction();
        // After updateRunAction(), which would say "Ready to run": what the run came to stays in
        // view until the next change of the form.
        const QString ending = m_session->latestRunOutcome().endingText();
        statusBar()->clearMessage(); // a run's last "stopping" would hide how it ended
        m_status->setText(refused ? tr("Not run")
                : cancelled       ? tr("Stopped: %1").arg(ending)
                                  : tr("Finished: %1").arg(ending));
    });
}

// The session's results, read by the results panel, and the rows' menu back to the session.
void MainWindow::connectResults()
{
    const ResultList* results = &m_session->resultList();
    const auto rowsChanged = [this] {
        m_files->refreshComparison();
        updateRunAction();
    };
    connect(results, &QAbstractItemModel::rowsInserted, this, rowsChanged);
    connect(results, &QAbstractItemModel::rowsRemoved, this, rowsChanged);
    connect(results, &QAbstractItemModel::modelReset, this, rowsChanged);
    connect(m_results, &ResultsPanel::renameRequested, m_session, &LabSession::renameResult);
    connect(m_results, &ResultsPanel::removeRequested, m_session, &LabSession::removeResult);
    connect(m_results, &ResultsPanel::clearRequested, m_session, &LabSession::clearResults);
}

MainWindow::~MainWindow()
{
    m_session->stop();
}

OwnServerState MainWindow::ownServer() const
{
    return m_session->ownServer();
}

void MainWindow::buildActions()
{
    createRunActions();
    buildFileMenu();
    QMenu* runMenu = menuBar()->addMenu(tr("&Run"));
    runMenu->addAction(m_run);
    runMenu->addAction(m_runSweep);
    runMenu->addAction(m_stop);
    m_predictions = new PredictionGate(m_session, m_lessons, m_results, statusBar(), this);
    runMenu->addSeparator();
    runMenu->addAction(m_predictions->action());
    buildViewMenu();
    QToolBar* toolbar = addToolBar(tr("Run"));
    toolbar->setObjectName(QStringLiteral("runToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolbar->addAction(m_run);
    toolbar->addAction(m_runSweep);
    toolbar->addAction(m_stop);
    toolbar->addAction(m_export);
    toolbar->addSeparator();
    toolbar->addAction(m_showSetup);
}

void MainWindow::createRunActions()
{
    m_run = new QAction(tr("&Run"), this);
    WindowKeys::bind(m_run, WindowKeys::Command::Run);
    m_stop = new QAction(tr("&Stop"), this);
    WindowKeys::bind(m_stop, WindowKeys::Command::Stop);
    m_runSweep = new QAction(tr("Run s&weep"), this);
    WindowKeys::bind(m_runSweep, WindowKeys::Command::RunSweep);
    m_export = new QAction(tr("&Export results (JSON, CSV)…"), this);
    WindowKeys::bind(m_export, WindowKeys::Command::ExportResults);
    connect(m_run, &QAction::triggered, this, &MainWindow::run);
    connect(m_stop, &QAction::triggered, this, &MainWindow::stop);
    connect(m_runSweep, &QAction::triggered, this, &MainWindow::runSweep);
    connect(m_export, &QAction::triggered, m_files, &SessionFiles::exportResults);
}

void MainWindow::buildFileMenu()
{
    auto* open = new QAction(tr("&Open results…"), this);
    WindowKeys::bind(open, WindowKeys::Command::OpenResults);
    auto* exportReportAction = new QAction(tr("Export &report (HTML, PDF)…"), this);
    auto* exportChartsAction = new QAction(tr("Export all &charts (PNG, SVG, PDF)…"), this);
    auto* exportScalingAction = new QAction(tr("Export the &scaling chart…"), this);
    auto* quit = new QAction(tr("&Quit"), this);
    WindowKeys::bind(quit, WindowKeys::Command::Quit);
    connect(open, &QAction::triggered, this, &MainWindow::openResults);
    connect(exportReportAction, &QAction::triggered, m_files, &SessionFiles::exportReport);
    connect(exportChartsAction, &QAction::triggered, m_files, &SessionFiles::exportCharts);
    connect(exportScalingAction, &QAction::triggered, m_files, &SessionFiles::exportScalingChart);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(open);
    file->addAction(m_export);
    file->addAction(exportReportAction);
    file->addAction(exportChartsAction);
    file->addAction(exportScalingAction);
    file->addSeparator();
    file->addAction(quit);
}

void MainWindow::buildViewMenu()
{
    // At 1280x720 the charts want the width: the experiment panel folds away and back.
    m_showSetup = new QAction(tr("&Experiment panel"), this);
    m_showSetup->setCheckable(true);
    m_showSetup->setChecked(true);
    WindowKeys::bind(m_showSetup, WindowKeys::Command::ExperimentPanel);
    m_showSetup->setToolTip(tr("Show or hide the experiment, strategies, sweep and server panel (%1)")
                                .arg(WindowKeys::named(WindowKeys::Command::ExperimentPanel)));
    connect(m_showSetup, &QAction::toggled, m_mainSplitter->widget(0), &QWidget::setVisible);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_showSetup);
    m_presenter = new PresenterMode(m_charts, m_setup, m_lessons, m_details, this);
    view->addAction(m_presenter->action());
    addAction(m_presenter->action()); // its key works with the menu bar hidden too
    // A passing message laid out for the old type size would overlap the status in the new one.
    connect(m_presenter->action(), &QAction::toggled, statusBar(), &QStatusBar::clearMessage);
    auto* language = new LanguageMenu(this);
    view->addMenu(language);
    connect(language, &LanguageMenu::restartRequested, this, [this] {
        m_restartRequested = true;
        close();
    });
}

void MainWindow::updateRunAction()
{
    const bool running = m_session->isRunning();
    QString why;
    const QList<FieldError> errors = m_experiment->errors();
    if (running)
        why = tr("a run is going");
    else if (m_session->recovering())
        why = tr("the server is being restarted and audited");
    else if (!errors.isEmpty())
        why = tr("%1: %2").arg(errors.first().field, errors.first().message);
    else if (m_strategies->selectedIds().isEmpty())
        why = tr("choose at least one strategy");
    else
        why = m_server->problem(m_experiment->experiment().database);
    m_run->setEnabled(why.isEmpty());
    m_strategies->setCheckAllowed(!running && !m_session->recovering());
    m_run->setToolTip(why.isEmpty()
            ? tr("Run the selected strategies (%1)").arg(WindowKeys::named(WindowKeys::Command::Run))
            : tr("Run is disabled: %1").arg(why));
    QString sweepWhy = why;
    if (sweepWhy.isEmpty())
        m_sweep->plan(&sweepWhy);
    m_runSweep->setEnabled(sweepWhy.isEmpty());
    m_runSweep->setToolTip(sweepWhy.isEmpty() ? tr("Run every strategy at every client count (%1)")
                                                    .arg(WindowKeys::named(WindowKeys::Command::RunSweep))
                                              : tr("Sweep is disabled: %1").arg(sweepWhy));
    m_sweep->runButton()->setEnabled(sweepWhy.isEmpty());
    m_sweep->runButton()->setToolTip(m_runSweep->toolTip());
    m_stop->setEnabled(running);
    if (!running) {
        m_stopping = false;
        m_stop->setText(tr("&Stop"));
        m_stop->setToolTip({});
    }
    m_export->setEnabled(!m_results->results().isEmpty());
    if (!running)
        m_status->setText(why.isEmpty() ? tr("Ready to run") : tr("Run is disabled: %1").arg(why));
}

void MainWindow::run()
{
    if (!m_run->isEnabled())
        return;
    startCells(RunCell::plainRun(m_experiment->experiment(), m_strategies->selectedIds()));
}

void MainWindow::runSweep()
{
    if (!m_runSweep->isEnabled())
        return;
    QString error;
    const std::optional<SweepPlan> plan = m_sweep->plan(&error);
    const StrategyNeeds needs = StrategyRegistry::needsOf(m_strategies->selectedIds());
    if (plan)
        error = plan->validate(m_experiment->experiment(), needs).join(QLatin1Char('\n'));
    if (!plan || !error.isEmpty()) {
        showWarning(tr("Cannot sweep"), error);
        return;
    }
    startCells(plan->cells(m_experiment->experiment(), m_strategies->selectedIds()));
}

bool MainWindow::startCells(const QList<RunCell>& cells)
{
    QString error;
    const Experiment experiment = m_experiment->experiment();
    const RunPlan plan = RunPlan::of(cells, m_predictions->predictFirst(), m_server->sideBySide());
    if (!m_server->applyChoice(experiment.database, &error) || !m_session->start(plan, &error)) {
        showWarning(tr("Cannot run"), error);
        return false;
    }
    m_charts->startRun(experiment.skus * experiment.initialStock,
        experiment.stop == StopKind::Duration ? static_cast<double>(experiment.durationMs) / 1000.0 : 0.0);
    m_runProgress = RunProgress(experiment, static_cast<int>(plan.cellCount()));
    m_lessons->runStarted();
    m_lockInspector->runStarted(experiment.observes(ObservingCost::bit(ObservingCost::View::Inspector)));
    m_progress->setValue(0);
    showRunProgress();
    saveSettings();
    updateRunAction();
    return true;
}

void MainWindow::showWarning(const QString& title, const QString& text)
{
    // Window-modal and returning at once: a nested event loop here would stall the charts
    // of a run that is still winding down, and hang any caller that is not a person.
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("runWarning"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showRunProgress()
{
    m_progress->setValue(m_runProgress.percent());
    m_progress->setFormat(m_runProgress.text());
}

void MainWindow::openResults()
{
    m_files->openResults();
    updateRunAction();
}

bool MainWindow::openResultsFile(const QString& path, QString* error)
{
    const bool ok = m_files->openResultsFile(path, error);
    updateRunAction();
    return ok;
}

void MainWindow::stop()
{
    if (m_stopping) { // the second Stop: the orders still waiting are cancelled
        m_session->stopNow();
        m_status->setText(tr("Stopping now: cancelling the orders under way…"));
        return;
    }
    m_stopping = true;
    m_session->stop(); // workers see the flag between orders; finished() follows
    m_stop->setText(tr("Stop &now"));
    m_stop->setToolTip(tr("Cancel the orders still under way: rolled back and counted as cancelled"));
    m_status->setText(tr("Stopping after the orders under way… (Stop again to cancel them)"));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_session->stop();
    saveSettings();
    event->accept();
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    // Sized for this screen, and a saved geometry only within it: the screen may have changed.
    const QRect available = screen()->availableGeometry();
    const QSize minimum = minimumSizeHint();
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(WindowPlacement::initialSize(available, minimum));
    else if (!isMaximized() && !isFullScreen())
        setGeometry(WindowPlacement::fitted(geometry(), available, minimum));
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_mainSplitter->restoreState(settings.value(QStringLiteral("window/mainSplitter")).toByteArray());
    m_rightSplitter->restoreState(settings.value(QStringLiteral("window/rightSplitter")).toByteArray());
    m_showSetup->setChecked(settings.value(QStringLiteral("window/setupShown"), true).toBool());
    m_experiment->restoreSettings(settings);
    m_strategies->restoreSettings(settings);
    m_server->restoreSettings(settings);
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("window/rightSplitter"), m_rightSplitter->saveState());
    settings.setValue(QStringLiteral("window/setupShown"), m_showSetup->isChecked());
    m_experiment->saveSettings(settings);
    m_strategies->saveSettings(settings);
    m_server->saveSettings(settings); // never a password
}
