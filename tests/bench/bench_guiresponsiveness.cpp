// Benchmark, not a test: how responsive the window stays while many client threads run.
// Runs the flash-sale preset's pessimistic strategy with N threads (default 256) for 12 s,
// resizes the window and switches chart tabs meanwhile, measures the longest stall of the
// GUI event loop, then presses Stop and measures how long the run takes to end.
// Usage: scripts/bench-gui.sh [threads]
#include "chartspanel.h"
#include "experimentpanel.h"
#include "mainwindow.h"
#include "metricchart.h"
#include "servercontroller.h"
#include "strategypanel.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <vector>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("lockbench-bench"));
    QCoreApplication::setApplicationName(QStringLiteral("lockbench-bench"));
    const QString threads = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("256");
    QTextStream out(stdout);

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QElapsedTimer wait;
    wait.start();
    while (window.serverController()->state() == ServerController::State::Starting && wait.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    if (window.serverController()->state() != ServerController::State::Ready) {
        out << "the embedded server did not start: " << window.serverController()->message() << Qt::endl;
        return 1;
    }
    window.experimentPanel()->choosePreset(QStringLiteral("Flash sale: one hot SKU"));
    window.experimentPanel()->setFieldText(QStringLiteral("threads"), threads);
    window.experimentPanel()->setFieldText(QStringLiteral("stock"), QStringLiteral("100000000"));
    window.experimentPanel()->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
    window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("10m"));
    window.strategyPanel()->setSelectedIds({ QStringLiteral("pessimistic") });
    if (!window.runAction()->isEnabled()) {
        out << "cannot run: " << window.runAction()->toolTip() << Qt::endl;
        return 1;
    }

    std::vector<qint64> gaps;
    QElapsedTimer tick;
    QTimer heartbeat;
    heartbeat.setInterval(10);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        gaps.push_back(tick.restart());
    });
    QElapsedTimer sinceRun;
    window.runAction()->trigger();
    sinceRun.start();
    qint64 firstPointMs = -1;
    tick.start();
    heartbeat.start();
    int step = 0;
    QTimer poke;
    poke.setInterval(200);
    QObject::connect(&poke, &QTimer::timeout, [&] {
        ++step;
        window.resize(step % 2 ? 1200 : 1450, step % 2 ? 800 : 950);
        window.chartsPanel()->setCurrentIndex(step % window.chartsPanel()->count());
    });
    poke.start();
    while (sinceRun.elapsed() < 12000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (firstPointMs < 0 && window.chartsPanel()->chart(QStringLiteral("Orders per second"))->pointCount(QStringLiteral("pessimistic")) > 0)
            firstPointMs = sinceRun.elapsed();
    }
    poke.stop();
    heartbeat.stop();

    QElapsedTimer stopping;
    stopping.start();
    window.stopAction()->trigger();
    while (window.runner()->isRunning() && stopping.elapsed() < 30000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    const qint64 stopMs = stopping.elapsed();

    std::sort(gaps.begin(), gaps.end());
    const auto at = [&](double q) { return gaps.empty() ? 0 : gaps[static_cast<std::size_t>(q * static_cast<double>(gaps.size() - 1))]; };
    out << "client threads:            " << threads << Qt::endl;
    out << "first chart point after:   " << firstPointMs << " ms" << Qt::endl;
    out << "event loop gaps (10 ms timer, with resizes and tab switches every 200 ms): p50 " << at(0.5) << " ms, p99 "
        << at(0.99) << " ms, max " << at(1.0) << " ms over " << gaps.size() << " ticks" << Qt::endl;
    out << "Stop to run finished:      " << stopMs << " ms" << Qt::endl;
    return 0;
}
