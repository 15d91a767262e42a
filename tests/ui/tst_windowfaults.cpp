// The window when things go wrong or people are quick: Run pressed twice, the window closed
// during server start-up or mid-run, the embedded server killed under a run. Each test
// has a window (and so an embedded server) of its own, on the offscreen platform.
#include "app/db/databaseconnection.h"
#include "app/results/resultwriter.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/labserverpids.h"
#include "tests/support/testsettings.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/resultsmodel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverrecovery.h"
#include "ui/panels/strategypanel.h"

#include <QAction>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <optional>

namespace {

// Client connections on the lab's server other than the monitor's own; -1 when it cannot tell.
// The connections on the lab's database: a run's clients, its control connection and its
// lookers. The server's liveness watch stays, on no database, as long as the server.
std::int64_t labConnections(DatabaseConnection& monitor)
{
    return monitor
        .queryInt(
            QStringLiteral("SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                           "WHERE ID <> CONNECTION_ID() AND USER <> 'system user' AND COMMAND <> 'Daemon' "
                           "AND DB = 'lockbench'"))
        .value_or(-1);
}

} // namespace

class TestWindowFaults : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private:
    std::unique_ptr<MainWindow> m_window;

    void openWindow(bool waitForServer = true)
    {
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        if (waitForServer)
            QTRY_COMPARE_WITH_TIMEOUT(m_window->ownServer().state, ServerController::State::Ready, 60000);
    }
    void longRun(const QString& strategy)
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
        experiment->setFieldText(QStringLiteral("duration"), QStringLiteral("5m"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("1000000"));
        experiment->setFieldText(QStringLiteral("skus"), QStringLiteral("4"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("16"));
        m_window->strategyPanel()->setSelectedIds({ strategy });
    }
    // Waits for the run's samples to show it under way: orders sold, and at least `waiting`
    // transactions waiting for a lock. False when they do not within a minute.
    bool awaitUnderWay(std::int64_t waiting = 0)
    {
        QSignalSpy samples(m_window->session(), &LabSession::sampleReady);
        return QTest::qWaitFor(
            [&] {
                return std::any_of(samples.cbegin(), samples.cend(), [&](const QList<QVariant>& arguments) {
                    const auto sample = arguments.constFirst().value<MetricsSample>();
                    return sample.clients[ClientCount::Sold] > 0 && sample.waitingNow >= waiting;
                });
            },
            60000);
    }

private slots:
    void initTestCase() { m_settings.emplace(QStringLiteral("lockbench-window-faults")); }

    void cleanup()
    {
        m_window.reset();
        QVERIFY2(labServerPids().isEmpty(), "a mariadbd outlived its window");
    }

    void runPressedTwiceStartsOneRun()
    {
        openWindow();
        longRun(QStringLiteral("conditional"));
        m_window->experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("2s"));
        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();
        m_window->runAction()->trigger();
        const int runId = m_window->session()->runId();
        m_window->runAction()->trigger(); // disabled while a run goes: nothing happens
        QVERIFY(!m_window->runAction()->isEnabled());
        QCOMPARE(m_window->session()->runId(), runId);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 60000);
        QTRY_COMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore + 1);
    }

    void closingDuringServerStartUpIsClean()
    {
        openWindow(false);
        QCOMPARE(m_window->ownServer().state, ServerController::State::Starting);
        QVERIFY(!m_window->runAction()->isEnabled()); // no run before the server is ready
        m_window->stopAction()->trigger(); // nothing to stop: harmless
        QElapsedTimer clock;
        clock.start();
        m_window->close();
        m_window.reset(); // waits for the start-up to finish, then stops the server
        qInfo("closed during start-up in %lld ms", clock.elapsed());
        // The server the start-up launched went with the window...
        QTRY_VERIFY_WITH_TIMEOUT(labServerPids().isEmpty(), 5000);
        // ...and left nothing behind (pid file, lock) that keeps the next lab off its data.
        openWindow();
        QCOMPARE(m_window->ownServer().state, ServerController::State::Ready);
        QVERIFY(labServerPids().contains(m_window->ownServer().pid));
    }

    void stopWhileTheRunIsStillStartingIsClean()
    {
        openWindow();
        longRun(QStringLiteral("queued"));
        m_window->experimentPanel()->setFieldText(QStringLiteral("threads"), QStringLiteral("128"));
        m_window->runAction()->trigger();
        m_window->stopAction()->trigger(); // tables, knobs and 128 connections are still being set up
        QElapsedTimer clock;
        clock.start();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 30000);
        qInfo("stopped during set-up in %lld ms", clock.elapsed());
        QTRY_VERIFY(m_window->runAction()->isEnabled()); // and ready to run again
    }

    // Stop, then Stop again: the button turns into Stop now, and the second press cancels the
    // orders waiting for the hot row instead of waiting seconds for them.
    void aSecondStopCancelsTheOrdersStillWaiting()
    {
        openWindow();
        longRun(QStringLiteral("pessimistic"));
        m_window->experimentPanel()->setFieldText(QStringLiteral("skus"), QStringLiteral("1"));
        m_window->experimentPanel()->setFieldText(QStringLiteral("threads"), QStringLiteral("200"));
        m_window->experimentPanel()->setFieldText(QStringLiteral("delay-ms"), QStringLiteral("20"));
        m_window->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->statusBar()->currentMessage().contains(QLatin1String("running")), 60000);
        QVERIFY2(awaitUnderWay(100), "most of the 200 clients wait for the hot row");
        m_window->stopAction()->trigger();
        QCOMPARE(m_window->stopAction()->text(), QStringLiteral("Stop &now"));
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->statusBar()->currentMessage().contains(QLatin1String("still under way")), 5000);
        if (const QString folder = qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"); !folder.isEmpty())
            QVERIFY(m_window->grab().save(folder + QStringLiteral("/mainwindow-stopping.png")));
        m_window->stopAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 30000);
        QTRY_COMPARE(m_window->stopAction()->text(), QStringLiteral("&Stop")); // ready for the next run
        const StrategyResult& r = m_window->session()->results().last().result;
        qInfo("%lld cancelled, %lld finished after the stop line", r.clients[ClientCount::Cancelled],
            r.lateOrders);
        QVERIFY2(r.clients[ClientCount::Cancelled] > 100, "most of the 200 waiting were cancelled");
        QCOMPARE(r.verdict(), Verdict::Pass);
    }

    void closingMidRunStopsWorkersAndServer()
    {
        openWindow();
        const qint64 serverPid = m_window->ownServer().pid;
        QVERIFY(labServerPids().contains(serverPid));
        DatabaseConnection monitor;
        QVERIFY2(monitor.open(m_window->session()->connectionParams(QStringLiteral("lockbench")), false),
            qPrintable(monitor.lastError().toString()));
        longRun(QStringLiteral("pessimistic"));
        m_window->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->session()->isRunning(), 10000);
        // The 16 clients are connected: without them the checks after closing would prove nothing.
        QTRY_VERIFY_WITH_TIMEOUT(labConnections(monitor) >= 16, 10000);
        QVERIFY(awaitUnderWay());
        QElapsedTimer clock;
        clock.start();
        m_window->close();
        // Closing stops the workers after their current order: the run ends and every lab
        // connection is gone while the server is still up to count them.
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(labConnections(monitor), std::int64_t(0), 10000);
        monitor.close();
        m_window.reset(); // joins the runner's thread, then stops the server
        qInfo("closed mid-run in %lld ms (16 client threads)", clock.elapsed());
        QTRY_VERIFY2_WITH_TIMEOUT(
            !labServerPids().contains(serverPid), "the embedded server outlived its window", 5000);
    }

    // Between runs too, the Server panel says what the server's watch hears: a paused server
    // is not answering, and the line goes once it answers again.
    void aPausedServerIsSaidInTheServerPanel()
    {
        openWindow();
        auto* silence = m_window->findChild<QLabel*>(QStringLiteral("serverSilence"));
        QVERIFY(silence);
        QVERIFY(silence->isHidden());
        const auto pid = static_cast<pid_t>(m_window->ownServer().pid);
        QCOMPARE(::kill(pid, SIGSTOP), 0);
        auto resume = qScopeGuard([pid] { ::kill(pid, SIGCONT); });
        QTRY_VERIFY_WITH_TIMEOUT(!silence->isHidden(), 5000);
        QVERIFY2(silence->text().contains(ServerController::tr("not answering: %1").section(u':', 0, 0)),
            qPrintable(silence->text()));
        QCOMPARE(::kill(pid, SIGCONT), 0);
        resume.dismiss();
        QTRY_VERIFY_WITH_TIMEOUT(silence->isHidden(), 5000);
    }

    void killedServerIsReportedRestartedAndAudited()
    {
        openWindow();
        longRun(QStringLiteral("pessimistic"));
        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();
        m_window->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->session()->isRunning(), 10000);
        QVERIFY(awaitUnderWay()); // orders committed before the kill, for the audit to find
        const qint64 pid = m_window->ownServer().pid;
        QVERIFY(pid > 0);
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(::kill(static_cast<pid_t>(pid), SIGKILL), 0);

        ServerRecovery* recovery = m_window->serverRecovery();
        QTRY_VERIFY_WITH_TIMEOUT(recovery->offer() && recovery->offer()->isVisible(), 10000);
        qInfo("the window said it lost the server %lld ms after the kill", clock.elapsed());
        QVERIFY(recovery->offer()->text().contains(QStringLiteral("lost the server")));
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 10000);

        // The partial run stays in the results and can be exported.
        QTRY_COMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore + 1);
        const StrategyResult partial = m_window->resultsPanel()->results().last();
        QVERIFY(partial.serverLost);
        QVERIFY(partial.clients[ClientCount::Sold] > 0);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(ResultWriter::writeJson(dir.filePath(QStringLiteral("partial.json")),
                     ResultWriter::RunInfo {}, m_window->resultsPanel()->results(), &error),
            qPrintable(error));

        // Run is pressed the moment the restarted server is ready, while its audit reads the tables:
        // nothing starts (a run would drop and refill them under the audit).
        const int runIdBefore = m_window->session()->runId();
        bool pressed = false;
        bool enabledDuringAudit = true;
        const QMetaObject::Connection pressWhenBack = connect(m_window->session(),
            &LabSession::serverStateChanged, this, [&](ServerController::State state, const QString&) {
                if (state != ServerController::State::Ready || pressed)
                    return;
                pressed = true;
                QTimer::singleShot(0, this, [&] { // once the session has begun its audit
                    enabledDuringAudit = m_window->runAction()->isEnabled();
                    m_window->runAction()->trigger();
                });
            });
        auto* restart = recovery->offer()->findChild<QPushButton*>(QStringLiteral("restartServer"));
        QVERIFY(restart);
        restart->click();
        QVERIFY(!m_window->runAction()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(recovery->report() && recovery->report()->isVisible(), 60000);
        disconnect(pressWhenBack);
        QVERIFY(pressed);
        QVERIFY(!enabledDuringAudit);
        QCOMPARE(m_window->session()->runId(), runIdBefore);
        QVERIFY(!m_window->session()->isRunning());
        const QString report = recovery->report()->text();
        qInfo("%s", qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("acknowledged orders are in the orders table")),
            qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("; 0 oversold")), qPrintable(report));
        QCOMPARE(m_window->ownServer().state, ServerController::State::Ready);
        QVERIFY(m_window->runAction()->isEnabled()); // ready to run again
    }
};

QTEST_MAIN(TestWindowFaults)
#include "tst_windowfaults.moc"
