#pragma once

#include "app/cli/commandline.h"
#include "app/results/rateprediction.h"

#include <QObject>

#include <functional>

class ConsoleReporter;
class LabSession;
class ReportDrawing;
class QEventLoop;
class QFile;
struct RunCell;

// The headless front: drives a LabSession through the command line's experiment (server,
// runs, recovery, files), prints as it goes, and returns the process's exit status.
class HeadlessRun : public QObject {
    Q_OBJECT
public:
    // `drawing` draws the report and chart files the command line asks for (none asked: may be null).
    HeadlessRun(CommandLine commandLine, const ReportDrawing* drawing, QObject* parent = nullptr);
    int exec();

private:
    using Say = std::function<void(const QString&)>;
    // --predict: the rates the session predicted for the plan, before it runs.
    static void printPredictions(const QList<RatePrediction::ForCell>& predictions);
    // --locks-json: every lock picture as a line of the file; false (printed) when it cannot be written.
    bool logLocks(LabSession& session, QFile& log);
    void connectReporter(LabSession& session, ConsoleReporter& reporter, const Say& say);
    // A lesson's steps, or a sweep's (or repeated run's) cells, announced as each begins.
    void announceCells(LabSession& session, const QList<RunCell>& cells, const Say& say);
    // The table, each experiment's comparison and the files; the exit status the results call for.
    int finish(const LabSession& session, ConsoleReporter& reporter, int status);
    // What the session says of each leg of the plan: the server starting, then described; a
    // leg's lost server restarted and audited (its finding raises `status`).
    void followLegs(LabSession& session, const QList<CommandLine::Leg>& legs, const Say& say, int* status);
    // After a run that lost the embedded server: restart it and audit; the exit status it calls for.
    int auditLostServer(LabSession& session, QEventLoop& loop, const Say& say);
    bool writeFiles(const LabSession& session, QString* error) const;

    CommandLine m_commandLine;
    const ReportDrawing* m_drawing;
    int m_cellOffset = 0; // the cells of a lesson's earlier legs, on other servers
};
