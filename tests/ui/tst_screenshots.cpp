// Under a real X server (xvfb-run): the window mid-run, every chart tab, saved as PNGs in
// the build folder (build/<preset>/screenshots) for a person to look at.
#include "app/core/runtimeline.h"
#include "app/core/translation.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/testsettings.h"
#include "tests/ui/windowshots.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/comparisonpanel.h"
#include "ui/charts/metricchart.h"
#include "ui/charts/smallmultiples.h"
#include "ui/charts/strategybarsview.h"
#include "ui/charts/timelinepanel.h"
#include "ui/charts/timelineview.h"
#include "ui/editor/strategyeditor.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/explanationview.h"
#include "ui/panels/guessbox.h"
#include "ui/panels/lessonpanel.h"
#include "ui/panels/lockinspectorpanel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/strategypanel.h"
#include "ui/panels/sweeppanel.h"
#include "ui/panels/waitforgraph.h"
#include "ui/presentermode.h"

#include <QAbstractAxis>
#include <QAction>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QValueAxis>
#include <optional>

class TestScreenshots : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

    // A flash sale of three strategies (naive turns red), every chart tab at the size the window
    // opened with before it fitted itself to the screen (1009x677), on a projector (1280x720)
    // and maximised on 1600x1000; no chart text cut short at any of them.
    static void saveFlashSaleChartTabs(MainWindow& window, const QDir& folder)
    {
        window.experimentPanel()->choosePreset(QStringLiteral("Flash sale: one hot SKU"));
        window.strategyPanel()->setSelectedIds(
            { QStringLiteral("pessimistic"), QStringLiteral("queued"), QStringLiteral("naive") });
        window.runAction()->trigger();
        QVERIFY2(WindowShots::refusal(window).isEmpty(), qPrintable(WindowShots::refusal(window)));
        QTRY_VERIFY_WITH_TIMEOUT(window.chartsPanel()
                                     ->chart(QStringLiteral("Orders per second"))
                                     ->lineNames()
                                     .contains(QStringLiteral("naive")),
            120000);
        // Not for the window: for two seconds of naive's lines to look at (4 samples a second),
        // or all of them should its run end sooner.
        MetricChart* orders = window.chartsPanel()->chart(QStringLiteral("Orders per second"));
        QTRY_VERIFY_WITH_TIMEOUT(
            orders->pointCount(QStringLiteral("naive")) >= 8 || !window.session()->isRunning(), 60000);
        QStringList cut; // every text a chart cut short, at any size
        for (const QSize size : { QSize(1009, 677), QSize(1280, 720), QSize(1600, 1000) }) {
            QVERIFY(WindowShots::resizeAndWait(window, size));
            QCOMPARE(window.size(), size); // the window fits each of them
            cut += WindowShots::saveEveryChartTab(window, folder);
        }
        QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("cut short: ") + cut.join(QStringLiteral("; "))));
        window.resize(1500, 950);
        QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isRunning(), 120000);
        QTRY_VERIFY(window.runAction()->isEnabled());
        qInfo("flash sale done, chart tabs saved");
        saveSmallMultiples(window, folder);
        // One hot SKU: pessimistic's lanes hold the row one client at a time.
        WindowShots::saveTimeline(
            window, folder, QStringLiteral("pessimistic"), { QSize(1280, 720), QSize(1009, 677) });
        QVERIFY2(window.chartsPanel()->timeline()->caption().contains(QLatin1String("at most 1 held")),
            qPrintable(window.chartsPanel()->timeline()->caption()));
        window.resize(1500, 950);
    }

    // The bars of the three strategies beside their lines; then the lines one chart per
    // strategy, every one on the same axes, none of their text cut short.
    static void saveSmallMultiples(MainWindow& window, const QDir& folder)
    {
        ChartsPanel* charts = window.chartsPanel();
        charts->setCurrentIndex(0);
        QTRY_COMPARE(charts->strategyBars()->barCount(), 3);
        charts->perStrategy()->setChecked(true);
        const QStringList ran
            = { QStringLiteral("pessimistic"), QStringLiteral("queued"), QStringLiteral("naive") };
        QTRY_COMPARE(charts->smallMultiples()->strategies(), ran);
        QList<double> tops;
        for (const QString& strategy : ran) {
            const QChart* chart = charts->smallMultiples()->viewOf(strategy)->chart();
            QVERIFY(!chart->series().isEmpty());
            tops << static_cast<const QValueAxis*>(chart->axes(Qt::Vertical).constFirst())->max();
        }
        QVERIFY2(
            tops[0] == tops[1] && tops[1] == tops[2] && tops[0] > 0, "the small charts share one rate axis");
        QVERIFY(charts->chart(QStringLiteral("Orders per second"))->isHidden());
        for (const QSize size : { QSize(1009, 677), QSize(1280, 720) }) {
            QVERIFY(WindowShots::resizeAndWait(window, size));
            QVERIFY2(WindowShots::elidedTexts(charts).isEmpty(),
                qPrintable(WindowShots::elidedTexts(charts).join(u';')));
            QVERIFY(window.grab().save(folder.filePath(
                QStringLiteral("mainwindow-%1x%2-per-strategy.png").arg(size.width()).arg(size.height()))));
        }
        charts->perStrategy()->setChecked(false);
        QVERIFY(!charts->chart(QStringLiteral("Orders per second"))->isHidden());
    }

    // The lock inspector during a pessimistic flash sale with round trips in the transaction.
    // The Strategies tab with pessimistic's file shown, at the window's opening and minimum size
    // (1009x677) and on a projector: what a strategy shows as its SQL, wrapped, not cut.
    static void saveStrategyTab(MainWindow& window, const QDir& folder, const QString& prefix)
    {
        for (QTabWidget* tabs : window.findChildren<QTabWidget*>()) {
            const int index = tabs->indexOf(window.strategyPanel());
            if (index >= 0)
                tabs->setCurrentIndex(index);
        }
        QListWidget* list = window.strategyPanel()->findChild<QListWidget*>();
        QVERIFY(list);
        list->setCurrentRow(0);
        QVERIFY(window.strategyPanel()->shownDescription().contains(QLatin1String("\\lock")));
        for (const QSize size : { QSize(1009, 677), QSize(1280, 720) }) {
            QVERIFY(WindowShots::resizeAndWait(window, size));
            QVERIFY(window.grab().save(folder.filePath(
                QStringLiteral("%1-%2x%3.png").arg(prefix).arg(size.width()).arg(size.height()))));
        }
        // The editor on a copy of pessimistic, with a mistake named under the text.
        StrategyEditor* editor = window.strategyPanel()->editCopyOf(QStringLiteral("pessimistic"));
        QVERIFY(editor);
        editor->setText(editor->text().replace(QStringLiteral("\\delay"), QStringLiteral("\\dealy")));
        QVERIFY(!editor->parses());
        QVERIFY(QTest::qWaitForWindowExposed(editor));
        QCoreApplication::sendPostedEvents(); // the layout of the mistake's line under the text
        QVERIFY(editor->grab().save(folder.filePath(QStringLiteral("%1-editor.png").arg(prefix))));
        editor->close();
    }

    static void saveLockInspector(MainWindow& window, const QDir& folder)
    {
        window.experimentPanel()->setFieldText(QStringLiteral("delay-ms"), QStringLiteral("5"));
        window.experimentPanel()->setFieldText(QStringLiteral("threads"), QStringLiteral("32"));
        window.strategyPanel()->setSelectedIds({ QStringLiteral("pessimistic") });
        window.runAction()->trigger();
        QVERIFY2(WindowShots::refusal(window).isEmpty(), qPrintable(WindowShots::refusal(window)));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.lockInspectorPanel()->summary().contains(QLatin1String("longest queue")), 60000);
        for (QTabWidget* tabs : window.findChildren<QTabWidget*>()) {
            const int index = tabs->indexOf(window.lockInspectorPanel());
            if (index >= 0)
                tabs->setCurrentIndex(index);
        }
        window.chartsPanel()->setCurrentIndex(2); // lock waits
        // Not for the window: for a second of pessimistic's lines on every chart of the tab.
        for (MetricChart* chart : window.chartsPanel()->currentWidget()->findChildren<MetricChart*>())
            QTRY_VERIFY2_WITH_TIMEOUT(
                chart->pointCount(QStringLiteral("pessimistic")) >= 4, qPrintable(chart->title()), 30000);
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-lock-inspector.png"))));
        window.stopAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isRunning(), 30000);
        QTRY_VERIFY(window.runAction()->isEnabled());
        qInfo("lock inspector saved");
    }

    // A short sweep, each point run twice, for the scaling curves with their whiskers.
    static void saveScalingSweep(MainWindow& window, const QDir& folder)
    {
        window.experimentPanel()->setFieldText(QStringLiteral("repeat"), QStringLiteral("2"));
        window.experimentPanel()->setFieldText(QStringLiteral("delay-ms"), QStringLiteral("0"));
        window.experimentPanel()->setFieldText(QStringLiteral("stock"), QStringLiteral("1000000"));
        window.experimentPanel()->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
        window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("1s"));
        window.strategyPanel()->setSelectedIds(
            { QStringLiteral("pessimistic"), QStringLiteral("conditional"), QStringLiteral("queued") });
        window.sweepPanel()->setThreads(QStringLiteral("1,16"));
        QSignalSpy rebuilt(window.chartsPanel()->comparison(), &ComparisonPanel::latestChanged);
        window.runSweep();
        QVERIFY2(WindowShots::refusal(window).isEmpty(), qPrintable(WindowShots::refusal(window)));
        QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isRunning(), 120000);
        QVERIFY(window.chartsPanel()->showChart(QStringLiteral("scaling")));
        // The curves are rebuilt a moment after the results come: drawn with the sweep's every
        // result, 3 strategies at 1 and 16 clients, twice.
        const auto drawnResults = [&rebuilt] {
            return rebuilt.isEmpty() ? 0 : rebuilt.last().constFirst().value<QList<SourcedResult>>().size();
        };
        QTRY_COMPARE(drawnResults(), qsizetype(12));
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-scaling.png"))));
    }

    // The same window on a projector (1280x720) and at the size it opens with, on the
    // Throughput tab with the results of the whole session below.
    static void saveStrategyTabInEnglish(MainWindow& window, const QDir& folder)
    {
        saveStrategyTab(window, folder, QStringLiteral("mainwindow-strategy"));
    }

    static void saveProjectorAndDefaultSizes(MainWindow& window, const QDir& folder)
    {
        window.chartsPanel()->setCurrentIndex(0);
        for (QTabWidget* tabs : window.findChildren<QTabWidget*>()) {
            if (const int index = tabs->indexOf(window.resultsPanel()); index >= 0)
                tabs->setCurrentIndex(index);
        }
        QVERIFY(WindowShots::resizeAndWait(window, QSize(1280, 720)));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-1280x720.png"))));
        // What a window with no saved geometry opens with.
        QVERIFY(WindowShots::resizeAndWait(window, window.sizeHint()));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-default-size.png"))));
    }

private slots:
    void windowMidRun()
    {
        m_settings.emplace(QStringLiteral("lockbench-screenshots"));
        QCOMPARE(QGuiApplication::platformName(), QStringLiteral("xcb"));
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        QVERIFY(QDir().mkpath(folder.path()));

        MainWindow window;
        window.resize(1500, 950);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready, 60000);
        qInfo("server ready");
        for (const auto step :
            { &TestScreenshots::saveFlashSaleChartTabs, &TestScreenshots::saveLockInspector,
                &TestScreenshots::saveScalingSweep, &TestScreenshots::saveProjectorAndDefaultSizes,
                &TestScreenshots::saveStrategyTabInEnglish }) {
            step(window, folder);
            if (QTest::currentTestFailed())
                return;
        }
        qInfo("screenshots in %s", qPrintable(folder.path()));
    }

    void claimPresetInTheWindow()
    {
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        MainWindow window;
        WindowShots::openOnAProjector(window);
        if (QTest::currentTestFailed())
            return;
        window.experimentPanel()->choosePreset(QStringLiteral("Claim work without blocking"));
        QCOMPARE(window.strategyPanel()->selectedIds(),
            QStringList({ QStringLiteral("claim-for-update"), QStringLiteral("claim-update"),
                QStringLiteral("claim-skip-locked") }));
        window.runAction()->trigger();
        QVERIFY2(WindowShots::refusal(window).isEmpty(), qPrintable(WindowShots::refusal(window)));
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->rows().size() == 3, 180000);
        for (const StrategyResult& result : window.resultsPanel()->results()) {
            QVERIFY2(result.verdict() == Verdict::Pass,
                qPrintable(result.strategy + QStringLiteral(": ") + result.verdictText()));
            QCOMPARE(result.sold, 5000LL);
            QVERIFY(result.workersKilled > 0);
        }
        // The claim workload's own columns are shown for its rows.
        QCOMPARE(window.resultsPanel()->cell(1, QStringLiteral("double claims")), QStringLiteral("0"));
        QVERIFY(!window.resultsPanel()->cell(1, QStringLiteral("killed")).isEmpty());
        const QAbstractItemModel* model = window.resultsPanel()->view()->model();
        for (int column = 0; column < model->columnCount(); ++column) {
            if (model->headerData(column, Qt::Horizontal).toString() == QLatin1String("double claims"))
                QVERIFY(!window.resultsPanel()->view()->isColumnHidden(column));
        }
        for (QTabWidget* tabs : window.findChildren<QTabWidget*>()) {
            if (const int index = tabs->indexOf(window.resultsPanel()); index >= 0)
                tabs->setCurrentIndex(index);
        }
        window.chartsPanel()->setCurrentIndex(0);
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-claims-1280x720.png"))));
    }

    // The preset of 4,000 waiters: the lock inspector counts them and says why it reads no
    // more, and the sentence is whole at the projector's size and at the window's default one.
    void thousandsOfWaitersInTheWindow()
    {
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        MainWindow window;
        WindowShots::openOnAProjector(window);
        if (QTest::currentTestFailed())
            return;
        window.experimentPanel()->choosePreset(
            QStringLiteral("Thousands of waiters: does deadlock detection collapse?"));
        QCOMPARE(window.experimentPanel()->experiment().threads, 4000);
        window.strategyPanel()->setSelectedIds({ QStringLiteral("conditional") });
        window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("8s"));
        window.runAction()->trigger();
        QVERIFY2(WindowShots::refusal(window).isEmpty(), qPrintable(WindowShots::refusal(window)));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.lockInspectorPanel()->summary().contains(QLatin1String("Beyond 200 waiters")), 120000);
        for (QTabWidget* tabs : window.findChildren<QTabWidget*>()) {
            if (const int index = tabs->indexOf(window.lockInspectorPanel()); index >= 0)
                tabs->setCurrentIndex(index);
        }
        window.chartsPanel()->setCurrentIndex(2); // lock waits
        for (const QSize size : { QSize(1280, 720), QSize(1009, 677) }) {
            QVERIFY(WindowShots::resizeAndWait(window, size));
            const QLabel* summary = nullptr;
            for (const QLabel* label : window.lockInspectorPanel()->findChildren<QLabel*>())
                if (label->text() == window.lockInspectorPanel()->summary())
                    summary = label;
            QVERIFY(summary && summary->isVisible());
            // The graph beside it says the same crowd, not that nobody waits.
            const WaitForGraph* graph = window.lockInspectorPanel()->findChild<WaitForGraph*>();
            QVERIFY(graph);
            QVERIFY2(graph->placeholderText().contains(QLatin1String("too many to read")),
                qPrintable(graph->placeholderText()));
            // Whole: as wide as its text needs, or wrapped and as tall as its lines.
            QVERIFY2(summary->width() >= summary->sizeHint().width()
                    || (summary->wordWrap()
                        && summary->height() >= summary->heightForWidth(summary->width())),
                qPrintable(QStringLiteral("%1x%2: %3")
                               .arg(summary->width())
                               .arg(summary->height())
                               .arg(summary->text())));
            QVERIFY(
                window.grab().save(folder.filePath(QStringLiteral("mainwindow-thousands-of-waiters-%1x%2.png")
                                                       .arg(size.width())
                                                       .arg(size.height()))));
        }
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->rows().size() == 1, 180000);
        QVERIFY2(window.resultsPanel()->results().first().verdict() == Verdict::Pass,
            qPrintable(window.resultsPanel()->results().first().verdictText()));
        // 4,000 lanes: as many as fit are drawn, the others a scroll away.
        WindowShots::saveTimeline(window, folder, QStringLiteral("conditional"), { QSize(1280, 720) });
        QVERIFY(window.chartsPanel()->timeline()->view()->lanesShown() < 4000);
    }

    void redisPresetInTheWindow()
    {
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        MainWindow window;
        WindowShots::openOnAProjector(window);
        if (QTest::currentTestFailed())
            return;
        window.experimentPanel()->choosePreset(
            QStringLiteral("Stock in front of the database: Redis sub-keys"));
        window.strategyPanel()->setSelectedIds(
            { QStringLiteral("conditional"), QStringLiteral("redis-split") });
        // A fifth of the preset's stock: conditional sells 20,000 units in about 50 s.
        window.experimentPanel()->setFieldText(QStringLiteral("stock"), QStringLiteral("4000"));
        window.runAction()->trigger();
        QVERIFY2(WindowShots::refusal(window).isEmpty(), qPrintable(WindowShots::refusal(window)));
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->rows().size() == 2, 180000);
        const StrategyResult redis = window.resultsPanel()->results().last();
        QCOMPARE(redis.strategy, QStringLiteral("redis-split"));
        QVERIFY2(redis.verdict() == Verdict::Pass, qPrintable(redis.verdictText()));
        QCOMPARE(redis.sold, 4000LL);
        QVERIFY(window.resultsPanel()->explanation()->text().contains(QLatin1String("reconciliation")));
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-redis-1280x720.png"))));
        // Redis's own figures, on a tab of their own: drawn by redis-split alone.
        ChartsPanel* charts = window.chartsPanel();
        charts->setCurrentIndex(4);
        QCOMPARE(charts->tabText(4), QStringLiteral("Redis"));
        for (const char* title : { "Redis commands per second", "Redis time inside a take script",
                 "Client round trip of a take script" })
            QCOMPARE(charts->chart(QLatin1String(title))->lineNames(),
                QStringList { QStringLiteral("redis-split") });
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-redis-tab-1280x720.png"))));
    }

    void theWindowInChinese()
    {
        // The lab as a class in China sees it: every menu, tab and chart title from the zh_CN
        // translation, and the characters drawn by the CJK font the setup installs.
        QVERIFY(Translation::install(QStringLiteral("zh_CN")));
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        {
            MainWindow window;
            WindowShots::openOnAProjector(window);
            if (QTest::currentTestFailed())
                return;
            QCOMPARE(window.runAction()->text(), QStringLiteral("运行(&R)"));
            window.experimentPanel()->choosePreset(QStringLiteral("Flash sale: one hot SKU"));
            window.experimentPanel()->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
            window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("3s"));
            window.strategyPanel()->setSelectedIds(
                { QStringLiteral("pessimistic"), QStringLiteral("conditional") });
            window.runAction()->trigger();
            QVERIFY2(WindowShots::refusal(window).isEmpty(), qPrintable(WindowShots::refusal(window)));
            QTRY_VERIFY_WITH_TIMEOUT(
                !window.session()->isRunning() && window.resultsPanel()->rows().size() == 2, 120000);
            QCOMPARE(window.chartsPanel()->tabText(0), QStringLiteral("吞吐量"));
            QVERIFY(window.chartsPanel()->chart(QStringLiteral("每秒订单数")));
            QCOMPARE(window.chartsPanel()->chart(QStringLiteral("每秒订单数"))->lineNames().size(), 2);
            QVERIFY(WindowShots::waitUntilDrawn(window));
            QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-zh_CN-1280x720.png"))));
            // The smallest the window allows: every axis title still whole.
            QVERIFY(WindowShots::resizeAndWait(window, QSize(1009, 677)));
            QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-zh_CN-1009x677.png"))));
            window.resize(1280, 720);
            saveStrategyTab(window, folder, QStringLiteral("mainwindow-strategy-zh_CN"));
            if (QTest::currentTestFailed())
                return;

            // The first lesson in presenter mode, in Chinese: its own text too.
            QVERIFY(window.lessonPanel()->openLesson(QStringLiteral("hot-row")));
            QCOMPARE(window.lessonPanel()->lesson()->title, QStringLiteral("热点行为何串行化"));
            window.lessonPanel()->next();
            window.lessonPanel()->runButton()->click();
            QTRY_VERIFY_WITH_TIMEOUT(
                !window.session()->isRunning() && window.resultsPanel()->rows().size() == 3, 120000);
            window.presenterMode()->setOn(true);
            QVERIFY(WindowShots::waitUntilDrawn(window));
            QCOMPARE(window.size(), QSize(1280, 720));
            QVERIFY(window.chartsPanel()->chart(QStringLiteral("每秒订单数"))->isVisible());
            QVERIFY(window.grab().save(
                folder.filePath(QStringLiteral("mainwindow-lesson-presenter-zh_CN-1280x720.png"))));
            window.presenterMode()->setOn(false);
        }
        QVERIFY(Translation::install(QStringLiteral("en")));
    }

    void lessonStepAtProjectorSize()
    {
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        MainWindow window;
        WindowShots::openOnAProjector(window);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(window.lessonPanel()->openLesson(QStringLiteral("hot-row")));
        window.lessonPanel()->next();
        window.lessonPanel()->runButton()->click();
        QVERIFY2(WindowShots::refusal(window).isEmpty(), qPrintable(WindowShots::refusal(window)));
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->rows().size() == 1, 120000);
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-lesson-1280x720.png"))));

        // Presenter mode, as the class sees it: the step's chart alone, its text 20 px and more,
        // on the same projector.
        window.presenterMode()->action()->trigger();
        QVERIFY(window.presenterMode()->isOn());
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QCOMPARE(window.size(), QSize(1280, 720));
        MetricChart* orders = window.chartsPanel()->chart(QStringLiteral("Orders per second"));
        QVERIFY(orders->isVisible());
        QVERIFY(!window.chartsPanel()->chart(QStringLiteral("Attempts per second"))->isVisible());
        QVERIFY(orders->chart()->titleFont().pixelSize() >= 20);
        for (const QAbstractAxis* axis : orders->chart()->axes())
            QVERIFY(axis->labelsFont().pixelSize() >= 20);
        QVERIFY2(orders->width() > 600, qPrintable(QString::number(orders->width())));
        QVERIFY(
            window.grab().save(folder.filePath(QStringLiteral("mainwindow-lesson-presenter-1280x720.png"))));
        // Step 1 looks at the lock inspector: it takes the charts' place, boxes sized for the type.
        window.lessonPanel()->back();
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(!window.chartsPanel()->isVisible());
        QVERIFY(window.lockInspectorPanel()->isVisible());
        QVERIFY(window.grab().save(
            folder.filePath(QStringLiteral("mainwindow-lesson-presenter-locks-1280x720.png"))));
        window.lessonPanel()->next();
        window.presenterMode()->setOn(false);
        QVERIFY(window.chartsPanel()->chart(QStringLiteral("Attempts per second"))->isVisible());
        QVERIFY(orders->chart()->titleFont().pixelSize() < 20);
        saveGuessBeforePrediction(window, folder);
    }

private:
    // Step 3 asks the class to guess first: its guess and the prediction beside it, in presenter
    // mode and in the window.
    static void saveGuessBeforePrediction(MainWindow& window, const QDir& folder)
    {
        window.lessonPanel()->next();
        QVERIFY(window.lessonPanel()->stepAsksForGuess());
        window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("2s"));
        window.presenterMode()->setOn(true);
        QTRY_VERIFY(window.lessonPanel()->runButton()->isEnabled() && window.runAction()->isEnabled());
        window.lessonPanel()->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(window.lessonPanel()->guessBox()->revealButton()->isVisible()
                && !window.session()->predictions().isEmpty(),
            60000);
        QTest::keyClicks(window.lessonPanel()->guessBox()->guessField(), QStringLiteral("350"));
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(
            folder.filePath(QStringLiteral("mainwindow-lesson-guess-presenter-1280x720.png"))));
        QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isRunning(), 120000);
        window.lessonPanel()->guessBox()->revealButton()->click();
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(
            folder.filePath(QStringLiteral("mainwindow-lesson-prediction-presenter-1280x720.png"))));
        window.presenterMode()->setOn(false);
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(
            window.grab().save(folder.filePath(QStringLiteral("mainwindow-lesson-prediction-1280x720.png"))));
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
