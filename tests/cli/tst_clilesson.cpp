// `lockbench lesson`: the lessons are listed, a wrong name or a flag the lesson sets itself is
// refused, and a lesson runs its steps on the embedded server and writes its hand-out (HTML
// and PDF) with every step's text and question beside the rows that step ran.
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/lesson/lessonlibrary.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

class TestCliLesson : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;

private slots:
    void lessonsAreListed()
    {
        const LockbenchProcess o = LockbenchProcess::run({ QStringLiteral("lesson") });
        QCOMPARE(o.exitCode, 0);
        const QList<Lesson> lessons = LessonLibrary::load();
        QVERIFY(lessons.size() >= 7);
        for (const Lesson& lesson : lessons)
            QVERIFY2(o.out.contains(lesson.id + QStringLiteral("  ") + lesson.title), qPrintable(o.out));
    }

    void wrongNamesAndOwnFlagsAreRefused()
    {
        const LockbenchProcess unknown
            = LockbenchProcess::run({ QStringLiteral("lesson"), QStringLiteral("no-such-lesson") });
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains(
                     QLatin1String("unknown lesson \"no-such-lesson\"; the lessons are hot-row,")),
            qPrintable(unknown.err));
        const LockbenchProcess flag = LockbenchProcess::run({ QStringLiteral("lesson"),
            QStringLiteral("hot-row"), QStringLiteral("--threads"), QStringLiteral("4") });
        QCOMPARE(flag.exitCode, 2);
        QVERIFY2(flag.err.contains(QLatin1String("--threads: a lesson sets its own experiments")),
            qPrintable(flag.err));
    }

    void aLessonWritesItsHandout()
    {
        QTemporaryDir dir;
        QVERIFY(QDir::setCurrent(dir.path())); // the hand-out is written where the teacher is
        const std::optional<Lesson> lesson = LessonLibrary::find(QStringLiteral("hot-row"));
        QVERIFY(lesson);
        const LockbenchProcess o = LockbenchProcess::run(
            { QStringLiteral("lesson"), QStringLiteral("hot-row"), QStringLiteral("--json"),
                QStringLiteral("lesson.json"), QStringLiteral("-q") },
            300000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.all().right(3000)));
        for (int step = 1; step <= lesson->steps.size(); ++step)
            QVERIFY2(o.out.contains(QStringLiteral("step %1/%2: ").arg(step).arg(lesson->steps.size())),
                qPrintable(o.out));

        // The runs are the steps' experiments, in order.
        QFile json(dir.filePath(QStringLiteral("lesson.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonArray runs
            = QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("strategies")).toArray();
        QCOMPARE(runs.size(), lesson->steps.size());
        QFile html(dir.filePath(QStringLiteral("hot-row-handout.html")));
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(html.readAll());
        for (int i = 0; i < runs.size(); ++i) {
            const QJsonObject summary = runs[i].toObject().value(QStringLiteral("summary")).toObject();
            const LessonStep& step = lesson->steps[i];
            QCOMPARE(runs[i].toObject().value(QStringLiteral("experiment")).toObject(),
                ExperimentJson::toJson(step.experiment));
            // Each step's text, then the row it ran: its rate as the JSON has it.
            const qsizetype at = text.indexOf(step.question.toHtmlEscaped());
            QVERIFY2(at > 0, qPrintable(step.question));
            QVERIFY(text.indexOf(step.title.toHtmlEscaped()) < at);
            const QString row = QStringLiteral(
                "<td class='name'>pessimistic</td><td class='num'>%1</td><td class='num'>%2</td>")
                                    .arg(step.experiment.threads)
                                    .arg(summary.value(QStringLiteral("orders_per_s")).toDouble(), 0, 'f', 0);
            QVERIFY2(text.indexOf(row, at) > at, qPrintable(row));
        }
        QVERIFY(text.contains(QLatin1String("id='step-2-orders-per-second'"))); // the chart step 2 asks for

        // The PDF carries the same text, for printing.
        QProcess pdftotext;
        pdftotext.start(QStringLiteral("pdftotext"),
            { dir.filePath(QStringLiteral("hot-row-handout.pdf")), QStringLiteral("-") });
        QVERIFY(pdftotext.waitForFinished(60000));
        const QString pdf = QString::fromUtf8(pdftotext.readAllStandardOutput()).simplified();
        QVERIFY2(pdf.contains(lesson->title), qPrintable(pdf.left(500)));
        QVERIFY(
            pdf.contains(QStringLiteral("Question: ") + lesson->steps.last().question.simplified().left(40)));
    }

    // "Fix the transaction": the class's file claims to be safe and loses sales, so the lesson
    // ends with exit 3; the fixed file and the lab's strategies pass beside it.
    void fixTheTransactionFailsTheFileAndPassesTheFix()
    {
        QTemporaryDir dir;
        QVERIFY(QDir::setCurrent(dir.path()));
        const LockbenchProcess o = LockbenchProcess::run(
            { QStringLiteral("lesson"), QStringLiteral("fix-the-transaction"), QStringLiteral("--json"),
                QStringLiteral("lesson.json"), QStringLiteral("-q") },
            300000);
        QVERIFY2(o.exitCode == 3, qPrintable(o.all().right(3000)));
        QFile json(dir.filePath(QStringLiteral("lesson.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonArray runs
            = QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("strategies")).toArray();
        QStringList failed;
        QStringList passed;
        for (const QJsonValue& run : runs) {
            const QJsonObject summary = run.toObject().value(QStringLiteral("summary")).toObject();
            const QString strategy = summary.value(QStringLiteral("strategy")).toString();
            if (summary.value(QStringLiteral("verdict")).toString() == QLatin1String("pass"))
                passed << strategy;
            else
                failed << strategy;
            if (strategy == QLatin1String("lesson-transaction"))
                QVERIFY2(summary.value(QStringLiteral("lost_updates")).toInt() > 0, qPrintable(o.out));
        }
        QCOMPARE(failed,
            QStringList({ QStringLiteral("lesson-transaction"), QStringLiteral("lesson-transaction") }));
        QVERIFY2(passed.count(QStringLiteral("lesson-transaction-fixed")) == 2
                && passed.contains(QStringLiteral("conditional"))
                && passed.count(QStringLiteral("pessimistic")) == 2,
            qPrintable(passed.join(QLatin1Char(','))));
        QVERIFY2(o.out.contains(QLatin1String("FAIL: lost updates")), qPrintable(o.out));
    }
};

QTEST_GUILESS_MAIN(TestCliLesson)
#include "tst_clilesson.moc"
