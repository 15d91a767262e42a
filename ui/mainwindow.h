#pragma once

#include "app/core/sweepplan.h"
#include "app/report/chartdrawing.h"
#include "app/session/ownserverstate.h"
#include "ui/panels/runprogress.h"

#include <QMainWindow>

class ChartsPanel;
class LessonPanel;
class PresenterMode;
class QTabWidget;
class DeadlocksPanel;
class LockInspectorPanel;
class ExperimentPanel;
class QAction;
class QLabel;
class QProgressBar;
class QSplitter;
class LabSession;
class ResultsPanel;
class ServerRecovery;
class ServerPanel;
class StrategyPanel;
class SweepPanel;

// Assembles the panels and connects them to the session; the session and the panels do
// the work.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ExperimentPanel* experimentPanel() const { return m_experiment; }
    StrategyPanel* strategyPanel() const { return m_strategies; }
    ServerPanel* serverPanel() const { return m_server; }
    ChartsPanel* chartsPanel() const { return m_charts; }
    ResultsPanel* resultsPanel() const { return m_results; }
    LockInspectorPanel* lockInspectorPanel() const { return m_lockInspector; }
    DeadlocksPanel* deadlocksPanel() const { return m_deadlocks; }
    LessonPanel* lessonPanel() const { return m_lessons; }
    PresenterMode* presenterMode() const { return m_presenter; }
    class PredictionGate* predictions() const { return m_predictions; }
    OwnServerState ownServer() const; // the lab's own server, read through the session
    LabSession* session() const { return m_session; }
    ServerRecovery* serverRecovery() const { return m_recovery; }
    QAction* runAction() const { return m_run; }
    QAction* showSetupAction() const { return m_showSetup; }
    QAction* stopAction() const { return m_stop; }

    void run();
    void runSweep();
    void stop();
    void openResults();
    // Adds the runs of a results file to the table and the scaling charts; false with `error`.
    bool openResultsFile(const QString& path, QString* error);
    // The user chose another language and to restart in it: main starts the lab again once
    // this window has closed and its server has stopped.
    bool restartRequested() const { return m_restartRequested; }
    SweepPanel* sweepPanel() const { return m_sweep; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    // The steps of the constructor.
    void layOutPanels();
    void buildStatusBar();
    void buildActions();
    void createRunActions();
    void buildFileMenu();
    void buildViewMenu();
    void connectPanels();
    void connectRun();
    void connectResults();
    bool startCells(const QList<RunCell>& cells);
    void showRunProgress();
    void updateRunAction();
    void showWarning(const QString& title, const QString& text);
    void restoreSettings();
    void saveSettings() const;

    ChartDrawing m_drawing; // draws the session's reports and chart files
    LabSession* m_session;
    ExperimentPanel* m_experiment;
    StrategyPanel* m_strategies;
    SweepPanel* m_sweep;
    ServerPanel* m_server;
    ChartsPanel* m_charts;
    ResultsPanel* m_results;
    LockInspectorPanel* m_lockInspector;
    DeadlocksPanel* m_deadlocks;
    LessonPanel* m_lessons;
    QTabWidget* m_setup; // experiment, strategies, sweep, server, lesson
    QTabWidget* m_details; // results, lock inspector, deadlocks
    QSplitter* m_mainSplitter;
    QSplitter* m_rightSplitter;
    QAction* m_run = nullptr;
    QAction* m_stop = nullptr;
    QAction* m_export = nullptr;
    QAction* m_runSweep = nullptr;
    QAction* m_showSetup = nullptr; // the experiment panel shown
    QLabel* m_status;
    QProgressBar* m_progress;
    RunProgress m_runProgress;
    class SessionFiles* m_files = nullptr;
    PresenterMode* m_presenter = nullptr;
    class PredictionGate* m_predictions = nullptr;
    ServerRecovery* m_recovery = nullptr;
    bool m_restartRequested = false;
    bool m_stopping = false; // Stop was chosen once: the next one stops now
};
