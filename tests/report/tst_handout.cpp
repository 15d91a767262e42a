// A lesson's hand-out without a server: each row goes under the step that ran it (a strategy
// twice in one step only when the step repeats its runs), a step that did not run says so, and
// the step's text, notice and question are in the HTML.
#include "app/core/fieldlabels.h"
#include "app/core/translation.h"
#include "app/lesson/lessonlibrary.h"
#include "app/report/handout.h"
#include "app/report/reportwriter.h"
#include "tests/support/sampleresults.h"

#include <QFontDatabase>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

namespace {

Lesson twoStepLesson()
{
    Lesson lesson;
    lesson.id = QStringLiteral("test");
    lesson.title = QStringLiteral("A lesson & its test");
    lesson.summary = QStringLiteral("What it teaches.");
    LessonStep first;
    first.title = QStringLiteral("First");
    first.say = QStringLiteral("Read this.");
    first.strategies = { QStringLiteral("pessimistic"), QStringLiteral("conditional") };
    first.chart = QStringLiteral("orders-per-second");
    first.notice = QStringLiteral("Look at <this>.");
    first.question = QStringLiteral("Why?");
    LessonStep second = first;
    second.title = QStringLiteral("Second");
    second.experiment.delayMs = 5;
    second.strategies = { QStringLiteral("pessimistic") };
    second.question = QStringLiteral("And now?");
    lesson.steps = { first, second };
    return lesson;
}

SourcedResult row(const QString& strategy, const Experiment& experiment)
{
    SourcedResult sourced;
    sourced.result = SampleResults::make(strategy, experiment.threads, 100.0);
    sourced.result.experiment = experiment;
    return sourced;
}

} // namespace

class TestHandout : public QObject {
    Q_OBJECT

private slots:
    void rowsGoUnderTheStepThatRanThem()
    {
        const Lesson lesson = twoStepLesson();
        const Experiment& first = lesson.steps[0].experiment;
        const Experiment& second = lesson.steps[1].experiment;
        const QList<Handout::Step> steps = Handout::split(lesson,
            { row(QStringLiteral("pessimistic"), first), row(QStringLiteral("conditional"), first),
                row(QStringLiteral("pessimistic"), second), row(QStringLiteral("pessimistic"), second),
                row(QStringLiteral("naive"), first) });
        QCOMPARE(steps.size(), 2);
        QCOMPARE(steps[0].rows.size(), 2);
        QCOMPARE(steps[1].rows.size(), 1); // a second pessimistic row is no part of a step that runs it once
        QCOMPARE(steps[1].rows.first().result.experiment, second);
        QCOMPARE(steps[1].number, 2);
    }

    void aStepThatDidNotRunSaysSo()
    {
        const Lesson lesson = twoStepLesson();
        const QList<Handout::Step> steps
            = Handout::split(lesson, { row(QStringLiteral("pessimistic"), lesson.steps[0].experiment) });
        QVERIFY(!Handout::stepHtml(steps[0]).contains(QLatin1String("This step was not run.")));
        QVERIFY(Handout::stepHtml(steps[1]).contains(QLatin1String("This step was not run.")));
        QVERIFY(Handout::charts(steps[1]).isEmpty());
    }

    void theHandoutCarriesEveryStepsText()
    {
        const Lesson lesson = twoStepLesson();
        const QString html = ReportWriter::html({ SampleResults::runInfo(),
            { row(QStringLiteral("pessimistic"), lesson.steps[0].experiment),
                row(QStringLiteral("pessimistic"), lesson.steps[1].experiment) },
            lesson });
        QVERIFY(html.contains(QLatin1String("<title>A lesson &amp; its test</title>")));
        QVERIFY(html.contains(QLatin1String("<h2>Step 1: First</h2>")));
        QVERIFY(html.contains(QLatin1String("Look at &lt;this&gt;.")));
        QVERIFY(html.indexOf(QLatin1String("Why?")) < html.indexOf(QLatin1String("<h2>Step 2: Second</h2>")));
        QVERIFY(html.contains(QLatin1String("And now?")));
        QVERIFY(html.contains(QLatin1String("id='step-1-orders-per-second'")));
        QVERIFY(html.contains(QLatin1String("id='step-2-orders-by-strategy'")));
        QVERIFY(!html.contains(QLatin1String("<h1>lockbench report</h1>"))); // the lesson's title heads it
    }

    // A step lists what it sets, not the 28 settings: the first what differs from the lab's
    // defaults, the second what it changes from the first; every setting waits in the appendix.
    void eachStepListsOnlyWhatItChanges()
    {
        Lesson lesson = twoStepLesson();
        lesson.steps[0].experiment.threads = 64;
        lesson.steps[1].experiment.threads = 64;
        const QList<Handout::Step> steps = Handout::split(lesson, {});
        const QString first = Handout::changesHtml(steps[0]);
        const QString second = Handout::changesHtml(steps[1]);
        const QString clients = FieldLabels::label(QStringLiteral("threads"));
        const QString delay = FieldLabels::label(QStringLiteral("delay-ms"));
        QVERIFY2(first.contains(clients) && first.contains(QLatin1String("default: 32")), qPrintable(first));
        QVERIFY2(!first.contains(delay), qPrintable(first));
        QVERIFY2(second.contains(delay) && second.contains(QLatin1String("step 1: 0")), qPrintable(second));
        QVERIFY2(second.contains(clients), qPrintable(second)); // still not the lab's default
        for (const char* unchanged : { "seed", "isolation", "writers", "buffer-pool-mb", "stock" }) {
            QVERIFY2(!first.contains(FieldLabels::label(QLatin1String(unchanged))), unchanged);
            QVERIFY2(!second.contains(FieldLabels::label(QLatin1String(unchanged))), unchanged);
        }
        const QString appendix = Handout::appendixHtml(steps);
        for (const char* field : { "seed", "isolation", "threads", "delay-ms" })
            QVERIFY2(appendix.contains(FieldLabels::label(QLatin1String(field))), field);
        const QString html = ReportWriter::html({ SampleResults::runInfo(),
            { row(QStringLiteral("pessimistic"), lesson.steps[0].experiment) }, lesson });
        QCOMPARE(html.count(FieldLabels::label(QStringLiteral("seed"))), 2); // the appendix's two steps only
    }

    void theHandoutPdfIsInChinese()
    {
        // A class in China gets the lesson's own text in Chinese, drawn with a font that has
        // the characters (the setup installs one), embedded in the PDF.
        QVERIFY(Translation::install(QStringLiteral("zh_CN")));
        const std::optional<Lesson> lesson = LessonLibrary::find(QStringLiteral("hot-row"));
        QVERIFY(lesson);
        QVERIFY(lesson->title.contains(QRegularExpression(QStringLiteral("\\p{Han}"))));
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("handout.pdf"));
        QString error;
        const bool written = ReportWriter::write(pdf,
            { SampleResults::runInfo(), { row(QStringLiteral("pessimistic"), lesson->steps[1].experiment) },
                lesson },
            &error);
        QVERIFY(Translation::install(QStringLiteral("en")));
        QVERIFY2(written, qPrintable(error));
        QProcess text;
        text.start(QStringLiteral("pdftotext"), { pdf, QStringLiteral("-") });
        QVERIFY(text.waitForFinished(60000));
        const QString extracted
            = QString::fromUtf8(text.readAllStandardOutput()).simplified().remove(QLatin1Char(' '));
        QVERIFY2(extracted.contains(QString(lesson->title).remove(QLatin1Char(' '))),
            qPrintable(extracted.left(300)));
        QVERIFY(extracted.contains(QStringLiteral("问题：")));
        const QStringList hanFamilies = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
        QVERIFY2(
            !hanFamilies.isEmpty(), "no font with Chinese characters: the setup installs fonts-wqy-microhei");
        QProcess fonts;
        fonts.start(QStringLiteral("pdffonts"), { pdf });
        QVERIFY(fonts.waitForFinished(60000));
        const QString embedded = QString::fromUtf8(fonts.readAllStandardOutput());
        const bool hanFontEmbedded
            = std::any_of(hanFamilies.begin(), hanFamilies.end(), [&](const QString& family) {
                  return embedded.contains(QString(family).remove(QLatin1Char(' ')));
              });
        QVERIFY2(hanFontEmbedded, qPrintable(embedded));
    }
};

QTEST_MAIN(TestHandout)
#include "tst_handout.moc"
