// Benchmark, not a test: the window under load against the headless CLI on the same experiment.
//
// Runs one strategy with N client threads (default 256) in the window, with every chart
// live, and measures how late a 10 ms timer fires on the GUI thread: the event loop's
// latency while a person watches. With --cli (and --server, so that both use one server)
// the CLI runs the same experiment in turns with the window, and the medians of their
// orders/s are compared. One more window run clicks through the chart tabs every second
// (each tab lays out and paints its charts anew) and resizes the window every 5 s; then
// Stop is pressed mid-run and timed.
// Usage: scripts/bench-gui.sh [threads] [options]; see --help.
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/strategyresult.h"
#include "app/run/experimentrunner.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/metricchart.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/serverpanel.h"
#include "ui/panels/strategypanel.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

namespace {

struct Options {
    QString threads = QStringLiteral("256");
    QString strategy = QStringLiteral("conditional");
    QString skus = QStringLiteral("10000");
    int seconds = 15;
    int repetitions = 3; // window/CLI pairs
    QString server; // empty: the window's embedded server
    QString cli; // path of lockbench for the headless run; empty: none
};

// Runs the event loop, sleeping between events (processEvents() with a time limit would
// spin and take a core from the run it measures), until done() or the timeout.
bool waitUntil(const std::function<bool()>& done, int timeoutMs)
{
    QEventLoop loop;
    QTimer check;
    check.setInterval(20);
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!done()) {
        check.start();
        loop.exec();
    }
    return done();
}

double quantile(std::vector<qint64> values, double q)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    return static_cast<double>(values[static_cast<std::size_t>(q * static_cast<double>(values.size() - 1))]);
}

// `lockbench run` on the window's own experiment, saved as a file; its orders/s, or a
// negative value with `error` set.
double headlessOrdersPerS(const Options& o, const Experiment& experiment, QString* error)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("experiment.json"));
    const QString json = dir.filePath(QStringLiteral("cli.json"));
    QFile saved(file);
    if (!saved.open(QIODevice::WriteOnly)
        || saved.write(QJsonDocument(ExperimentJson::toJson(experiment)).toJson()) < 0) {
        *error = QStringLiteral("cannot write %1").arg(file);
        return -1.0;
    }
    saved.close();
    const QStringList arguments = { QStringLiteral("run"), QStringLiteral("--quiet"),
        QStringLiteral("--strategy"), o.strategy, QStringLiteral("--experiment"), file,
        QStringLiteral("--server"), o.server, QStringLiteral("--json"), json };
    QProcess cli;
    cli.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    cli.start(o.cli, arguments);
    if (!cli.waitForFinished((o.seconds + 120) * 1000) || cli.exitCode() != 0) {
        *error = QStringLiteral("lockbench run failed (exit %1): %2")
                     .arg(cli.exitCode())
                     .arg(QString::fromLocal8Bit(cli.readAllStandardOutput()));
        return -1.0;
    }
    QFile result(json);
    if (!result.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("lockbench run wrote no %1").arg(json);
        return -1.0;
    }
    const QJsonArray strategies
        = QJsonDocument::fromJson(result.readAll()).object().value(QStringLiteral("strategies")).toArray();
    return strategies.isEmpty() ? -1.0
                                : strategies.first()
                                      .toObject()
                                      .value(QStringLiteral("summary"))
                                      .toObject()
                                      .value(QStringLiteral("orders_per_s"))
                                      .toDouble(-1.0);
}

// The flags, into `o`; an exit status when they are wrong.
std::optional<int> readOptions(QApplication& app, Options& o, QTextStream& out)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("The window under load, against the headless CLI on the same experiment."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("threads"), QStringLiteral("client threads (default 256)"));
    parser.addOption({ QStringLiteral("strategy"), QStringLiteral("strategy (default conditional)"),
        QStringLiteral("id") });
    parser.addOption(
        { QStringLiteral("skus"), QStringLiteral("SKUs, uniform (default 10000)"), QStringLiteral("n") });
    parser.addOption(
        { QStringLiteral("seconds"), QStringLiteral("seconds per run (default 15)"), QStringLiteral("s") });
    parser.addOption({ QStringLiteral("repetitions"), QStringLiteral("window/CLI pairs; medians (default 3)"),
        QStringLiteral("n") });
    parser.addOption({ QStringLiteral("server"),
        QStringLiteral("mysql:// URL; default: the window's embedded server"), QStringLiteral("url") });
    parser.addOption({ QStringLiteral("cli"),
        QStringLiteral("lockbench binary: also run the experiment headless and compare"),
        QStringLiteral("path") });
    parser.process(app);
    if (!parser.positionalArguments().isEmpty())
        o.threads = parser.positionalArguments().first();
    o.strategy = parser.value(QStringLiteral("strategy")).isEmpty()
        ? o.strategy
        : parser.value(QStringLiteral("strategy"));
    o.skus = parser.value(QStringLiteral("skus")).isEmpty() ? o.skus : parser.value(QStringLiteral("skus"));
    o.seconds = parser.value(QStringLiteral("seconds")).isEmpty()
        ? o.seconds
        : parser.value(QStringLiteral("seconds")).toInt();
    o.repetitions = parser.value(QStringLiteral("repetitions")).isEmpty()
        ? o.repetitions
        : parser.value(QStringLiteral("repetitions")).toInt();
    o.server = parser.value(QStringLiteral("server"));
    o.cli = parser.value(QStringLiteral("cli"));
    if (o.seconds < 3 || o.repetitions < 1) {
        out << "--seconds must be at least 3 and --repetitions at least 1" << Qt::endl;
        return 2;
    }
    if (!o.cli.isEmpty() && o.server.isEmpty()) {
        // The window's embedded server holds its data directory: the CLI could not share it.
        out << "--cli needs --server, so that both runs use the same server" << Qt::endl;
        return 2;
    }
    return std::nullopt;
}

// The window on the chosen server with the experiment of the options; false when it cannot run.
bool prepareWindow(MainWindow& window, const Options& o, QTextStream& out)
{
    window.resize(1400, 900);
    window.show();
    if (o.server.isEmpty()) {
        waitUntil([&] { return window.ownServer().state != ServerController::State::Starting; }, 60000);
        if (window.ownServer().state != ServerController::State::Ready) {
            out << "the embedded server did not start: " << window.ownServer().message << Qt::endl;
            return false;
        }
    } else {
        window.serverPanel()->setUsesEmbedded(false);
        window.serverPanel()->setUrl(o.server);
    }
    window.experimentPanel()->setFieldText(QStringLiteral("threads"), o.threads);
    window.experimentPanel()->setFieldText(QStringLiteral("skus"), o.skus);
    window.experimentPanel()->setFieldText(QStringLiteral("skew"), QStringLiteral("uniform"));
    window.experimentPanel()->setFieldText(QStringLiteral("stock"), QStringLiteral("100000000"));
    window.experimentPanel()->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
    window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("%1s").arg(o.seconds));
    window.strategyPanel()->setSelectedIds({ o.strategy });
    if (!waitUntil([&] { return window.runAction()->isEnabled(); }, 10000)) {
        out << "cannot run: " << window.runAction()->toolTip() << Qt::endl;
        return false;
    }
    return true;
}

// What one run in the window measured.
struct WindowRun {
    double ordersPerS = -1.0; // -1: the run failed
    std::vector<qint64> lateness; // how late each tick of a 10 ms timer fired
};

// One run in the window. Event-loop latency: how late each tick of a 10 ms timer fires.
// Clicking through: the next chart tab every second, and a resize every 5 s.
WindowRun runInWindow(MainWindow& window, const Options& o, bool clickThrough, qint64& firstPointMs)
{
    WindowRun run;
    double lastOrdersPerS = -1.0;
    const QMetaObject::Connection finished = QObject::connect(window.session(), &LabSession::strategyFinished,
        [&](const StrategyResult& r) { lastOrdersPerS = r.error.isEmpty() ? r.ordersPerS : -1.0; });
    const int chartCount = window.chartsPanel()->count();
    std::vector<qint64>& lateness = run.lateness;
    QElapsedTimer tick;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(10);
    QObject::connect(
        &heartbeat, &QTimer::timeout, [&] { lateness.push_back(std::max<qint64>(0, tick.restart() - 10)); });
    int step = 0;
    QTimer click;
    click.setInterval(1000);
    QObject::connect(&click, &QTimer::timeout, [&] {
        ++step;
        window.chartsPanel()->setCurrentIndex(step % chartCount);
        if (step % 5 == 0)
            window.resize(step % 10 ? 1200 : 1450, step % 10 ? 800 : 950);
    });
    window.chartsPanel()->setCurrentIndex(0);
    QElapsedTimer sinceRun;
    window.runAction()->trigger();
    sinceRun.start();
    tick.start();
    heartbeat.start();
    if (clickThrough)
        click.start();
    waitUntil(
        [&] {
            if (firstPointMs < 0
                && window.chartsPanel()->chart(QStringLiteral("Orders per second"))->pointCount(o.strategy)
                    > 0)
                firstPointMs = sinceRun.elapsed();
            return !window.session()->isRunning() && sinceRun.elapsed() > 1000;
        },
        (o.seconds + 120) * 1000);
    QObject::disconnect(finished);
    run.ordersPerS = lastOrdersPerS;
    return run;
}

// Stop mid-run: how long until the run has ended, in ms.
qint64 stopMidRun(MainWindow& window)
{
    window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("10m"));
    window.runAction()->trigger();
    waitUntil([&] { return window.session()->isRunning(); }, 10000);
    QThread::msleep(3000);
    QElapsedTimer stopping;
    stopping.start();
    window.stopAction()->trigger();
    waitUntil([&] { return !window.session()->isRunning(); }, 30000);
    return stopping.elapsed();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2.0;
}

QString latencyText(const std::vector<qint64>& ticks)
{
    return QStringLiteral("p50 %1 ms, p99 %2 ms, max %3 ms over %4 ticks")
        .arg(quantile(ticks, 0.5))
        .arg(quantile(ticks, 0.99))
        .arg(quantile(ticks, 1.0))
        .arg(ticks.size());
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("lockbench-bench"));
    QCoreApplication::setApplicationName(QStringLiteral("lockbench-bench"));
    QTextStream out(stdout);
    Options o;
    if (const std::optional<int> status = readOptions(app, o, out))
        return *status;
    MainWindow window;
    if (!prepareWindow(window, o, out))
        return 1;

    // Window and CLI take turns, the order flipping each time, so that neither always
    // follows the other; the ratio is of the medians.
    qint64 firstPointMs = -1;
    std::vector<qint64> watching;
    std::vector<double> windowRates;
    std::vector<double> cliRates;
    for (int rep = 0; rep < o.repetitions; ++rep) {
        for (const bool inWindow : { rep % 2 == 0, rep % 2 != 0 }) {
            if (!inWindow && o.cli.isEmpty())
                continue;
            QString error;
            double rate = -1.0;
            if (inWindow) {
                WindowRun run = runInWindow(window, o, false, firstPointMs);
                watching.insert(watching.end(), run.lateness.begin(), run.lateness.end());
                rate = run.ordersPerS;
            } else {
                rate = headlessOrdersPerS(o, window.experimentPanel()->experiment(), &error);
            }
            if (rate < 0) {
                out << (inWindow ? QStringLiteral("the window's run failed") : error) << Qt::endl;
                return 1;
            }
            (inWindow ? windowRates : cliRates).push_back(rate);
            out << (inWindow ? "window run:  " : "CLI run:     ") << qRound64(rate) << " orders/s"
                << Qt::endl;
        }
    }
    const WindowRun clicking = runInWindow(window, o, true, firstPointMs);
    const qint64 stopMs = stopMidRun(window);

    out << "experiment:                " << o.strategy << ", " << o.threads << " client threads, " << o.skus
        << " SKUs uniform, " << o.seconds << " s per run, every chart live" << Qt::endl;
    out << "first chart point after:   " << firstPointMs << " ms" << Qt::endl;
    out << "event-loop latency, watching: " << latencyText(watching) << Qt::endl;
    out << "event-loop latency, clicking through the " << window.chartsPanel()->count()
        << " chart tabs every 1 s, a resize every 5 s: " << latencyText(clicking.lateness) << " ("
        << qRound64(clicking.ordersPerS) << " orders/s)" << Qt::endl;
    out << "Stop to run finished:      " << stopMs << " ms" << Qt::endl;
    out << "window orders/s (median):  " << qRound64(median(windowRates)) << Qt::endl;
    if (!cliRates.empty()) {
        out << "headless CLI orders/s (median): " << qRound64(median(cliRates)) << Qt::endl;
        out << "window/CLI:                "
            << QString::number(median(windowRates) / median(cliRates), 'f', 2) << Qt::endl;
    }
    return 0;
}
