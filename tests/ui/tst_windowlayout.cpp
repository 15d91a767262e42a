// The window as a person handles it around the runs: it fits a projector and keeps its size
// whatever it shows, a server that failed its Test holds Run back, and result rows can be
// named, removed and cleared. No strategy runs here; rows come from a results file.
#include "app/results/resultwriter.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/sampleresults.h"
#include "tests/support/testsettings.h"
#include "tests/ui/windowshots.h"
#include "ui/charts/chartspanel.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/resultsmodel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverpanel.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <optional>

class TestWindowLayout : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack
    std::unique_ptr<MainWindow> m_window;

private slots:
    void initTestCase()
    {
        m_settings.emplace(QStringLiteral("lockbench-layout-tests"));
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1400, 900);
        m_window->show();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->ownServer().state != ServerController::State::Starting, 60000);
        QCOMPARE(m_window->ownServer().state, ServerController::State::Ready);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sweep.json"));
        QString error;
        QVERIFY2(ResultWriter::writeJson(
                     path, SampleResults::runInfo(), SampleResults::results(SampleResults::sweep()), &error),
            qPrintable(error));
        QCOMPARE(m_window->session()->openResults(path, &error), 6);
    }

    void cleanupTestCase() { m_window.reset(); }

    void theWindowFitsAProjectorAndKeepsItsSize()
    {
        // With a sweep's rows in the table and every strategy's lines on every chart, the
        // window still fits a 1280x720 projector, and neither tabs nor data change its size.
        const QSize start = m_window->size();
        for (const QString& id : StrategyRegistry::ids()) {
            m_window->chartsPanel()->strategyStarted(id);
            for (int i = 1; i <= 4; ++i) {
                MetricsSample s;
                s.strategy = id;
                s.elapsedS = 0.25 * i;
                s.intervalS = 0.25;
                s.ordersPerS = 1000.0 * i;
                s.attemptsPerS = 1200.0 * i;
                s.p50Ms = s.p95Ms = s.p99Ms = s.maxMs = 2.0 * i;
                s.serverStatsValid = true;
                s.rowLockWaits = 100 * i;
                s.waitingNow = i;
                s.clients[ClientCount::Retries] = 10 * i;
                m_window->chartsPanel()->addSample(s);
            }
        }
        QSignalSpy drawn(m_window->chartsPanel(), &ChartsPanel::drawn); // on the repaint timer
        QTRY_VERIFY_WITH_TIMEOUT(drawn.count() >= 2, 5000);
        QCOMPARE(m_window->size(), start);
        const QSize minimum = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
        qInfo("minimum size %dx%d", minimum.width(), minimum.height());
        QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 720,
            qPrintable(QStringLiteral("%1x%2").arg(minimum.width()).arg(minimum.height())));
        const QSize before = m_window->size();
        for (QTabWidget* tabs : m_window->findChildren<QTabWidget*>()) {
            for (int i = 0; i < tabs->count(); ++i) {
                tabs->setCurrentIndex(i);
                QCoreApplication::processEvents();
                QVERIFY2(m_window->size() == before,
                    qPrintable(QStringLiteral("tab %1 turned %2x%3 into %4x%5")
                                   .arg(tabs->tabText(i))
                                   .arg(before.width())
                                   .arg(before.height())
                                   .arg(m_window->width())
                                   .arg(m_window->height())));
            }
        }
    }

    // On a projector the charts want the width: F9 folds the experiment panel away and back,
    // and the window keeps its size.
    void theExperimentPanelFoldsAway()
    {
        QVERIFY(WindowShots::resizeAndWait(*m_window, QSize(1280, 720)));
        const QSize size = m_window->size();
        const int chartsWidth = m_window->chartsPanel()->width();
        QAction* panel = m_window->showSetupAction();
        QVERIFY(panel->isChecked());
        QCOMPARE(panel->shortcut(), QKeySequence(Qt::Key_F9));
        panel->trigger();
        QVERIFY(WindowShots::waitUntilDrawn(*m_window));
        QVERIFY2(m_window->chartsPanel()->width() > chartsWidth + 250,
            qPrintable(QStringLiteral("%1 -> %2").arg(chartsWidth).arg(m_window->chartsPanel()->width())));
        QCOMPARE(m_window->size(), size);
        QVERIFY(!m_window->experimentPanel()->isVisible());
        panel->trigger();
        QVERIFY(WindowShots::waitUntilDrawn(*m_window));
        QCOMPARE(m_window->chartsPanel()->width(), chartsWidth);
        QCOMPARE(m_window->size(), size);
        m_window->resize(1400, 900);
    }

    void aServerThatFailedItsTestHoldsRunBack()
    {
        ServerPanel* server = m_window->serverPanel();
        server->setUsesEmbedded(false);
        // Flagged as typed, before any Test: a port that is not a number.
        server->setUrl(QStringLiteral("mysql://lab@127.0.0.1:notaport/lockbench"));
        auto* url = server->findChild<QLineEdit*>(QStringLiteral("url"));
        QVERIFY(url);
        QVERIFY(!url->styleSheet().isEmpty());
        QVERIFY2(server->testResult().contains(QStringLiteral("port")), qPrintable(server->testResult()));
        QVERIFY(!m_window->runAction()->isEnabled());

        // A well-formed URL where nothing listens: Run is possible until Test says otherwise.
        server->setUrl(QStringLiteral("mysql://lab@127.0.0.1:1/lockbench"));
        QVERIFY(url->styleSheet().isEmpty());
        QVERIFY(m_window->runAction()->isEnabled());
        QSignalSpy tested(server, &ServerPanel::testFinished);
        server->test();
        QTRY_COMPARE_WITH_TIMEOUT(tested.count(), 1, 20000);
        qInfo("%s", qPrintable(server->testResult()));
        QVERIFY2(
            server->testResult().contains(QStringLiteral("unreachable")), qPrintable(server->testResult()));
        QVERIFY(!m_window->runAction()->isEnabled());
        QVERIFY2(m_window->runAction()->toolTip().contains(QStringLiteral("failed its Test")),
            qPrintable(m_window->runAction()->toolTip()));

        server->setUsesEmbedded(true);
        QVERIFY(m_window->runAction()->isEnabled());
    }

    void rowsCanBeNamedRemovedAndCleared()
    {
        ResultsPanel* results = m_window->resultsPanel();
        LabSession* session = m_window->session();
        const int rows = results->model()->rowCount();
        QCOMPARE(rows, 6); // the sweep opened from a file
        const QString second = results->cell(1, QStringLiteral("strategy"));

        emit results->renameRequested(0, QStringLiteral("before the index"));
        QCOMPARE(results->cell(0, QStringLiteral("source")), QStringLiteral("before the index"));
        QCOMPARE(session->results().first().source, QStringLiteral("before the index"));

        emit results->removeRequested(0);
        QCOMPARE(results->model()->rowCount(), rows - 1);
        QCOMPARE(session->results().size(), rows - 1);
        QCOMPARE(results->cell(0, QStringLiteral("strategy")), second);
        // What is exported is what the table shows.
        QTemporaryDir dir;
        QString error;
        const QString json = dir.filePath(QStringLiteral("rows.json"));
        QVERIFY2(session->exportResults(json, &error), qPrintable(error));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(file.readAll())
                     .object()
                     .value(QStringLiteral("strategies"))
                     .toArray()
                     .size(),
            rows - 1);

        emit results->clearRequested();
        QCOMPARE(results->model()->rowCount(), 0);
        QVERIFY(session->results().isEmpty());
    }
};

QTEST_MAIN(TestWindowLayout)
#include "tst_windowlayout.moc"
