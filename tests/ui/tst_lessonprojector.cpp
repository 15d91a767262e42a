// A teacher on a 1280x720 projector: "Why a hot row serialises" stepped through in presenter
// mode, each step run, in English and in Chinese. Every step's chart (or the lock inspector)
// is on screen, large and drawn with the step's strategies, its text beside it with what the
// run found; a screenshot of each step is saved for a person to look at.
#include "app/core/translation.h"
#include "app/lesson/lessonlibrary.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/testsettings.h"
#include "tests/ui/windowshots.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/metricchart.h"
#include "ui/mainwindow.h"
#include "ui/panels/lessonpanel.h"
#include "ui/panels/lockinspectorpanel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/waitforgraph.h"
#include "ui/presentermode.h"

#include <QAbstractAxis>
#include <QChart>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTextDocument>
#include <optional>

class TestLessonProjector : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog;

    void walkTheLesson(const QString& language)
    {
        QVERIFY(Translation::install(language));
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        QVERIFY(QDir().mkpath(folder.path()));
        const std::optional<Lesson> lesson = LessonLibrary::find(QStringLiteral("hot-row"));
        QVERIFY(lesson);
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready, 60000);
        LessonPanel* lessons = window.lessonPanel();
        QVERIFY(lessons->openLesson(lesson->title));
        window.presenterMode()->setOn(true);
        for (int step = 0; step < lesson->steps.size(); ++step) {
            const LessonStep& s = lesson->steps[step];
            QCOMPARE(lessons->stepIndex(), step);
            const qsizetype rowsBefore = window.resultsPanel()->rows().size();
            QTRY_VERIFY(lessons->runButton()->isEnabled());
            lessons->runButton()->click();
            QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isRunning()
                    && window.resultsPanel()->rows().size() == rowsBefore + s.strategies.size(),
                120000);
            QVERIFY(WindowShots::waitUntilDrawn(window));
            QCOMPARE(window.size(), QSize(1280, 720));
            if (s.chart == QLatin1String("lock-inspector")) {
                // The queue on the hot row, in the charts' place, boxes sized for the large type.
                QVERIFY(!window.chartsPanel()->isVisible());
                QVERIFY(window.lockInspectorPanel()->isVisible());
                QVERIFY(window.lockInspectorPanel()->graph()->width() > 600);
            } else {
                MetricChart* chart = window.chartsPanel()->chartOf(s.chart);
                QVERIFY2(chart, qPrintable(s.chart));
                QVERIFY(chart->isVisible());
                QVERIFY(chart->width() > 600 && chart->height() > 450);
                QVERIFY(chart->chart()->titleFont().pixelSize() >= 20);
                for (const QAbstractAxis* axis : chart->chart()->axes())
                    QVERIFY(axis->labelsFont().pixelSize() >= 20);
                for (const QString& strategy : s.strategies)
                    QVERIFY2(chart->lineNames().contains(strategy),
                        qPrintable(chart->lineNames().join(QLatin1Char(','))));
            }
            // Beside it, the step's question and what the run found, in the lab's language.
            QTextDocument page;
            page.setHtml(lessons->stepText());
            QVERIFY(page.toPlainText().contains(s.question.simplified().left(20)));
            QVERIFY(page.toPlainText().contains(LessonPanel::tr("What this run found:")));
            QVERIFY(window.grab().save(
                folder.filePath(QStringLiteral("lesson-hot-row-step-%1-presenter-%2-1280x720.png")
                                    .arg(step + 1)
                                    .arg(language))));
            lessons->next();
        }
        window.presenterMode()->setOn(false);
    }

private slots:
    void initTestCase() { m_settings.emplace(QStringLiteral("lockbench-projector")); }

    void inEnglish() { walkTheLesson(QStringLiteral("en")); }
    void inChinese()
    {
        walkTheLesson(QStringLiteral("zh_CN"));
        QVERIFY(Translation::install(QStringLiteral("en")));
    }
};

QTEST_MAIN(TestLessonProjector)
#include "tst_lessonprojector.moc"
