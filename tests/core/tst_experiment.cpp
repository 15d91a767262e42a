// Experiment's fields and their rules, without a file: every field parses, prints and refuses
// its values as the CLI sets them, a strategy's own rules apply only when it is chosen, and
// durations parse and print. Saving and loading an experiment: tst_experimentfile.
#include "app/core/experiment.h"
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "tests/core/experimenthelpers.h"

#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <optional>

using namespace ExperimentHelpers;

class TestExperiment : public QObject {
    Q_OBJECT

private slots:
    void defaultExperimentIsValid();
    void fieldsAreUniqueAndDocumented();
    void badFieldValue_data();
    void badFieldValue();
    void goodFieldValue_data();
    void goodFieldValue();
    void strategyRules_data();
    void strategyRules();
    void ruleNamesItsStrategies();
    void workloadRefusesStrategiesOfTheOther();
    void parseDuration_data();
    void parseDuration();
    void formatDuration_data();
    void formatDuration();
};

void TestExperiment::defaultExperimentIsValid()
{
    for (const StrategyNeeds& needs : { StrategyNeeds {}, slotted() }) {
        const QList<FieldError> errors = validateExperiment(Experiment(), needs);
        QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
    }
}

void TestExperiment::fieldsAreUniqueAndDocumented()
{
    QSet<QString> names;
    for (const ExperimentField& field : ExperimentFields::all()) {
        QVERIFY2(!names.contains(field.name), qPrintable(field.name));
        names.insert(field.name);
        QVERIFY(!field.help.isEmpty());
        QVERIFY(!field.valueName.isEmpty());
        QVERIFY(field.parse && field.print);
        QCOMPARE(ExperimentFields::find(field.name), &field);
    }
    QCOMPARE(ExperimentFields::find(QStringLiteral("colour")), nullptr);
    // toJson writes every field, so a saved file documents the whole experiment.
    const QStringList keys = ExperimentJson::toJson(Experiment()).keys();
    QCOMPARE(QSet<QString>(keys.begin(), keys.end()), names);
}

void TestExperiment::badFieldValue_data()
{
    QTest::addColumn<QStringList>("assignments");
    QTest::addColumn<QStringList>("fields");

    const auto row = [](const char* name, const QStringList& assignments, const QStringList& fields) {
        QTest::newRow(name) << assignments << fields;
    };
    const auto one = [](const char* field) { return QStringList { QString::fromLatin1(field) }; };

    row("skus zero", { QStringLiteral("skus=0") }, one("skus"));
    row("skus above limit", { QStringLiteral("skus=2000000") }, one("skus"));
    row("skus huge", { QStringLiteral("skus=99999999999999999999") }, one("skus"));
    row("skus at the int64 limit", { QStringLiteral("skus=9223372036854775807") }, one("skus"));
    row("skus not a number", { QStringLiteral("skus=abc") }, one("skus"));
    row("threads zero", { QStringLiteral("threads=0") }, one("threads"));
    row("threads negative", { QStringLiteral("threads=-4") }, one("threads"));
    row("threads beyond int", { QStringLiteral("threads=99999999999") }, one("threads"));
    row("threads empty", { QStringLiteral("threads=") }, one("threads"));
    row("threads fraction", { QStringLiteral("threads=2.5") }, one("threads"));
    row("threads above limit", { QStringLiteral("threads=25000") }, one("threads"));
    row("more threads than a thread each allows",
        { QStringLiteral("client-io=threads"), QStringLiteral("threads=2000") }, one("threads"));
    row("stock zero", { QStringLiteral("stock=0") }, one("stock"));
    row("stock not a number", { QStringLiteral("stock=lots") }, one("stock"));
    row("slots zero", { QStringLiteral("slots=0") }, one("slots"));
    row("slots more than stock", { QStringLiteral("stock=10"), QStringLiteral("slots=16") }, one("slots"));
    row("slots above limit",
        { QStringLiteral("skus=10000"), QStringLiteral("slots=2000"), QStringLiteral("stock=5000") },
        one("slots"));
    row("slot rows over limit", { QStringLiteral("skus=1000000"), QStringLiteral("slots=16") }, one("slots"));
    row("hot set larger than skus", { QStringLiteral("skus=1000"), QStringLiteral("skew=hotset:90:2000") },
        one("skew"));
    row("hot share zero", { QStringLiteral("skus=10"), QStringLiteral("skew=hotset:0:1") }, one("skew"));
    row("hot share above 100", { QStringLiteral("skus=10"), QStringLiteral("skew=hotset:150:1") },
        one("skew"));
    row("hotset missing part", { QStringLiteral("skew=hotset:90") }, one("skew"));
    row("zipf s zero", { QStringLiteral("skew=zipf:0") }, one("skew"));
    row("zipf s not a number", { QStringLiteral("skew=zipf:steep") }, one("skew"));
    row("unknown skew", { QStringLiteral("skew=pareto") }, one("skew"));
    row("qty zero", { QStringLiteral("qty=0") }, one("qty"));
    row("qty range reversed", { QStringLiteral("qty=5-2") }, one("qty"));
    row("qty three parts", { QStringLiteral("qty=1-2-3") }, one("qty"));
    row("qty above stock", { QStringLiteral("stock=3"), QStringLiteral("slots=1"), QStringLiteral("qty=5") },
        one("qty"));
    row("qty not a number", { QStringLiteral("qty=few") }, one("qty"));
    row("open arrival with rate zero", { QStringLiteral("arrival=open"), QStringLiteral("rate=0") },
        one("rate"));
    row("rate infinite", { QStringLiteral("rate=inf") }, one("rate"));
    row("unknown arrival", { QStringLiteral("arrival=poisson") }, one("arrival"));
    row("bad duration", { QStringLiteral("duration=10 parsecs") }, one("duration"));
    row("negative duration", { QStringLiteral("duration=-1s") }, one("duration"));
    row("duration too short", { QStringLiteral("duration=50ms") }, one("duration"));
    row("duration longer than a day", { QStringLiteral("duration=25h") }, one("duration"));
    row("time limit zero", { QStringLiteral("time-limit=0") }, one("time-limit"));
    row("orders zero", { QStringLiteral("stop=orders"), QStringLiteral("orders=0") }, one("orders"));
    row("unknown stop", { QStringLiteral("stop=forever") }, one("stop"));
    row("unknown isolation", { QStringLiteral("isolation=snapshot") }, one("isolation"));
    row("delay negative", { QStringLiteral("delay-ms=-1") }, one("delay-ms"));
    row("delay not a number", { QStringLiteral("delay-ms=abc") }, one("delay-ms"));
    row("seed negative", { QStringLiteral("seed=-1") }, one("seed"));
    row("batch zero", { QStringLiteral("batch=0") }, one("batch"));
    row("writers above limit", { QStringLiteral("writers=1000") }, one("writers"));
    row("max retries negative", { QStringLiteral("max-retries=-1") }, one("max-retries"));
    row("sample interval too short", { QStringLiteral("sample-ms=10") }, one("sample-ms"));
    row("no repetitions", { QStringLiteral("repeat=0") }, one("repeat"));
    row("too many repetitions", { QStringLiteral("repeat=101") }, one("repeat"));
    row("database with a dash", { QStringLiteral("database=my-lab") }, one("database"));
    row("database with a quote", { QStringLiteral("database=lab'; drop") }, one("database"));
    row("database empty", { QStringLiteral("database=") }, one("database"));
    row("unknown field", { QStringLiteral("colour=blue") }, one("colour"));
    // White space around a value is refused in every field, not trimmed away.
    for (const ExperimentField& field : ExperimentFields::all()) {
        const QString good = field.print(Experiment {});
        QTest::addRow("%s with a leading space", qPrintable(field.name))
            << QStringList { field.name + QStringLiteral("= ") + good } << QStringList { field.name };
        QTest::addRow("%s with a trailing tab", qPrintable(field.name))
            << QStringList { field.name + QLatin1Char('=') + good + QLatin1Char('\t') }
            << QStringList { field.name };
    }
    row("space inside a hot set", { QStringLiteral("skus=10"), QStringLiteral("skew=hotset: 90:1") },
        one("skew"));
    row("space inside a quantity range", { QStringLiteral("qty=1 -5") }, one("qty"));
}

void TestExperiment::badFieldValue()
{
    QFETCH(QStringList, assignments);
    QFETCH(QStringList, fields);

    Experiment experiment;
    QList<FieldError> errors = applyAll(experiment, assignments);
    errors += validateExperiment(experiment, slotted());

    QCOMPARE(fieldsOf(errors), fields);
    for (const FieldError& error : errors)
        QVERIFY2(!error.message.trimmed().isEmpty(), qPrintable(error.field));
}

void TestExperiment::goodFieldValue_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("printed");

    QTest::newRow("qty fixed") << QStringLiteral("qty") << QStringLiteral("3") << QStringLiteral("3");
    QTest::newRow("qty range") << QStringLiteral("qty") << QStringLiteral("2-5") << QStringLiteral("2-5");
    QTest::newRow("qty equal range") << QStringLiteral("qty") << QStringLiteral("4-4") << QStringLiteral("4");
    QTest::newRow("skew upper case") << QStringLiteral("skew") << QStringLiteral("HOTSET:90:1")
                                     << QStringLiteral("hotset:90:1");
    QTest::newRow("skew hot alias") << QStringLiteral("skew") << QStringLiteral("hot:50:1")
                                    << QStringLiteral("hotset:50:1");
    QTest::newRow("zipf default s") << QStringLiteral("skew") << QStringLiteral("zipf")
                                    << QStringLiteral("zipf:1.1");
    QTest::newRow("duration minutes")
        << QStringLiteral("duration") << QStringLiteral("120s") << QStringLiteral("2m");
    QTest::newRow("isolation any case") << QStringLiteral("isolation") << QStringLiteral("Read-Committed")
                                        << QStringLiteral("read-committed");
    QTest::newRow("stop sold out") << QStringLiteral("stop") << QStringLiteral("sold-out")
                                   << QStringLiteral("sold-out");
    QTest::newRow("largest seed") << QStringLiteral("seed") << QStringLiteral("18446744073709551615")
                                  << QStringLiteral("18446744073709551615");
    QTest::newRow("duration with a space before its unit")
        << QStringLiteral("duration") << QStringLiteral("10 s") << QStringLiteral("10s");
}

void TestExperiment::goodFieldValue()
{
    QFETCH(QString, name);
    QFETCH(QString, text);
    QFETCH(QString, printed);

    Experiment experiment;
    const std::optional<FieldError> error = ExperimentFields::set(experiment, name, text);
    QVERIFY2(!error, error ? qPrintable(error->message) : "");
    QCOMPARE(ExperimentFields::find(name)->print(experiment), printed);
    const QList<FieldError> errors = validateExperiment(experiment, slotted());
    QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
}

// Each strategy-specific rule applies only when a strategy it concerns is chosen; the ranges
// of the fields apply always.
void TestExperiment::strategyRules_data()
{
    QTest::addColumn<QStringList>("assignments");
    QTest::addColumn<QStringList>("slotRows");
    QTest::addColumn<QStringList>("twoSkus");
    QTest::addColumn<QStringList>("fields");

    const QStringList none;
    const QStringList slotsField { QStringLiteral("slots") };
    const QStringList skusField { QStringLiteral("skus") };
    const QStringList slotted { QStringLiteral("slotted") };
    const QStringList partitioned { QStringLiteral("slotted-partitioned") };
    const QStringList twoSku { QStringLiteral("two-sku-random") };
    const QStringList stockOf10 { QStringLiteral("stock=10") };
    const QStringList manySlotRows { QStringLiteral("skus=1000000"), QStringLiteral("stock=10") };

    QTest::newRow("slots above stock, two-sku-random")
        << QStringList { QStringLiteral("skus=2"), QStringLiteral("stock=10") } << none << twoSku << none;
    QTest::newRow("slots above stock, slotted") << stockOf10 << slotted << none << slotsField;
    QTest::newRow("slots above stock, slotted-partitioned") << stockOf10 << partitioned << none << slotsField;
    QTest::newRow("slot rows over the limit, no slotted strategy")
        << QStringList { QStringLiteral("skus=1000000"), QStringLiteral("stock=100") } << none << none
        << none;
    QTest::newRow("slot rows over the limit, slotted")
        << QStringList { QStringLiteral("skus=1000000"), QStringLiteral("stock=100") } << slotted << none
        << slotsField;
    QTest::newRow("both slot rules, slotted")
        << manySlotRows << slotted << none
        << QStringList { QStringLiteral("slots"), QStringLiteral("slots") };
    QTest::newRow("slots out of range, no slotted strategy")
        << QStringList { QStringLiteral("slots=2000") } << none << none << slotsField;
    QTest::newRow("one sku, no two-sku strategy")
        << QStringList { QStringLiteral("skus=1") } << slotted << none << none;
    QTest::newRow("one sku, two-sku-random")
        << QStringList { QStringLiteral("skus=1") } << none << twoSku << skusField;
    QTest::newRow("two skus, two-sku-random")
        << QStringList { QStringLiteral("skus=2") } << none << twoSku << none;
    QTest::newRow("zero skus, two-sku-random: the range only")
        << QStringList { QStringLiteral("skus=0") } << none << twoSku << skusField;
    QTest::newRow("every rule broken")
        << QStringList { QStringLiteral("skus=1"), QStringLiteral("stock=10") } << slotted << twoSku
        << QStringList { QStringLiteral("skus"), QStringLiteral("slots") };
}

void TestExperiment::strategyRules()
{
    QFETCH(QStringList, assignments);
    QFETCH(QStringList, slotRows);
    QFETCH(QStringList, twoSkus);
    QFETCH(QStringList, fields);

    Experiment experiment;
    const QList<FieldError> setErrors = applyAll(experiment, assignments);
    QVERIFY2(setErrors.isEmpty(), qPrintable(describe(setErrors)));
    const QList<FieldError> errors
        = validateExperiment(experiment, StrategyNeeds { slotRows, twoSkus, {}, {}, {} });
    QStringList expected = fields;
    expected.sort();
    QVERIFY2(fieldsOf(errors) == expected, qPrintable(describe(errors)));
}

// A refusal says which of the chosen strategies it is for, and why.
void TestExperiment::ruleNamesItsStrategies()
{
    Experiment experiment;
    experiment.initialStock = 10;
    const StrategyNeeds bothSlotted { { QStringLiteral("slotted"), QStringLiteral("slotted-partitioned") },
        {}, {}, {}, {} };
    QCOMPARE(describe(validateExperiment(experiment, bothSlotted)),
        QStringLiteral(
            "slots: 16 slots cannot share a stock of 10: slotted and slotted-partitioned need at least one "
            "unit per slot"));
    const StrategyNeeds three { { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") }, {}, {}, {},
        {} };
    QVERIFY(describe(validateExperiment(experiment, three))
                .contains(QLatin1String(": a, b and c need at least")));

    experiment = Experiment();
    experiment.skus = 1'000'000;
    QCOMPARE(describe(validateExperiment(experiment, slotted())),
        QStringLiteral(
            "slots: skus x slots makes 16,000,000 slot rows for slotted; at most 4,000,000 are supported"));

    const StrategyNeeds bothTwoSku { {},
        { QStringLiteral("two-sku-random"), QStringLiteral("two-sku-sorted") }, {}, {}, {} };
    QCOMPARE(describe(validateExperiment(Experiment(), bothTwoSku)),
        QStringLiteral(
            "skus: two-sku-random and two-sku-sorted place orders of two SKUs: at least 2 SKUs are needed "
            "(got 1)"));
}

// Inventory strategies sell stock and claim strategies claim tasks: each kind only in its workload.
void TestExperiment::workloadRefusesStrategiesOfTheOther()
{
    Experiment experiment;
    const StrategyNeeds inventory { {}, {}, { QStringLiteral("pessimistic"), QStringLiteral("queued") }, {},
        {} };
    const StrategyNeeds claims { {}, {}, {}, { QStringLiteral("claim-update") }, {} };
    QVERIFY(validateExperiment(experiment, inventory).isEmpty());
    QCOMPARE(describe(validateExperiment(experiment, claims)),
        QStringLiteral(
            "workload: claim-update claims tasks: choose the claim workload (--workload claim) for it"));
    experiment.workload = WorkloadKind::Claim;
    QVERIFY(validateExperiment(experiment, claims).isEmpty());
    QVERIFY(describe(validateExperiment(experiment, inventory))
                .startsWith(QLatin1String(
                    "workload: pessimistic and queued sell stock: choose the inventory workload for them")));
    experiment.tasks = 0;
    QCOMPARE(fieldsOf(validateExperiment(experiment, claims)), QStringList { QStringLiteral("tasks") });
}

void TestExperiment::parseDuration_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<qint64>>("expected");

    QTest::newRow("seconds") << QStringLiteral("10s") << std::optional<qint64>(10'000);
    QTest::newRow("milliseconds") << QStringLiteral("250ms") << std::optional<qint64>(250);
    QTest::newRow("minutes") << QStringLiteral("2m") << std::optional<qint64>(120'000);
    QTest::newRow("min") << QStringLiteral("2min") << std::optional<qint64>(120'000);
    QTest::newRow("hours") << QStringLiteral("1h") << std::optional<qint64>(3'600'000);
    QTest::newRow("fraction") << QStringLiteral("1.5s") << std::optional<qint64>(1500);
    QTest::newRow("bare number is seconds") << QStringLiteral("5") << std::optional<qint64>(5000);
    QTest::newRow("zero") << QStringLiteral("0") << std::optional<qint64>(0);
    QTest::newRow("space before the unit, and case")
        << QStringLiteral("10 S") << std::optional<qint64>(10'000);
    QTest::newRow("leading space") << QStringLiteral(" 10s") << std::optional<qint64>();
    QTest::newRow("trailing space") << QStringLiteral("10s ") << std::optional<qint64>();
    QTest::newRow("word") << QStringLiteral("abc") << std::optional<qint64>();
    QTest::newRow("negative") << QStringLiteral("-1s") << std::optional<qint64>();
    QTest::newRow("empty") << QString() << std::optional<qint64>();
    QTest::newRow("unit only") << QStringLiteral("ms") << std::optional<qint64>();
    QTest::newRow("unknown unit") << QStringLiteral("10 parsecs") << std::optional<qint64>();
    QTest::newRow("exponent") << QStringLiteral("1e3s") << std::optional<qint64>();
    QTest::newRow("comma decimal") << QStringLiteral("1,5s") << std::optional<qint64>();
    QTest::newRow("too long") << QStringLiteral("99999999999999999999h") << std::optional<qint64>();
}

void TestExperiment::parseDuration()
{
    QFETCH(QString, text);
    QFETCH(std::optional<qint64>, expected);

    const std::optional<std::int64_t> parsed = ExperimentFields::parseDurationMs(text);
    QCOMPARE(parsed.has_value(), expected.has_value());
    if (expected)
        QCOMPARE(*parsed, *expected);
}

void TestExperiment::formatDuration_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");

    QTest::newRow("zero") << qint64(0) << QStringLiteral("0s");
    QTest::newRow("milliseconds") << qint64(250) << QStringLiteral("250ms");
    QTest::newRow("not whole seconds") << qint64(1500) << QStringLiteral("1500ms");
    QTest::newRow("seconds") << qint64(10'000) << QStringLiteral("10s");
    QTest::newRow("minutes") << qint64(120'000) << QStringLiteral("2m");
    QTest::newRow("ninety minutes") << qint64(5'400'000) << QStringLiteral("90m");
    QTest::newRow("hours") << qint64(7'200'000) << QStringLiteral("2h");
}

void TestExperiment::formatDuration()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);

    QCOMPARE(ExperimentFields::formatDurationMs(ms), text);
    // The printed form is what a saved experiment holds, so it must parse back exactly.
    QCOMPARE(ExperimentFields::parseDurationMs(text), std::optional<std::int64_t>(ms));
}

QTEST_GUILESS_MAIN(TestExperiment)
#include "tst_experiment.moc"
