// The lessons shipped in resources/lessons: every one loads, every step's experiment validates
// for its strategies and asks for a chart the lab draws; a broken step is refused by name.
#include "app/lesson/lessonlibrary.h"
#include "strategies/strategyregistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

namespace {

QJsonObject goodStep()
{
    return QJsonDocument::fromJson(R"({
        "title": "One row", "say": "Read this out.", "strategies": ["pessimistic"],
        "experiment": { "skus": 1, "stock": 1000, "threads": 4, "stop": "duration", "duration": "2s" },
        "chart": "orders-per-second", "notice": "Look here.", "question": "Why?" })")
        .object();
}

QJsonObject lessonWith(const QJsonObject& step)
{
    return QJsonObject { { QStringLiteral("title"), QStringLiteral("A lesson") },
        { QStringLiteral("steps"), QJsonArray { goodStep(), step } } };
}

} // namespace

class TestLessons : public QObject {
    Q_OBJECT

private slots:
    void everyShippedLessonLoads()
    {
        QStringList errors;
        const QList<Lesson> lessons = LessonLibrary::load(&errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QStringList titles;
        for (const Lesson& lesson : lessons) {
            titles << lesson.title;
            QVERIFY2(!lesson.summary.isEmpty(), qPrintable(lesson.id));
            QVERIFY2(!lesson.steps.isEmpty(), qPrintable(lesson.id));
            QVERIFY2(!lesson.id.front().isDigit(), qPrintable(lesson.id)); // the number only orders the files
        }
        for (const char* title : { "Why a hot row serialises", "Optimistic is not free", "Spread the row",
                 "Queue and batch", "Deadlocks and their detection", "Claim work without blocking",
                 "Stock in front of the database", "InnoDB and PostgreSQL on one hot row",
                 "Fix the transaction" })
            QVERIFY2(titles.contains(QLatin1String(title)), title);
        QCOMPARE(titles.first(), QStringLiteral("Why a hot row serialises")); // the first to teach
    }

    // A step's own strategy files come with it: registered, read from the lessons' folder, and
    // run first. "Fix the transaction" starts from a file that claims to be safe and is not.
    void aStepRunsItsOwnStrategyFiles()
    {
        const std::optional<Lesson> lesson = LessonLibrary::find(QStringLiteral("fix-the-transaction"));
        QVERIFY(lesson);
        QCOMPARE(lesson->steps.first().strategies,
            QStringList({ QStringLiteral("lesson-transaction"), QStringLiteral("pessimistic") }));
        QCOMPARE(lesson->steps[1].strategies,
            QStringList(
                { QStringLiteral("lesson-transaction"), QStringLiteral("lesson-transaction-fixed") }));
        for (const QString& id :
            { QStringLiteral("lesson-transaction"), QStringLiteral("lesson-transaction-fixed") }) {
            const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
            QVERIFY2(strategy, qPrintable(id));
            QVERIFY(strategy->isSafe()); // its author's claim, which the audit holds it to
        }
        QVERIFY(!StrategyRegistry::allIds().contains(QStringLiteral("lesson-transaction"))); // run when named

        QStringList errors;
        QJsonObject step = QJsonDocument::fromJson(R"({"title": "t", "say": "s", "notice": "n",
            "question": "q", "chart": "oversell", "strategies": [],
            "strategy_files": ["no-such-file.sql"], "experiment": {}})")
                               .object();
        QJsonObject broken { { QStringLiteral("title"), QStringLiteral("x") },
            { QStringLiteral("summary"), QStringLiteral("y") },
            { QStringLiteral("steps"), QJsonArray { step } } };
        QVERIFY(!LessonLibrary::fromJson(QStringLiteral("broken"), broken, errors));
        QVERIFY2(errors.join(QLatin1Char('\n')).contains(QLatin1String("no-such-file.sql")),
            qPrintable(errors.join(QLatin1Char('\n'))));
    }

    // The engines' lesson runs each step on the server it names.
    void aStepNamesItsServer()
    {
        const std::optional<Lesson> engines = LessonLibrary::find(QStringLiteral("innodb-and-postgres"));
        QVERIFY(engines);
        QStringList servers;
        for (const LessonStep& step : engines->steps)
            servers << step.server;
        QCOMPARE(servers,
            (QStringList { QStringLiteral("embedded"), QStringLiteral("postgres"), QStringLiteral("postgres"),
                QStringLiteral("embedded"), QStringLiteral("postgres") }));
        QVERIFY(LessonLibrary::find(QStringLiteral("hot-row"))->steps.first().server.isEmpty());
    }

    void aLessonIsFoundByIdOrTitle()
    {
        QVERIFY(LessonLibrary::find(QStringLiteral("hot-row")));
        QCOMPARE(
            LessonLibrary::find(QStringLiteral("why a hot row serialises"))->id, QStringLiteral("hot-row"));
        QVERIFY(!LessonLibrary::find(QStringLiteral("no-such-lesson")));
    }

    void brokenStepsAreRefusedByName_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown chart")
            << "chart" << QJsonValue(QStringLiteral("pie")) << "step 2 asks for chart \"pie\"";
        QTest::newRow("unknown strategy")
            << "strategies" << QJsonValue(QJsonArray { QStringLiteral("magic") }) << "step 2: ";
        QTest::newRow("claim strategy on inventory")
            << "strategies" << QJsonValue(QJsonArray { QStringLiteral("claim-update") }) << "step 2: ";
        QTest::newRow("no question") << "question" << QJsonValue(QString()) << "step 2 has no \"question\"";
        QTest::newRow("unknown server")
            << "server" << QJsonValue(QStringLiteral("oracle")) << "step 2 asks for server \"oracle\"";
        QTest::newRow("bad experiment")
            << "experiment" << QJsonValue(QJsonObject { { QStringLiteral("threads"), 0 } }) << "step 2: ";
    }

    void brokenStepsAreRefusedByName()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject step = goodStep();
        step.insert(key, value);
        QStringList errors;
        QVERIFY(!LessonLibrary::fromJson(QStringLiteral("broken"), lessonWith(step), errors));
        QVERIFY(!errors.isEmpty());
        QVERIFY2(errors.first().contains(QStringLiteral("lesson broken, ") + message),
            qPrintable(errors.join(QLatin1Char('\n'))));
        // The same lesson with the good step twice loads.
        errors.clear();
        QVERIFY2(LessonLibrary::fromJson(QStringLiteral("fine"), lessonWith(goodStep()), errors),
            qPrintable(errors.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"
