// The lab window on the offscreen platform, against the embedded MariaDB it starts itself:
// fill in an experiment, run it, and check that charts, badges and the results table show it.
#include "app/db/lablease.h"
#include "app/report/chartexporter.h"
#include "app/report/strategycolors.h"
#include "app/results/resultwriter.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/testsettings.h"
#include "tests/ui/runjsonchecks.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/comparisonpanel.h"
#include "ui/charts/exportablechartview.h"
#include "ui/charts/metricchart.h"
#include "ui/charts/oversellview.h"
#include "ui/mainwindow.h"
#include "ui/panels/deadlockspanel.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/lockinspectorpanel.h"
#include "ui/panels/resultsmodel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverpanel.h"
#include "ui/panels/strategypanel.h"
#include "ui/panels/sweeppanel.h"

#include <QAction>
#include <QChart>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>
#include <QXYSeries>
#include <optional>

class TestMainWindow : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private:
    std::unique_ptr<MainWindow> m_window;

    // Every label in the status bar, the run's state among them.
    QString statusBarText() const
    {
        QStringList texts;
        for (const QLabel* label : m_window->statusBar()->findChildren<QLabel*>())
            texts << label->text();
        return texts.join(QLatin1Char('\n'));
    }

    MetricChart* chart(const QString& title) const
    {
        for (MetricChart* candidate : m_window->chartsPanel()->charts()) {
            if (candidate->title() == title)
                return candidate;
        }
        return nullptr;
    }

    // Both strategies' lines, naive's red oversell line and badge, and their rows' verdicts.
    void checkLinesBadgesAndRows(int rowsBefore)
    {
        MetricChart* orders = chart(QStringLiteral("Orders per second"));
        QVERIFY(orders);
        QTRY_VERIFY(orders->pointCount(QStringLiteral("conditional")) > 0);
        QVERIFY(orders->pointCount(QStringLiteral("naive")) > 0);
        QVERIFY(chart(QStringLiteral("p99"))->pointCount(QStringLiteral("conditional")) > 0);
        QVERIFY(chart(QStringLiteral("Server row-lock waits per second"))
                    ->pointCount(QStringLiteral("conditional"))
            > 0);

        OversellView* oversell = m_window->chartsPanel()->oversell();
        QVERIFY(oversell->chart()->pointCount(QStringLiteral("naive oversold")) > 0);
        QVERIFY(oversell->badgeFailed(QStringLiteral("naive")));
        QVERIFY(!oversell->badgeFailed(QStringLiteral("conditional")));
        QVERIFY(oversell->badgeText(QStringLiteral("conditional")).contains(QLatin1String("pass")));

        ResultsPanel* results = m_window->resultsPanel();
        QCOMPARE(results->cell(rowsBefore, QStringLiteral("strategy")), QStringLiteral("conditional"));
        QCOMPARE(results->cell(rowsBefore, QStringLiteral("verdict")), QStringLiteral("pass"));
        QCOMPARE(results->cell(rowsBefore, QStringLiteral("sold")), QStringLiteral("1500"));
        QCOMPARE(results->cell(rowsBefore + 1, QStringLiteral("verdict")),
            QStringLiteral("oversold (unsafe baseline)"));
        QVERIFY(results->cell(rowsBefore + 1, QStringLiteral("oversold")).toLongLong() > 0);
        QVERIFY(m_window->runAction()->isEnabled());
        QCOMPARE(oversell->chart()->lineColor(QStringLiteral("naive oversold")), StrategyColors::unsafe());
    }

    // What the window draws and tabulates for the last two rows is what the run's JSON holds.
    void checkDrawnIsWhatTheJsonHolds(int rowsBefore)
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.json"));
        QString error;
        QVERIFY2(m_window->session()->exportResults(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray strategies
            = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("strategies")).toArray();
        QVERIFY(strategies.size() >= 2);
        for (int i = 0; i < 2; ++i) {
            const QJsonObject strategy = strategies.at(strategies.size() - 2 + i).toObject();
            const QJsonObject summary = strategy.value(QStringLiteral("summary")).toObject();
            const QString name = summary.value(QStringLiteral("strategy")).toString();
            RunJsonChecks::compareRowWithSummary(m_window->resultsPanel(), rowsBefore + i, summary);
            // Each drawn point is a sample of the JSON, in order.
            QCOMPARE(RunJsonChecks::yOf(chart(QStringLiteral("Orders per second"))->points(name)),
                RunJsonChecks::drawnSamples(strategy, "orders_per_s"));
            QCOMPARE(RunJsonChecks::yOf(chart(QStringLiteral("p99"))->points(name)),
                RunJsonChecks::drawnSamples(strategy, "p99_ms"));
        }
    }

private slots:
    void initTestCase()
    {
        m_settings.emplace(QStringLiteral("lockbench-tests"));
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1400, 900);
        m_window->show();
        // The server starts off the GUI thread; the window answers meanwhile.
        QTRY_VERIFY_WITH_TIMEOUT(m_window->ownServer().state != ServerController::State::Starting, 60000);
        QVERIFY(m_window->ownServer().state == ServerController::State::Ready);
    }

    void cleanupTestCase() { m_window.reset(); }

    // Runs first, on the window as it opens: the two-SKU demonstrations cannot run the
    // default experiment's single SKU, so they start unticked and Run is ready.
    void defaultTicksCanRunTheDefaultExperiment()
    {
        const QStringList ticked = m_window->strategyPanel()->selectedIds();
        QVERIFY(ticked.contains(QLatin1String("pessimistic")));
        QVERIFY(ticked.contains(QLatin1String("slotted")));
        QVERIFY(!ticked.contains(QLatin1String("two-sku-random")));
        QVERIFY(!ticked.contains(QLatin1String("two-sku-sorted")));
        QCOMPARE(m_window->experimentPanel()->fieldText(QStringLiteral("skus")), QStringLiteral("1"));
        QVERIFY2(m_window->runAction()->isEnabled(), qPrintable(m_window->runAction()->toolTip()));
    }

    // A rule of a strategy binds only while it is ticked: its message shows by the field and
    // Run waits; untick it, or fix the field, and Run is back.
    void runFollowsTheTickedStrategiesRules()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        StrategyPanel* strategies = m_window->strategyPanel();
        const QStringList ticked = strategies->selectedIds();
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("10")); // below the 16 slots
        strategies->setSelectedIds({ QStringLiteral("pessimistic") });
        QVERIFY(experiment->fieldError(QStringLiteral("slots")).isEmpty());
        QVERIFY2(m_window->runAction()->isEnabled(), qPrintable(m_window->runAction()->toolTip()));

        strategies->setSelectedIds({ QStringLiteral("pessimistic"), QStringLiteral("slotted") });
        QVERIFY2(experiment->fieldError(QStringLiteral("slots"))
                     .contains(QLatin1String("slotted needs at least one unit per slot")),
            qPrintable(experiment->fieldError(QStringLiteral("slots"))));
        QVERIFY(!m_window->runAction()->isEnabled());
        QVERIFY(m_window->runAction()->toolTip().contains(QLatin1String("slots")));

        // Ticked by hand, as a user does, rather than set.
        strategies->setSelectedIds({ QStringLiteral("pessimistic") });
        QListWidget* list = strategies->findChild<QListWidget*>();
        QVERIFY(list);
        const QList<QListWidgetItem*> items
            = list->findItems(QStringLiteral("random order"), Qt::MatchContains);
        QCOMPARE(items.size(), 1);
        items.first()->setCheckState(Qt::Checked);
        QCOMPARE(strategies->selectedIds(),
            (QStringList { QStringLiteral("pessimistic"), QStringLiteral("two-sku-random") }));
        QVERIFY(experiment->fieldError(QStringLiteral("slots")).isEmpty());
        QVERIFY2(experiment->fieldError(QStringLiteral("skus")).contains(QLatin1String("at least 2 SKUs")),
            qPrintable(experiment->fieldError(QStringLiteral("skus"))));
        QVERIFY(!m_window->runAction()->isEnabled());
        QVERIFY(m_window->runAction()->toolTip().contains(QLatin1String("skus")));
        experiment->setFieldText(QStringLiteral("skus"), QStringLiteral("2"));
        QVERIFY(experiment->fieldError(QStringLiteral("skus")).isEmpty());
        QVERIFY2(m_window->runAction()->isEnabled(), qPrintable(m_window->runAction()->toolTip()));

        experiment->setFieldText(QStringLiteral("skus"), QStringLiteral("1"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("10000"));
        strategies->setSelectedIds(ticked);
        QVERIFY(experiment->errors().isEmpty());
    }

    void badFieldIsMarkedAndDisablesRun()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("0"));
        QVERIFY(experiment->fieldError(QStringLiteral("threads"))
                    .contains(QLatin1String("between 1 and 20,000")));
        QVERIFY(!m_window->runAction()->isEnabled());
        QVERIFY(m_window->runAction()->toolTip().contains(QLatin1String("threads")));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("many"));
        QVERIFY(
            experiment->fieldError(QStringLiteral("threads")).contains(QLatin1String("not a whole number")));
        experiment->setFieldText(QStringLiteral("slots"), QStringLiteral("64"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("10"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("16"));
        QVERIFY(experiment->fieldError(QStringLiteral("slots")).contains(QLatin1String("cannot share")));
        experiment->setFieldText(QStringLiteral("slots"), QStringLiteral("4"));
        QVERIFY(experiment->fieldError(QStringLiteral("threads")).isEmpty());
        QVERIFY(experiment->errors().isEmpty());
        QVERIFY(m_window->runAction()->isEnabled());

        m_window->strategyPanel()->setSelectedIds({});
        QVERIFY(!m_window->runAction()->isEnabled());
        QVERIFY(m_window->runAction()->toolTip().contains(QLatin1String("strategy")));
    }

    // A value the chosen server cannot take is said as the server or the field changes, by the
    // field, which stays open so that it can be put back; Run waits for it.
    void aValueTheServerRefusesIsSaidAsItIsChosen()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        ServerPanel* server = m_window->serverPanel();
        const QString field = QStringLiteral("deadlock-detect");
        experiment->setFieldText(field, QStringLiteral("off"));
        QVERIFY(experiment->fieldError(field).isEmpty()); // the lab's own MariaDB takes it

        server->setUsesEmbedded(false);
        server->setUrl(QStringLiteral("postgres://lab@127.0.0.1:1/shop"));
        QVERIFY2(experiment->fieldError(field).contains(QLatin1String("PostgreSQL does not have")),
            qPrintable(experiment->fieldError(field)));
        QVERIFY(!m_window->runAction()->isEnabled());
        QVERIFY(m_window->runAction()->toolTip().contains(field));
        // Its input and label say why it plays no part there, and stay open all the same.
        int open = 0;
        for (QWidget* widget : experiment->findChildren<QWidget*>()) {
            const QString tip = widget->toolTip();
            if (tip.contains(QLatin1String("InnoDB setting"))
                && tip.contains(QLatin1String("innodb_deadlock_detect"))) {
                QVERIFY(widget->isEnabled());
                ++open;
            }
        }
        QCOMPARE(open, 2);

        experiment->setFieldText(field, QStringLiteral("server"));
        QVERIFY(experiment->fieldError(field).isEmpty());
        QVERIFY(experiment->errors().isEmpty());
        server->setUrl(QString());
        server->setUsesEmbedded(true);
    }

    void presetFillsTheExperimentAndStrategies()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        QVERIFY(experiment->presets().size() >= 4);
        const Preset flashSale = experiment->presets().first();
        QCOMPARE(flashSale.name, QStringLiteral("Flash sale: one hot SKU"));
        experiment->choosePreset(flashSale.name);
        QCOMPARE(experiment->fieldText(QStringLiteral("skus")), QStringLiteral("1"));
        QCOMPARE(experiment->fieldText(QStringLiteral("stop")), QStringLiteral("sold-out"));
        QCOMPARE(m_window->strategyPanel()->selectedIds(), flashSale.strategies);
        QVERIFY(m_window->strategyPanel()->shownDescription().contains(QLatin1String("SELECT")));
        QVERIFY(experiment->presetExplanation().startsWith(QLatin1String("Everybody wants the same item")));
        // An edit makes it a custom experiment, and the text says where it came from.
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("8"));
        QVERIFY2(experiment->presetExplanation().startsWith(
                     QStringLiteral("Changed from “%1”. Everybody").arg(flashSale.name)),
            qPrintable(experiment->presetExplanation()));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("16"));
        QVERIFY(!experiment->presetExplanation().contains(QLatin1String("Changed from “Changed")));
    }

    void runShowsLinesBadgesAndVerdicts()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("skus"), QStringLiteral("1"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("1500"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("16"));
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("sold-out"));
        experiment->setFieldText(QStringLiteral("time-limit"), QStringLiteral("60s"));
        m_window->strategyPanel()->setSelectedIds({ QStringLiteral("conditional"), QStringLiteral("naive") });
        QVERIFY2(m_window->runAction()->isEnabled(), qPrintable(m_window->runAction()->toolTip()));
        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();

        m_window->runAction()->trigger();
        QVERIFY(m_window->session()->isRunning());
        QVERIFY(!m_window->runAction()->isEnabled());
        QVERIFY(m_window->stopAction()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 120000);
        QTRY_COMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore + 2);
        // The run's outcome, as the command line would exit: naive's lost updates are its lesson.
        const QLabel* runStatus = m_window->findChild<QLabel*>(QStringLiteral("runStatus"));
        QVERIFY(runStatus);
        QCOMPARE(runStatus->text(), QStringLiteral("Finished: every strategy audited"));
        // The run's last passing message ("naive: stopping (…)") would hide it for seconds.
        QCOMPARE(m_window->statusBar()->currentMessage(), QString());

        checkLinesBadgesAndRows(rowsBefore);
        if (QTest::currentTestFailed())
            return;
        checkDrawnIsWhatTheJsonHolds(rowsBefore);
    }

    void stopEndsTheRunAndRowsStay()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
        experiment->setFieldText(QStringLiteral("duration"), QStringLiteral("5m"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("1000000"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("64"));
        m_window->strategyPanel()->setSelectedIds(
            { QStringLiteral("pessimistic"), QStringLiteral("optimistic") });
        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();
        m_window->runAction()->trigger();
        MetricChart* orders = chart(QStringLiteral("Orders per second"));
        QTRY_VERIFY_WITH_TIMEOUT(orders->pointCount(QStringLiteral("pessimistic")) >= 4, 30000);

        QElapsedTimer clock;
        clock.start();
        m_window->stopAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 10000);
        qInfo("Stop to finished: %lld ms with 64 client threads", clock.elapsed());
        // The stopped strategy keeps its row; the one that never started has none.
        QTRY_COMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore + 1);
        QCOMPARE(m_window->resultsPanel()->cell(rowsBefore, QStringLiteral("strategy")),
            QStringLiteral("pessimistic"));
        QVERIFY(
            m_window->resultsPanel()->cell(rowsBefore, QStringLiteral("verdict")) == QStringLiteral("pass"));
    }

    void deadlocksAreListedMarkedAndRecorded()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("skus"), QStringLiteral("4"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("1000000"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("16"));
        experiment->setFieldText(QStringLiteral("delay-ms"), QStringLiteral("2"));
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
        experiment->setFieldText(QStringLiteral("duration"), QStringLiteral("3s"));
        experiment->setFieldText(QStringLiteral("deadlock-detect"), QStringLiteral("on"));
        m_window->strategyPanel()->setSelectedIds({ QStringLiteral("two-sku-random") });
        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();
        const int deadlocksBefore = m_window->deadlocksPanel()->count();
        m_window->runAction()->trigger();
        // The inspector shows the waits live.
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->lockInspectorPanel()->summary().contains(QLatin1String("waiting for a row lock")),
            30000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 60000);
        QTRY_COMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore + 1);

        const int captured = m_window->deadlocksPanel()->count() - deadlocksBefore;
        QVERIFY(captured > 0);
        // The column counts the deadlocks up to the stop line; the tab also lists those among
        // the orders that were still finishing after it.
        const StrategyResult& result = m_window->session()->results().last().result;
        QCOMPARE(QString::number(result.deadlocks),
            m_window->resultsPanel()->cell(rowsBefore, QStringLiteral("deadlocks")));
        QCOMPARE(captured, result.deadlocks + result.lateDeadlocks);
        QTreeWidgetItem* first = m_window->deadlocksPanel()->tree()->topLevelItem(0);
        QVERIFY(first->childCount() >= 2);
        QVERIFY(first->child(0)->text(1).contains(QLatin1String("FOR UPDATE")));
        MetricChart* orders = chart(QStringLiteral("Orders per second"));
        QTRY_VERIFY(orders->markerCount() > 0);
        QVERIFY(m_window->resultsPanel()
                    ->cell(rowsBefore, QStringLiteral("ran under"))
                    .contains(QLatin1String("deadlock detect ON")));
        experiment->setFieldText(QStringLiteral("deadlock-detect"), QStringLiteral("server"));
        experiment->setFieldText(QStringLiteral("delay-ms"), QStringLiteral("0"));
    }

    void sweepDrawsTheScalingChartAndExportsIt()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("skus"), QStringLiteral("1"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("1000000"));
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
        experiment->setFieldText(QStringLiteral("duration"), QStringLiteral("1500ms"));
        experiment->setFieldText(QStringLiteral("warmup"), QStringLiteral("500ms"));
        experiment->setFieldText(QStringLiteral("delay-ms"), QStringLiteral("0"));
        m_window->strategyPanel()->setSelectedIds(
            { QStringLiteral("conditional"), QStringLiteral("pessimistic") });
        m_window->sweepPanel()->setThreads(QStringLiteral("1,4"));
        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();
        m_window->runSweep();
        QVERIFY(m_window->session()->isRunning());
        // The scaling chart fills in as cells finish, before the sweep is over.
        ExportableChartView* scaling = m_window->chartsPanel()->comparison()->scalingView();
        // Earlier tests ran other experiments this session: their lines carry slots= and
        // skus=; the sweep's line is the one with the most points.
        const auto pointsOf = [&](const QString& strategy) {
            int most = 0;
            for (QAbstractSeries* series : scaling->chart()->series()) {
                if (series->name().section(QLatin1Char(' '), 0, 0) == strategy
                    && !series->name().contains(QLatin1Char('(')))
                    most = std::max(most, static_cast<QXYSeries*>(series)->count());
            }
            return most;
        };
        QTRY_VERIFY_WITH_TIMEOUT(pointsOf(QStringLiteral("conditional")) >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 60000);
        QTRY_COMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore + 4);
        QCOMPARE(
            m_window->resultsPanel()->cell(rowsBefore + 3, QStringLiteral("clients")), QStringLiteral("4"));
        // At least the sweep's two thread counts (an earlier run of the same SKUs and slots joins the line).
        QTRY_VERIFY(pointsOf(QStringLiteral("conditional")) >= 2);
        QVERIFY(pointsOf(QStringLiteral("pessimistic")) >= 2);

        QTemporaryDir dir;
        QString error;
        const QString svg = dir.filePath(QStringLiteral("scaling.svg"));
        const QString pdf = dir.filePath(QStringLiteral("scaling.pdf"));
        QVERIFY2(
            ChartExporter::save(scaling->chart(), svg, QSize(1200, 700), 144, &error), qPrintable(error));
        QVERIFY2(
            ChartExporter::save(scaling->chart(), pdf, QSize(1200, 700), 144, &error), qPrintable(error));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgText = svgFile.readAll();
        QVERIFY(svgText.contains("conditional") && svgText.contains("pessimistic"));
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.readAll().startsWith("%PDF-"));
        experiment->setFieldText(QStringLiteral("warmup"), QStringLiteral("0s"));
    }

    void openedResultsOverlayOnTheScalingChart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("yesterday.json"));
        QString error;
        QVERIFY(ResultWriter::writeJson(path, {}, m_window->resultsPanel()->results(), &error));
        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();
        QVERIFY2(m_window->openResultsFile(path, &error), qPrintable(error));
        QCOMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore * 2);
        QCOMPARE(m_window->resultsPanel()->cell(rowsBefore, QStringLiteral("source")),
            QStringLiteral("yesterday"));
        ExportableChartView* scaling = m_window->chartsPanel()->comparison()->scalingView();
        QTRY_VERIFY([&] {
            for (QAbstractSeries* series : scaling->chart()->series()) {
                if (series->name().startsWith(QLatin1String("conditional"))
                    && series->name().contains(QLatin1String("(yesterday)")))
                    return true;
            }
            return false;
        }());
        QVERIFY(!m_window->openResultsFile(dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY(error.contains(QLatin1String("cannot read")));
    }

    // Another lab holds the database: Run is refused with a warning that names the holder,
    // the status says so, and no result row appears; once it lets go, Run works again.
    void databaseHeldByAnotherLabIsRefused()
    {
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("sold-out"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("100"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("4"));
        m_window->strategyPanel()->setSelectedIds({ QStringLiteral("conditional") });
        const ConnectionParams params
            = m_window->session()->connectionParams(experiment->experiment().database);
        auto other = std::make_unique<LabLease>(params);
        QString error;
        QVERIFY2(other->acquire(&error), qPrintable(error));

        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();
        m_window->runAction()->trigger();
        QMessageBox* warning = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (warning = m_window->findChild<QMessageBox*>(QStringLiteral("runWarning"))) != nullptr, 60000);
        QVERIFY2(warning->text().contains(QStringLiteral("nothing on the server was changed")),
            qPrintable(warning->text()));
        QVERIFY2(warning->text().contains(QStringLiteral(
                     "is in use by another lab: its lease (lockbench.%1) is held by connection %2 ")
                                              .arg(params.database)
                                              .arg(other->connectionId())),
            qPrintable(warning->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 10000);
        QTRY_VERIFY2(statusBarText().contains(QStringLiteral("Not run")), qPrintable(statusBarText()));
        QCOMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore);
        warning->close();
        QTRY_VERIFY(m_window->findChild<QMessageBox*>(QStringLiteral("runWarning")) == nullptr);

        other.reset();
        QVERIFY(m_window->runAction()->isEnabled());
        // The server frees the lease as it notices the holder's connection close: Run is tried
        // until it is no longer refused.
        do {
            if (auto* box = m_window->findChild<QMessageBox*>(QStringLiteral("runWarning")))
                delete box;
            m_window->runAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 120000);
        } while (!m_window->session()->refusal().isEmpty());
        QTRY_COMPARE(m_window->resultsPanel()->model()->rowCount(), rowsBefore + 1);
    }

    void aUrlThatCannotServeARunIsRefusedAsTyped()
    {
        m_window->serverPanel()->setUrl(QStringLiteral("postgres://lab@db1.example,db2.example/lockbench"));
        QVERIFY2(m_window->serverPanel()->testResult().contains(
                     QLatin1String("a PostgreSQL URL names one server")),
            qPrintable(m_window->serverPanel()->testResult()));
        m_window->serverPanel()->setUrl(QStringLiteral("postgres://lab@db.example:5432/lockbench"));
        QCOMPARE(m_window->serverPanel()->testResult(), QString());
        m_window->serverPanel()->setUrl(QString());
    }

    // Refreshing the Run button asks the panel why a run could not start and hands nothing to
    // the session: a URL typed in the panel is chosen by a run, a Test or a check, never by an
    // edit of the experiment, and nothing starts or stops meanwhile.
    void refreshingRunChoosesNothing()
    {
        const ServerChoice before = m_window->session()->serverChoice();
        QVERIFY(before.startsOwnServer());
        m_window->serverPanel()->setUsesEmbedded(false);
        m_window->serverPanel()->setUrl(QStringLiteral("mysql://lab@db.example:3306/lockbench"));
        const QString threads = m_window->experimentPanel()->fieldText(QStringLiteral("threads"));
        m_window->experimentPanel()->setFieldText(QStringLiteral("threads"), QStringLiteral("33"));
        QVERIFY2(m_window->runAction()->isEnabled(), qPrintable(m_window->runAction()->toolTip()));
        QVERIFY(m_window->session()->serverChoice() == before);
        QVERIFY(m_window->ownServer().state == ServerController::State::Ready);
        m_window->experimentPanel()->setFieldText(QStringLiteral("threads"), threads);
        m_window->serverPanel()->setUrl(QString());
        m_window->serverPanel()->setUsesEmbedded(true);
        QVERIFY(m_window->session()->serverChoice() == before);
    }

    void settingsRememberTheExperiment()
    {
        m_window->experimentPanel()->setFieldText(QStringLiteral("threads"), QStringLiteral("77"));
        m_window->serverPanel()->setUrl(QStringLiteral("mysql://lab:secret@db.example:3306/lockbench"));
        m_window->close();
        QCOMPARE(QSettings().value(QStringLiteral("server/url")).toString(),
            QStringLiteral("mysql://lab@db.example:3306/lockbench"));
        m_window.reset();
        m_window = std::make_unique<MainWindow>();
        QCOMPARE(m_window->experimentPanel()->fieldText(QStringLiteral("threads")), QStringLiteral("77"));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->ownServer().state == ServerController::State::Ready, 60000);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
