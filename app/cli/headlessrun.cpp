#include "app/cli/headlessrun.h"

#include "app/cli/consolereporter.h"
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/passwordmask.h"
#include "app/core/shutdownsignal.h"
#include "app/results/enginecomparison.h"
#include "app/results/rateprediction.h"
#include "app/results/resultwriter.h"
#include "app/results/runoutcome.h"
#include "app/session/labsession.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QSet>
#include <QTextStream>

#include <algorithm>
#include <cstdlib>

namespace {

// The process's exit statuses, as --help and docs/command-line.md state them.
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1; // a run or a file failed, or the server did not come back
constexpr int kExitUsage = 2;
constexpr int kExitUnsafe = 3; // a safe strategy lost, doubled or oversold something
constexpr int kExitInterrupted = 130;

QTextStream& err()
{
    static QTextStream stream(stderr);
    return stream;
}

QTextStream& out()
{
    static QTextStream stream(stdout);
    return stream;
}

// Every error line goes out with passwords masked: the server's own text may quote a
// connection string.
void printError(const QString& text)
{
    err() << "lockbench: " << PasswordMask::mask(text) << Qt::endl;
}

} // namespace

HeadlessRun::HeadlessRun(CommandLine commandLine, const ReportDrawing* drawing, QObject* parent)
    : QObject(parent)
    , m_commandLine(std::move(commandLine))
    , m_drawing(drawing)
{
}

int HeadlessRun::exec()
{
    const CommandLine& cli = m_commandLine;
    QString error;
    if (!cli.saveExperimentPath.isEmpty()
        && !ExperimentJson::saveFile(cli.experiment, cli.saveExperimentPath, &error)) {
        printError(error);
        return kExitUsage;
    }

    ShutdownSignal shutdown;
    bool interrupted = false;
    ConsoleReporter reporter(!cli.quiet);
    LabSession session;
    session.setReportDrawing(m_drawing);
    QEventLoop loop;
    const auto say = [&](const QString& line) { reporter.onStatus(0, line); };

    session.useRedis(cli.redis);
    QFile locksLog(cli.locksJsonPath);
    if (!cli.locksJsonPath.isEmpty() && !logLocks(session, locksLog))
        return kExitUsage;
    connect(&session, &LabSession::finished, &loop, &QEventLoop::quit);
    connect(&shutdown, &ShutdownSignal::requested, this, [&](int count) {
        interrupted = true;
        err() << (count == 1
                ? tr("lockbench: stopping after the current orders (Ctrl-C again to cancel them)")
                : count == 2
                ? tr(
                    "lockbench: stopping now: cancelling the orders under way (Ctrl-C again to quit at once)")
                : tr("lockbench: quitting"))
              << Qt::endl;
        if (count == 1)
            session.stop();
        else
            session.stopNow();
        if (count > 2)
            std::_Exit(kExitInterrupted); // the server child gets SIGTERM through PR_SET_PDEATHSIG
    });
    connectReporter(session, reporter, say);
    connect(&session, &LabSession::predictionsReady, this, &HeadlessRun::printPredictions);
    announceCells(session, cli.cells(), say);
    // The same experiment on each server in turn, side by side in one table; or a lesson's
    // steps on the servers they name: the session runs the legs. A leg that cannot run ends the
    // run there; what the earlier legs measured is still shown, written and judged.
    const QList<CommandLine::Leg> legs = cli.legs();
    RunPlan plan;
    plan.predictFirst = cli.predict;
    for (const CommandLine::Leg& leg : legs)
        plan.legs.append({ leg.server, leg.cells });
    const auto legFailed = [&](const QString& why) {
        const qsizetype index = std::clamp<qsizetype>(session.legIndex(), 0, legs.size() - 1);
        printError(legs.size() > 1 ? tr("server %1 of %2 (%3): %4")
                                         .arg(index + 1)
                                         .arg(legs.size())
                                         .arg(legs[index].server.name(), why)
                                   : why);
    };
    int status = kExitOk;
    followLegs(session, legs, say, &status);
    connect(&session, &LabSession::legFailed, this, [&](const QString& why) {
        if (!interrupted)
            legFailed(why);
        status = std::max(status, kExitFailed);
    });
    if (!session.start(plan, &error)) {
        legFailed(error);
        return kExitUsage;
    }
    loop.exec();
    if (!session.refusal().isEmpty()) {
        if (!interrupted)
            legFailed(session.refusal());
        status = std::max(status, interrupted ? kExitInterrupted : kExitFailed);
    }
    // A run that lost the server is completed by the audit after the restart before it is
    // shown and written, interrupted or not (the session audits a leg followed by another itself).
    status = std::max(status, auditLostServer(session, loop, say));
    if (session.results().isEmpty() && interrupted)
        return kExitInterrupted; // nothing ran: no table, no files
    if (session.results().isEmpty() && status != kExitOk)
        return status; // nothing ran: no table, no files
    status = finish(session, reporter, status);
    // What the runs up to the interrupt broke is not hidden by it.
    return interrupted && status != kExitUnsafe ? kExitInterrupted : status;
}

void HeadlessRun::printPredictions(const QList<RatePrediction::ForCell>& predictions)
{
    for (const RatePrediction::ForCell& p : predictions) {
        // Asked for, so printed under --quiet too.
        out() << (p.prediction.ordersPerS < 0
                ? tr("predicted: %1 — nothing to predict from (%2)").arg(p.strategy, p.why)
                : tr("predicted: %1 with %2 clients, %3 orders/s (bound: %4)")
                      .arg(p.strategy)
                      .arg(p.clients)
                      .arg(
                          QLocale().toString(p.prediction.ordersPerS, 'f', 0), boundName(p.prediction.bound)))
              << Qt::endl;
    }
}

bool HeadlessRun::logLocks(LabSession& session, QFile& log)
{
    if (!log.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        printError(tr("cannot write %1: %2").arg(log.fileName(), log.errorString()));
        return false;
    }
    connect(&session, &LabSession::locksSampled, this, [&log](const LockSnapshot& snapshot) {
        log.write(
            QJsonDocument(ResultWriter::lockSnapshotJson(snapshot)).toJson(QJsonDocument::Compact) + '\n');
    });
    return true;
}

void HeadlessRun::connectReporter(LabSession& session, ConsoleReporter& reporter, const Say& say)
{
    connect(&session, &LabSession::deadlockFound, &reporter, &ConsoleReporter::onDeadlock);
    connect(&session, &LabSession::status, this, say);
    connect(&session, &LabSession::sampleReady, &reporter, &ConsoleReporter::onSample);
    connect(&session, &LabSession::strategyFinished, &reporter, &ConsoleReporter::onStrategyFinished);
}

void HeadlessRun::announceCells(LabSession& session, const QList<RunCell>& cells, const Say& say)
{
    const CommandLine& cli = m_commandLine;
    if (cli.lesson) {
        // "step 2/3: Hold the lock longer (pessimistic)" as each step begins.
        QList<int> firstCellOfStep;
        int next = 0;
        for (const LessonStep& step : cli.lesson->steps) {
            firstCellOfStep << next;
            next += static_cast<int>(RunCell::plainRun(step.experiment, step.strategies).size());
        }
        connect(&session, &LabSession::cellStarted, this, [this, firstCellOfStep, next](int index, int) {
            // On a second server of --server the steps begin again.
            const int step = static_cast<int>(firstCellOfStep.indexOf((m_cellOffset + index) % next));
            if (step < 0)
                return;
            const LessonStep& s = m_commandLine.lesson->steps[step];
            // Shown under --quiet too: the steps are the lesson's headings.
            QTextStream(stdout) << tr("step %1/%2: %3 (%4)")
                                       .arg(step + 1)
                                       .arg(m_commandLine.lesson->steps.size())
                                       .arg(s.title, s.strategies.join(QStringLiteral(", ")))
                                << Qt::endl;
        });
    } else if (cli.action == CommandLine::Action::Sweep || cli.experiment.repeat > 1) {
        connect(&session, &LabSession::cellStarted, this, [this, cells, say](int index, int count) {
            const RunCell& cell = cells[index];
            QString what = QStringLiteral("threads=%1").arg(cell.experiment.threads);
            if (m_commandLine.sweep.dimension == SweepPlan::Dimension::Slots)
                what += QStringLiteral(" slots=%1").arg(cell.experiment.slotsPerSku);
            else if (m_commandLine.sweep.dimension == SweepPlan::Dimension::Skus)
                what += QStringLiteral(" skus=%1").arg(cell.experiment.skus);
            if (cell.experiment.repeat > 1)
                what += tr(" run %1/%2").arg(cell.repetition).arg(cell.experiment.repeat);
            say(tr("cell %1/%2: %3 %4").arg(index + 1).arg(count).arg(cell.strategy, what));
        });
    }
}

int HeadlessRun::finish(const LabSession& session, ConsoleReporter& reporter, int status)
{
    QList<StrategyResult> results;
    for (const SourcedResult& row : session.results())
        results.append(row.result);
    reporter.printTable(results);
    // Every leg's rows: a safe strategy's loss on the first server is not hidden by the last.
    const RunOutcome outcome = RunOutcome::of(results);
    if (!ResultWriter::spansServers(results)) // else they would speak of the last server's runs only
        for (const QString& sentence : outcome.comparisons())
            QTextStream(stdout) << sentence << Qt::endl;
    for (const QString& sentence : EngineComparison::sentences(results))
        QTextStream(stdout) << sentence << Qt::endl;
    if (QString error; !writeFiles(session, &error)) {
        printError(error);
        status = std::max(status, kExitFailed);
    }
    switch (outcome.ending()) {
    case RunOutcome::Ending::Passed:
        break;
    case RunOutcome::Ending::Incomplete:
        status = std::max(status, kExitFailed);
        break;
    case RunOutcome::Ending::Unsafe:
        status = kExitUnsafe;
        break;
    }
    return status;
}

void HeadlessRun::followLegs(
    LabSession& session, const QList<CommandLine::Leg>& legs, const Say& say, int* status)
{
    connect(&session, &LabSession::serverStateChanged, this,
        [&session, say](ServerController::State state, const QString& text) {
            if (state == ServerController::State::Starting && session.usesEmbedded())
                say(text);
        });
    connect(
        &session, &LabSession::legStarted, this, [this, &session, legs, say](int index, int, const QString&) {
            say(tr("server: %1").arg(session.serverDescription()));
            m_cellOffset = 0; // a lesson's steps on the earlier legs' servers came first
            for (int leg = 0; leg < index; ++leg)
                m_cellOffset += static_cast<int>(legs[leg].cells.size());
        });
    connect(&session, &LabSession::recoveryStarted, this,
        [say] { say(tr("restarting the embedded server to audit what it kept")); });
    connect(&session, &LabSession::recoveryAudited, this, [say, status](const RecoveryReport& report) {
        say(tr("after the restart: %1").arg(report.summary()));
        if (!report.valid) // what it found is in the lost run's result now
            *status = std::max(*status, kExitFailed);
    });
}

int HeadlessRun::auditLostServer(LabSession& session, QEventLoop& loop, const Say& say)
{
    if (!session.lostRun() || !session.usesEmbedded())
        return kExitOk;
    QString error;
    const QMetaObject::Connection audited
        = connect(&session, &LabSession::recoveryAudited, &loop, &QEventLoop::quit);
    const bool restarting = session.recoverLostServer(&error);
    if (restarting)
        loop.exec();
    disconnect(audited);
    if (!restarting) {
        say(error);
        return kExitFailed;
    }
    return kExitOk; // the audit's own finding is counted as it is said (followLegs)
}

bool HeadlessRun::writeFiles(const LabSession& session, QString* error) const
{
    const CommandLine& cli = m_commandLine;
    if (!cli.jsonPath.isEmpty() && !session.exportResults(cli.jsonPath, error))
        return false;
    if (!cli.csvPath.isEmpty() && !session.exportResults(cli.csvPath, error))
        return false;
    if (!cli.reportPath.isEmpty()) {
        if (!(cli.lesson ? session.exportHandout(cli.reportPath, *cli.lesson, error)
                         : session.exportReport(cli.reportPath, error)))
            return false;
        QTextStream(stdout) << (cli.lesson ? tr("hand-out: %1") : tr("report: %1")).arg(cli.reportPath)
                            << Qt::endl;
    }
    if (cli.pdfHandoutToo) {
        const QString pdf = QFileInfo(cli.reportPath).path() + QLatin1Char('/')
            + QFileInfo(cli.reportPath).completeBaseName() + QStringLiteral(".pdf");
        if (!session.exportHandout(pdf, *cli.lesson, error))
            return false;
        QTextStream(stdout) << tr("hand-out: %1").arg(QDir::cleanPath(pdf)) << Qt::endl;
    }
    if (!cli.chartsDir.isEmpty()) {
        if (!session.exportCharts(cli.chartsDir, cli.chartSize, cli.chartDpi, error))
            return false;
        QTextStream(stdout) << tr("charts: %1").arg(cli.chartsDir) << Qt::endl;
    }
    return true;
}
