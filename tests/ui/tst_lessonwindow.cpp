// A lesson in the window: opening one loads its first step's experiment and strategies and
// brings its chart to the front; Next and Back walk the steps; Run this step runs exactly that
// step, and the hand-out carries the step's question above the row it ran.
#include "app/lesson/lessonlibrary.h"
#include "app/results/resultexplanation.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/testsettings.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/metricchart.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/guessbox.h"
#include "ui/panels/lessonpanel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/strategypanel.h"

#include <QAction>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTextDocument>
#include <optional>

class TestLessonWindow : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog;

private slots:
    void initTestCase() { m_settings.emplace(QStringLiteral("lockbench-lessons")); }

    void stepsLoadTheirExperimentAndChart()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        LessonPanel* lessons = window.lessonPanel();
        const std::optional<Lesson> lesson = LessonLibrary::find(QStringLiteral("hot-row"));
        QVERIFY(lesson && lesson->steps.size() >= 2);
        QSignalSpy shown(lessons, &LessonPanel::stepShown);
        QVERIFY(lessons->openLesson(QStringLiteral("Why a hot row serialises")));
        QCOMPARE(shown.count(), 1);
        QCOMPARE(window.experimentPanel()->experiment(), lesson->steps[0].experiment);
        QCOMPARE(window.strategyPanel()->selectedIds(), lesson->steps[0].strategies);
        QVERIFY(lessons->stepText().contains(lesson->steps[0].question.toHtmlEscaped()));

        lessons->next();
        QCOMPARE(lessons->stepIndex(), 1);
        QCOMPARE(window.experimentPanel()->experiment(), lesson->steps[1].experiment);
        // Step 2 asks for orders per second: its tab is in front.
        QCOMPARE(window.chartsPanel()->currentWidget(),
            window.chartsPanel()->chart(QStringLiteral("Orders per second"))->parentWidget());
        lessons->back();
        QCOMPARE(lessons->stepIndex(), 0);
        lessons->back(); // nothing before the first step
        QCOMPARE(lessons->stepIndex(), 0);
        QCOMPARE(shown.count(), 3);
    }

    void runThisStepRunsItAndTheHandoutHasIt()
    {
        MainWindow window;
        openWithServerReady(window);
        if (QTest::currentTestFailed())
            return;
        LessonPanel* lessons = window.lessonPanel();
        QVERIFY(lessons->openLesson(QStringLiteral("hot-row")));
        lessons->next();
        const LessonStep step = lessons->lesson()->steps[1];
        QTRY_VERIFY(lessons->runButton()->isEnabled() && window.runAction()->isEnabled());
        lessons->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->results().size() == 1, 120000);
        const StrategyResult result = window.resultsPanel()->results().first();
        QCOMPARE(result.experiment, step.experiment);
        QCOMPARE(result.strategy, step.strategies.first());
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        // What the run found is said under the step's question, in the run's own numbers,
        // where a class looks while the results table is hidden in presenter mode.
        const QString why = ResultExplanation::of(result).text;
        QVERIFY(!why.isEmpty());
        QTextDocument page;
        page.setHtml(lessons->stepText());
        const QString shown = page.toPlainText().simplified();
        QVERIFY2(
            shown.indexOf(QLatin1String("What this run found")) > shown.indexOf(step.question.simplified()),
            qPrintable(shown));
        QVERIFY2(shown.contains(why.simplified()), qPrintable(shown));
        lessons->next(); // another step: its own text, without the last step's run
        QVERIFY(!lessons->stepText().contains(QLatin1String("What this run found")));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("handout.html"));
        QString error;
        QVERIFY2(window.session()->exportHandout(path, *lessons->lesson(), &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        const qsizetype question = html.indexOf(step.question.toHtmlEscaped());
        QVERIFY(question > 0);
        QVERIFY(html.indexOf(
                    QStringLiteral("<td class='num'>%1</td>").arg(result.ordersPerS, 0, 'f', 0), question)
            > question);
        QVERIFY(html.contains(QLatin1String("This step was not run."))); // steps 1 and 3
    }

    // A step that asks for a guess: the lab predicts before the run, and its prediction stays
    // hidden, in the lesson and in the results table, until the class's guess is typed in.
    void theClassGuessesBeforeThePredictionShows()
    {
        MainWindow window;
        openWithServerReady(window);
        if (QTest::currentTestFailed())
            return;
        LessonPanel* lessons = window.lessonPanel();
        QVERIFY(lessons->openLesson(QStringLiteral("hot-row")));
        int step = 0;
        while (!lessons->stepAsksForGuess() && step + 1 < lessons->lesson()->steps.size()) {
            lessons->next();
            ++step;
        }
        QVERIFY2(lessons->stepAsksForGuess(), "the hot-row lesson has a step that asks for a guess");
        GuessBox* guess = lessons->guessBox();
        QVERIFY(guess->isVisible());
        window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("1s"));
        QTRY_VERIFY(lessons->runButton()->isEnabled() && window.runAction()->isEnabled());
        lessons->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->results().size() == 1, 120000);
        const StrategyResult result = window.resultsPanel()->results().first();
        QVERIFY2(result.predictedOrdersPerS > 0, qPrintable(result.error));
        QCOMPARE(result.experiment.threads, lessons->lesson()->steps[step].experiment.threads);
        // Predicted and measured, but nothing shown before the guess.
        QVERIFY(!guess->revealButton()->isEnabled());
        QVERIFY(predictedColumnHidden(window));
        QVERIFY(!lessons->stepText().contains(QLatin1String("predicted")));
        QTest::keyClicks(guess->guessField(), QStringLiteral("500"));
        QVERIFY(guess->revealButton()->isEnabled());
        guess->revealButton()->click();
        QVERIFY(!predictedColumnHidden(window));
        QTextDocument page;
        page.setHtml(lessons->stepText());
        const QString shown = page.toPlainText().simplified();
        QVERIFY2(shown.contains(QLatin1String("the class guessed 500 orders/s")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("predicted %1 orders/s")
                                    .arg(QLocale().toString(result.predictedOrdersPerS, 'f', 0))),
            qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1String("% of the prediction")), qPrintable(shown));
    }

private:
    // The window on a projector, its embedded server ready.
    static void openWithServerReady(MainWindow& window)
    {
        window.resize(1280, 720);
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready, 60000);
    }

    static bool predictedColumnHidden(MainWindow& window)
    {
        const QAbstractItemModel* model = window.resultsPanel()->view()->model();
        for (int column = 0; column < model->columnCount(); ++column) {
            if (model->headerData(column, Qt::Horizontal).toString() == QLatin1String("predicted"))
                return window.resultsPanel()->view()->isColumnHidden(column);
        }
        return true;
    }
};

QTEST_MAIN(TestLessonWindow)
#include "tst_lessonwindow.moc"
