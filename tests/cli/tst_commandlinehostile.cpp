// Long and hostile values, in-process, as tst_commandline tries bad ones: a value quoted in a
// message is cut to 60 characters, every key of an experiment file is refused when it is bad,
// and no value of any flag crashes or hangs the parser.
#include "app/cli/commandline.h"
#include "app/core/experimentfields.h"
#include "tests/cli/commandlinecases.h"
#include "tests/cli/outofrangevalues.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace CommandLineCases;

class TestCommandLineHostile : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_file; // an existing file, where a folder is expected

private slots:
    void initTestCase() { QVERIFY(enterScratchDir(m_dir, &m_file)); }

    // A value quoted in a message is cut to its first 60 characters and its length, however
    // long it was, on the command line or in an experiment file.
    void longValuesAreCut_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("file"); // written to --experiment when not empty
        QTest::addColumn<QString>("message");
        const QString big(100000, QLatin1Char('d'));
        const QString shown = QString(60, QLatin1Char('d')) + QStringLiteral("…\" (100,000 characters)");
        for (const char* flag :
            { "--database", "--skew", "--stop", "--threads", "--duration", "--qty", "--isolation" })
            QTest::addRow("%s", flag) << QStringList { QStringLiteral("run"), QLatin1String(flag), big }
                                      << QByteArray() << QLatin1Char('"') + shown;
        QTest::newRow("sweep list") << QStringList { QStringLiteral("sweep"), QStringLiteral("--threads"),
            QStringLiteral("4,") + big }
                                    << QByteArray() << QStringLiteral("--threads: \"") + shown;
        QTest::newRow("strategy") << QStringList { QStringLiteral("run"), QStringLiteral("--strategy"), big }
                                  << QByteArray()
                                  << QStringLiteral("--strategy: unknown strategy ")
                + QString(60, QLatin1Char('d')) + QStringLiteral("… (100,000 characters)");
        QTest::newRow("unknown flag") << QStringList { QStringLiteral("run"), QStringLiteral("--") + big }
                                      << QByteArray() << QStringLiteral("Unknown option \"") + shown;
        QTest::newRow("unknown command")
            << QStringList { big } << QByteArray() << QStringLiteral("unknown command \"") + shown;
        QTest::newRow("report name") << QStringList { QStringLiteral("run"), QStringLiteral("--report"),
            big.left(200) } << QByteArray()
                                     << QStringLiteral("(200 characters)");
        const QByteArray huge(5 * 1024 * 1024, 'd');
        QTest::newRow("5 MB database in a file")
            << QStringList { QStringLiteral("run") }
            << QByteArray("{\"database\": \"") + huge + QByteArray("\"}")
            << QStringLiteral("--database: must be 1 to 64 letters, digits or underscores (got \"")
                + QString(60, QLatin1Char('d')) + QStringLiteral("…\" (5,242,880 characters))");
        QTest::newRow("long key in a file")
            << QStringList { QStringLiteral("run") }
            << QByteArray("{\"") + QByteArray(1000, 'k') + QByteArray("\": 1}")
            << QStringLiteral("--experiment: ") + QString(60, QLatin1Char('k'))
                + QStringLiteral("… (1,000 characters): is not an experiment field");
    }
    void longValuesAreCut()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, file);
        QFETCH(QString, message);
        if (!file.isEmpty()) {
            const QString path = m_dir.filePath(QStringLiteral("long.json"));
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QCOMPARE(out.write(file), file.size());
            out.close();
            arguments << QStringLiteral("--experiment") << path;
        }
        const CommandLine cli = parse(arguments);
        QCOMPARE(cli.action, CommandLine::Action::Fail);
        const QString errors = refusal(cli);
        QVERIFY2(errors.contains(message), qPrintable(errors.left(2000)));
        for (const QString& line : cli.errors)
            QVERIFY2(line.size() < 400, qPrintable(line.left(2000)));
    }

    void everyExperimentKeyIsRefused_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        const QHash<QString, OutOfRange> ranges = outOfRange();
        for (const ExperimentField& field : ExperimentFields::all()) {
            const auto row = [&](const char* what, const QJsonValue& value, const QString& message) {
                const QJsonObject object { { field.name, value } };
                QTest::addRow("%s %s", qPrintable(field.name), what)
                    << QJsonDocument(object).toJson() << message;
            };
            const QString typeMessage = field.name + QLatin1String(": must be a number or a string");
            row("true", true, typeMessage);
            row("null", QJsonValue::Null, typeMessage);
            row("array", QJsonArray { 1 }, typeMessage);
            row("object", QJsonObject { { field.name, 1 } }, typeMessage);
            row("garbage", QStringLiteral("x!"), field.name + QLatin1String(": "));
            const OutOfRange bad = ranges.value(field.name);
            QJsonObject object { { field.name, bad.value } };
            for (qsizetype i = 0; i + 1 < bad.context.size(); i += 2)
                object.insert(bad.context[i].mid(2), bad.context[i + 1]);
            QTest::addRow("%s out of range", qPrintable(field.name))
                << QJsonDocument(object).toJson() << field.name + QLatin1String(": ");
        }
        QTest::newRow("not json") << QByteArray("{ threads: ") << QStringLiteral("--experiment: ");
        QTest::newRow("array") << QByteArray("[1, 2]") << QStringLiteral("the top level must be an object");
        QTest::newRow("empty file") << QByteArray() << QStringLiteral("is not an experiment file");
        QTest::newRow("binary") << QByteArray("\x00\xff\xfe{", 4)
                                << QStringLiteral("is not an experiment file");
        QTest::newRow("unknown key") << QByteArray("{\"thread\": 4}")
                                     << QStringLiteral("thread: is not an experiment field");
        QTest::newRow("empty key") << QByteArray("{\"\": 4}")
                                   << QStringLiteral("\"\": is not an experiment field");
        QTest::newRow("count beyond a double")
            << QByteArray("{\"orders\": 1e300}") << QStringLiteral("orders: ");
        QTest::newRow("deeply nested")
            << QByteArray(100000, '[') << QStringLiteral("is not an experiment file");
    }
    void everyExperimentKeyIsRefused()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        const QString path = m_dir.filePath(QStringLiteral("experiment.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(content);
        file.close();
        const CommandLine cli = parse({ QStringLiteral("run"), QStringLiteral("--experiment"), path });
        QCOMPARE(cli.action, CommandLine::Action::Fail);
        QVERIFY2(refusal(cli).contains(message), qPrintable(refusal(cli)));
    }

    // Hostile text in every flag: the parser answers, never crashes or hangs. A value may be
    // accepted (a strange file name is still a file name); a refusal names what it refused.
    void noValueCrashesOrHangs_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QStringList flags;
        for (const ExperimentField& field : ExperimentFields::all())
            flags << QStringLiteral("--") + field.name;
        for (const FlagCase& flag : cliOnlyFlags(m_dir.path(), m_file))
            flags << QLatin1String(flag.flag);
        const QStringList values { QString(100000, QLatin1Char('9')), QStringLiteral("%s%n%x%p\n\t\x01;'\""),
            QStringLiteral("\u00fc\u20ac\u202e\U0001F600"), QStringLiteral("-1e999"), QStringLiteral("=") };
        for (const QString& flag : flags) {
            for (qsizetype i = 0; i < values.size(); ++i)
                QTest::addRow("%s value %d", qPrintable(flag), int(i))
                    << QStringList { QStringLiteral("run"), flag, values[i] };
        }
    }
    void noValueCrashesOrHangs()
    {
        QFETCH(QStringList, arguments);
        const CommandLine cli = parse(arguments);
        if (cli.action == CommandLine::Action::Fail) {
            QVERIFY(!cli.errors.isEmpty());
            for (const QString& error : cli.errors)
                QVERIFY2(!error.trimmed().isEmpty(), qPrintable(refusal(cli)));
        } else {
            QCOMPARE(cli.action, CommandLine::Action::Run); // a run the server would then refuse
        }
    }
};

QTEST_GUILESS_MAIN(TestCommandLineHostile)
#include "tst_commandlinehostile.moc"
