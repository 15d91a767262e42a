// An experiment saved and loaded: every field survives JSON and a file, a file that is not an
// experiment is refused with each bad key named, a long value is cut in its message, and keys
// a file leaves out keep their defaults. The fields and their rules: tst_experiment.
#include "app/core/experiment.h"
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "tests/core/experimenthelpers.h"

#include <QFile>
#include <QJsonObject>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>

#include <optional>
#include <utility>

using namespace ExperimentHelpers;

namespace {

// Names the members a round trip changed, with full precision, for a useful failure message.
QString differences(const Experiment& a, const Experiment& b)
{
    QStringList out;
    const auto check = [&out](const char* member, auto x, auto y) {
        if (x != y)
            out.append(
                QStringLiteral("%1: %2 became %3")
                    .arg(QLatin1String(member), QString::number(x, 'g', 17), QString::number(y, 'g', 17)));
    };
    check("skus", double(a.skus), double(b.skus));
    check("initialStock", double(a.initialStock), double(b.initialStock));
    check("slotsPerSku", double(a.slotsPerSku), double(b.slotsPerSku));
    check("threads", double(a.threads), double(b.threads));
    check("skew", double(a.skew), double(b.skew));
    check("hotPercent", a.hotPercent, b.hotPercent);
    check("hotSkus", double(a.hotSkus), double(b.hotSkus));
    check("zipfS", a.zipfS, b.zipfS);
    check("qtyMin", double(a.qtyMin), double(b.qtyMin));
    check("qtyMax", double(a.qtyMax), double(b.qtyMax));
    check("stop", double(a.stop), double(b.stop));
    check("durationMs", double(a.durationMs), double(b.durationMs));
    check("totalOrders", double(a.totalOrders), double(b.totalOrders));
    check("timeLimitMs", double(a.timeLimitMs), double(b.timeLimitMs));
    check("delayMs", a.delayMs, b.delayMs);
    check("isolation", double(a.isolation), double(b.isolation));
    check("arrival", double(a.arrival), double(b.arrival));
    check("rate", a.rate, b.rate);
    if (a.seed != b.seed)
        out.append(QStringLiteral("seed: %1 became %2").arg(a.seed).arg(b.seed));
    check("batch", double(a.batch), double(b.batch));
    check("writers", double(a.writers), double(b.writers));
    check("maxRetries", double(a.maxRetries), double(b.maxRetries));
    check("sampleIntervalMs", double(a.sampleIntervalMs), double(b.sampleIntervalMs));
    if (a.database != b.database)
        out.append(QStringLiteral("database: %1 became %2").arg(a.database, b.database));
    return out.join(QStringLiteral("; "));
}

} // namespace

class TestExperimentFile : public QObject {
    Q_OBJECT

private slots:
    void jsonRoundTrip_data();
    void jsonRoundTrip();
    void fileRoundTrip();
    void saveToMissingDirectoryFails();
    void loadBadFile_data();
    void loadBadFile();
    void loadMissingFile();
    void longValueIsCutInItsMessage_data();
    void longValueIsCutInItsMessage();
    void loadPartialFileKeepsDefaults();
};

void TestExperimentFile::jsonRoundTrip_data()
{
    QTest::addColumn<QStringList>("assignments");

    QTest::newRow("hot set, open loop") << QStringList { QStringLiteral("skus=500"),
        QStringLiteral("stock=250000"), QStringLiteral("slots=8"), QStringLiteral("threads=64"),
        QStringLiteral("skew=hotset:75:12"), QStringLiteral("qty=2-5"), QStringLiteral("stop=orders"),
        QStringLiteral("duration=30s"), QStringLiteral("orders=50000"), QStringLiteral("time-limit=2m"),
        QStringLiteral("delay-ms=1.5"), QStringLiteral("isolation=read-committed"),
        QStringLiteral("arrival=open"), QStringLiteral("rate=2500"),
        QStringLiteral("seed=18446744073709551615"), QStringLiteral("batch=10"), QStringLiteral("writers=8"),
        QStringLiteral("max-retries=7"), QStringLiteral("sample-ms=500"), QStringLiteral("repeat=5"),
        QStringLiteral("database=lab_2") };
    // Values a user may well type, with more digits than printf's default six.
    QTest::newRow("zipf, many significant digits") << QStringList { QStringLiteral("skus=1000"),
        QStringLiteral("skew=zipf:0.8765432"), QStringLiteral("delay-ms=0.1234567"),
        QStringLiteral("arrival=open"), QStringLiteral("rate=1234567"), QStringLiteral("duration=1500ms"),
        QStringLiteral("stop=sold-out"), QStringLiteral("time-limit=90m"),
        QStringLiteral("isolation=serializable"), QStringLiteral("stock=123456789"),
        QStringLiteral("seed=0") };
    QTest::newRow("hot set, fractional share") << QStringList { QStringLiteral("skus=3000"),
        QStringLiteral("skew=hotset:33.3333333:7"), QStringLiteral("isolation=read-uncommitted") };
}

void TestExperimentFile::jsonRoundTrip()
{
    QFETCH(QStringList, assignments);

    Experiment original;
    const QList<FieldError> setErrors = applyAll(original, assignments);
    QVERIFY2(setErrors.isEmpty(), qPrintable(describe(setErrors)));
    QVERIFY2(validateExperiment(original, slotted()).isEmpty(),
        qPrintable(describe(validateExperiment(original, slotted()))));
    QVERIFY(!(original == Experiment()));

    QList<FieldError> errors;
    const Experiment copy = ExperimentJson::fromJson(ExperimentJson::toJson(original), errors);
    QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
    QVERIFY2(copy == original, qPrintable(differences(original, copy)));
}

void TestExperimentFile::fileRoundTrip()
{
    Experiment original;
    QVERIFY(applyAll(original,
        { QStringLiteral("skus=20"), QStringLiteral("skew=zipf:0.5"), QStringLiteral("threads=3"),
            QStringLiteral("qty=1-3"), QStringLiteral("seed=42"), QStringLiteral("database=lab_file") })
                .isEmpty());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("experiment.json"));
    QString saveError;
    QVERIFY2(ExperimentJson::saveFile(original, path, &saveError), qPrintable(saveError));
    QVERIFY(saveError.isEmpty());

    QList<FieldError> errors;
    const std::optional<Experiment> loaded = ExperimentJson::loadFile(path, errors);
    QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
    QVERIFY(loaded);
    QVERIFY(*loaded == original);
}

void TestExperimentFile::saveToMissingDirectoryFails()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    QVERIFY(!ExperimentJson::saveFile(
        Experiment(), dir.filePath(QStringLiteral("missing/experiment.json")), &error));
    QVERIFY(!error.isEmpty());
}

void TestExperimentFile::loadBadFile_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("fields");

    const QStringList file { QStringLiteral("experiment") };
    QTest::newRow("empty file") << QByteArray() << file;
    QTest::newRow("malformed json") << QByteArray("{ \"threads\": 4,") << file;
    QTest::newRow("json array") << QByteArray("[ { \"threads\": 4 } ]") << file;
    QTest::newRow("json string") << QByteArray("\"threads\"") << file;
    QTest::newRow("unknown key") << QByteArray("{ \"colour\": \"blue\" }")
                                 << QStringList { QStringLiteral("colour") };
    QTest::newRow("boolean value") << QByteArray("{ \"threads\": true }")
                                   << QStringList { QStringLiteral("threads") };
    QTest::newRow("null value") << QByteArray("{ \"skew\": null }") << QStringList { QStringLiteral("skew") };
    QTest::newRow("object value") << QByteArray("{ \"skew\": { \"kind\": \"zipf\" } }")
                                  << QStringList { QStringLiteral("skew") };
    QTest::newRow("array value") << QByteArray("{ \"threads\": [4] }")
                                 << QStringList { QStringLiteral("threads") };
    QTest::newRow("fraction for a count")
        << QByteArray("{ \"threads\": 2.5 }") << QStringList { QStringLiteral("threads") };
    QTest::newRow("word for a count")
        << QByteArray("{ \"threads\": \"many\" }") << QStringList { QStringLiteral("threads") };
    QTest::newRow("number beyond int64")
        << QByteArray("{ \"skus\": 1e30 }") << QStringList { QStringLiteral("skus") };
    QTest::newRow("bad duration") << QByteArray("{ \"duration\": \"10 parsecs\" }")
                                  << QStringList { QStringLiteral("duration") };
    QTest::newRow("count with a space")
        << QByteArray("{ \"threads\": \" 5\" }") << QStringList { QStringLiteral("threads") };
    QTest::newRow("every bad key reported")
        << QByteArray("{ \"threads\": true, \"colour\": 1, \"skus\": 10 }")
        << QStringList { QStringLiteral("colour"), QStringLiteral("threads") };
}

void TestExperimentFile::loadBadFile()
{
    QFETCH(QByteArray, content);
    QFETCH(QStringList, fields);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(content), content.size());
    file.close();

    QList<FieldError> errors;
    const std::optional<Experiment> loaded = ExperimentJson::loadFile(path, errors);
    QVERIFY(!loaded);
    QCOMPARE(fieldsOf(errors), fields);
    for (const FieldError& error : errors)
        QVERIFY(!error.message.isEmpty());
}

// A message quotes at most the first 60 characters of a value and says how long it was: a
// 50 MB value in a file is named, not echoed.
void TestExperimentFile::longValueIsCutInItsMessage_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    const QString huge(50 * 1024 * 1024, QLatin1Char('d'));
    QTest::newRow("database, 50 MB") << QStringLiteral("database") << huge;
    QTest::newRow("threads") << QStringLiteral("threads") << QString(100000, QLatin1Char('9'));
    QTest::newRow("skew") << QStringLiteral("skew") << QString(1000, QLatin1Char('z'));
    QTest::newRow("stop") << QStringLiteral("stop") << QString(1000, QLatin1Char('s'));
    QTest::newRow("duration") << QStringLiteral("duration")
                              << QString(1000, QLatin1Char('9')) + QLatin1Char('x');
    QTest::newRow("rate") << QStringLiteral("rate") << QString(1000, QLatin1Char('r'));
    QTest::newRow("unknown key") << QString(1000, QLatin1Char('k')) << QStringLiteral("1");
}

void TestExperimentFile::longValueIsCutInItsMessage()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    const QJsonObject object { { field, value } };
    QList<FieldError> errors;
    const Experiment experiment = ExperimentJson::fromJson(object, errors);
    errors += validateExperiment(experiment, StrategyNeeds {});
    QVERIFY(!errors.isEmpty());
    const QString long_ = value.size() > field.size() ? value : field;
    const QString length = QStringLiteral(" (%1 characters)")
                               .arg(QLocale(QLocale::English).toString(static_cast<qlonglong>(long_.size())));
    for (const FieldError& error : std::as_const(errors)) {
        const QString line = error.field + QStringLiteral(": ") + error.message;
        QVERIFY2(line.size() < 300, qPrintable(line.left(300)));
        // Quoted ("abc…" (N characters)) where a message quotes the value, bare for a key.
        QVERIFY2(line.contains(QLatin1Char('"') + long_.left(60) + QStringLiteral("…\"") + length)
                || line.contains(long_.left(60) + QStringLiteral("…") + length),
            qPrintable(line));
    }
}

void TestExperimentFile::loadMissingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QList<FieldError> errors;
    QVERIFY(!ExperimentJson::loadFile(dir.filePath(QStringLiteral("nothing-here.json")), errors));
    QCOMPARE(fieldsOf(errors), QStringList { QStringLiteral("experiment") });
    QVERIFY(errors.first().message.contains(QStringLiteral("nothing-here.json")));
}

void TestExperimentFile::loadPartialFileKeepsDefaults()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("partial.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{ \"threads\": 8, \"duration\": \"2m\" }");
    file.close();

    QList<FieldError> errors;
    const std::optional<Experiment> loaded = ExperimentJson::loadFile(path, errors);
    QVERIFY2(loaded, qPrintable(describe(errors)));
    Experiment expected;
    expected.threads = 8;
    expected.durationMs = 120'000;
    QVERIFY(*loaded == expected);
}

QTEST_GUILESS_MAIN(TestExperimentFile)
#include "tst_experimentfile.moc"
