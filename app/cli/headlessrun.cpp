#include "app/core/passwordmask.h"
#include "app/cli/headlessrun.h"

#include "app/cli/consolereporter.h"

#include "app/server/embeddedserver.h"
#include "app/session/lostserveraudit.h"
#include "app/core/experimentfields.h"
#include "app/run/experimentrunner.h"
#include "app/db/mysqlconnection.h"
#include "app/report/resultwriter.h"
#include "app/session/shutdownsignal.h"
#include "app/report/chartexporter.h"
#include "app/report/chartfactory.h"
#include "app/report/reportwriter.h"

#include <QChart>
#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>

namespace {

QTextStream& err()
{
    static QTextStream stream(stderr);
    return stream;
}

// Every error line goes out with passwords masked: the server's own text may quote a
// connection string.
void printError(const QString& text)
{
    err() << "lockbench: " << PasswordMask::mask(text) << Qt::endl;
}

} // namespace

HeadlessRun::HeadlessRun(CommandLine commandLine, QObject* parent)
    : QObject(parent)
    , m_commandLine(std::move(commandLine))
{
}

bool HeadlessRun::writeChartsAndReport(const ResultWriter::RunInfo& info, const QList<StrategyResult>& results, QString* error) const
{
    const CommandLine& cli = m_commandLine;
    QList<ChartFactory::Source> sources;
    for (const StrategyResult& result : results)
        sources.append({ QString(), result });
    if (!cli.reportPath.isEmpty()) {
        if (!ReportWriter::write(cli.reportPath, { info, sources }, error))
            return false;
        QTextStream(stdout) << "report: " << cli.reportPath << Qt::endl;
    }
    if (!cli.chartsDir.isEmpty()) {
        if (!QDir().mkpath(cli.chartsDir)) {
            *error = QStringLiteral("cannot create %1").arg(cli.chartsDir);
            return false;
        }
        for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(sources)) {
            std::unique_ptr<QChart> chart(named.chart);
            for (const char* extension : { ".png", ".svg", ".pdf" }) {
                const QString path = QDir(cli.chartsDir).filePath(named.name + QLatin1String(extension));
                if (!ChartExporter::save(chart.get(), path, cli.chartSize, cli.chartDpi, error))
                    return false;
            }
        }
        QTextStream(stdout) << "charts: " << cli.chartsDir << Qt::endl;
    }
    return true;
}

int HeadlessRun::exec()
{
    const CommandLine& cli = m_commandLine;
    QString error;
    if (!cli.saveExperimentPath.isEmpty() && !ExperimentFields::saveFile(cli.experiment, cli.saveExperimentPath, &error)) {
        printError(error);
        return 2;
    }

    ShutdownSignal shutdown;
    bool interrupted = false;
    ConsoleReporter reporter(!cli.quiet);
    ResultWriter::RunInfo info;
    info.experiment = cli.experiment;

    std::unique_ptr<EmbeddedServer> embedded;
    ConnectionParams params;
    if (cli.server == QLatin1String("embedded")) {
        embedded = std::make_unique<EmbeddedServer>();
        QObject::connect(&shutdown, &ShutdownSignal::requested, this, [&] { interrupted = true; });
        if (!embedded->start(&error, [&](const QString& message) { reporter.onStatus(0, message); })) {
            printError(QStringLiteral("the embedded server did not start: ") + error);
            return 1;
        }
        params = embedded->connectionParams(cli.experiment.database);
        info.serverVersion = embedded->version();
        info.serverUrl = QStringLiteral("embedded (%1)").arg(embedded->dataDirectory());
    } else {
        const std::optional<ConnectionParams> parsed = ConnectionParams::fromUrl(cli.server, &error);
        if (!parsed) {
            printError(QStringLiteral("--server: ") + error);
            return 2;
        }
        params = *parsed;
        if (params.database.isEmpty())
            params.database = cli.experiment.database;
        if (params.password.isEmpty())
            params.password = qEnvironmentVariable("LOCKBENCH_PASSWORD"); // keeps it out of `ps`
        info.embedded = false;
        info.serverUrl = params.maskedUrl();
        MysqlConnection probe;
        if (!probe.open(params, false)) {
            printError(QStringLiteral("cannot connect to %1: %2").arg(info.serverUrl, probe.lastError().toString()));
            return 1;
        }
        info.serverVersion = probe.serverVersion();
    }
    if (interrupted)
        return 130;
    reporter.onStatus(0, QStringLiteral("server: %1, %2").arg(info.serverUrl, info.serverVersion));

    ExperimentRunner runner;
    QList<StrategyResult> results;
    QFile locksLog(cli.locksJsonPath);
    if (!cli.locksJsonPath.isEmpty()) {
        if (!locksLog.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            printError(QStringLiteral("cannot write %1: %2").arg(cli.locksJsonPath, locksLog.errorString()));
            return 2;
        }
        connect(&runner, &ExperimentRunner::locksSampled, this, [&](const LockSnapshot& snapshot) {
            locksLog.write(QJsonDocument(ResultWriter::lockSnapshotJson(snapshot)).toJson(QJsonDocument::Compact) + '\n');
        });
    }
    connect(&runner, &ExperimentRunner::deadlockFound, &reporter, &ConsoleReporter::onDeadlock);
    QEventLoop loop;
    connect(&runner, &ExperimentRunner::status, &reporter, &ConsoleReporter::onStatus);
    connect(&runner, &ExperimentRunner::sampleReady, &reporter, &ConsoleReporter::onSample);
    connect(&runner, &ExperimentRunner::strategyFinished, this, [&](const StrategyResult& result) {
        results.append(result);
        reporter.onStrategyFinished(result);
    });
    connect(&runner, &ExperimentRunner::finished, &loop, [&] { loop.quit(); });
    connect(&shutdown, &ShutdownSignal::requested, this, [&](int count) {
        interrupted = true;
        err() << (count == 1 ? "lockbench: stopping after the current orders (Ctrl-C again to quit at once)"
                             : "lockbench: quitting")
              << Qt::endl;
        runner.stop();
        if (count > 1)
            std::_Exit(130); // the server child gets SIGTERM through PR_SET_PDEATHSIG
    });
    const QList<RunCell> cells = cli.cells();
    if (cli.action == CommandLine::Action::Sweep) {
        connect(&runner, &ExperimentRunner::cellStarted, this, [&](int, int index, int count) {
            const RunCell& cell = cells[index];
            QString what = QStringLiteral("threads=%1").arg(cell.experiment.threads);
            if (cli.sweep.dimension == SweepPlan::Dimension::Slots)
                what += QStringLiteral(" slots=%1").arg(cell.experiment.slotsPerSku);
            else if (cli.sweep.dimension == SweepPlan::Dimension::Skus)
                what += QStringLiteral(" skus=%1").arg(cell.experiment.skus);
            reporter.onStatus(0, QStringLiteral("cell %1/%2: %3 %4").arg(index + 1).arg(count).arg(cell.strategy, what));
        });
    }
    if (!runner.start(cells, params, &error)) {
        printError(error);
        return 2;
    }
    loop.exec();

    reporter.printTable(results);
    int status = LostServerAudit::run(embedded, results, [&](const QString& line) { reporter.onStatus(0, line); });
    if (!cli.jsonPath.isEmpty() && !ResultWriter::writeJson(cli.jsonPath, info, results, &error)) {
        printError(error);
        status = 1;
    }
    if (!cli.csvPath.isEmpty() && !ResultWriter::writeCsv(cli.csvPath, results, &error)) {
        printError(error);
        status = 1;
    }
    if (!writeChartsAndReport(info, results, &error)) {
        printError(error);
        status = 1;
    }
    for (const StrategyResult& result : results) {
        if (!result.error.isEmpty())
            status = std::max(status, 1);
        else if (result.safe && (result.anomaly() || !result.clientsAgree()))
            status = 3;
    }
    if (interrupted)
        return 130;
    return status;
}
