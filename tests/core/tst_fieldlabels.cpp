// The words for the experiment's fields and values, shared by the window's form and the report:
// every field has a name for people, and every choice the form offers is a value the field takes,
// prints back the same, and has words of its own; no value the field takes is missing.
#include "app/core/experimentfields.h"
#include "app/core/fieldlabels.h"

#include <QSignalSpy>
#include <QTest>

class TestFieldLabels : public QObject {
    Q_OBJECT
private slots:
    void everyFieldHasItsOwnLabel()
    {
        QSet<QString> seen;
        for (const ExperimentField& field : ExperimentFields::all()) {
            const QString label = FieldLabels::label(field.name);
            QVERIFY2(label != field.name, qPrintable(field.name));
            QVERIFY2(!seen.contains(label), qPrintable(label));
            seen.insert(label);
        }
        QCOMPARE(FieldLabels::label(QStringLiteral("no-such-field")), QStringLiteral("no-such-field"));
    }

    void choicesAreValuesTheFieldTakes()
    {
        int fieldsWithChoices = 0;
        for (const ExperimentField& field : ExperimentFields::all()) {
            const QStringList choices = FieldLabels::choices(field.name);
            if (choices.isEmpty())
                continue;
            ++fieldsWithChoices;
            for (const QString& choice : choices) {
                Experiment experiment;
                QVERIFY2(!ExperimentFields::set(experiment, field.name, choice),
                    qPrintable(field.name + QLatin1Char('=') + choice));
                QCOMPARE(field.print(experiment), choice);
                QVERIFY2(FieldLabels::valueLabel(field.name, choice) != choice
                        || choice.startsWith(QLatin1String("read")) || choice == QLatin1String("on")
                        || choice == QLatin1String("off") || choice == QLatin1String("duration"),
                    qPrintable(field.name + QLatin1Char('=') + choice));
            }
            // The default is among them, so a new form shows what a new experiment runs.
            QVERIFY2(choices.contains(field.print(Experiment {})), qPrintable(field.name));
        }
        QCOMPARE(fieldsWithChoices, 7);
    }

    void noValueIsLeftOutOfTheChoices_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QStringList>("values");
        QTest::newRow("workload") << QStringLiteral("workload")
                                  << QStringList { workloadName(WorkloadKind::Inventory),
                                         workloadName(WorkloadKind::Claim) };
        QTest::newRow("stop") << QStringLiteral("stop")
                              << QStringList { stopName(StopKind::Duration), stopName(StopKind::Orders),
                                     stopName(StopKind::SoldOut) };
        QTest::newRow("isolation") << QStringLiteral("isolation")
                                   << QStringList { isolationName(Isolation::ServerDefault),
                                          isolationName(Isolation::ReadUncommitted),
                                          isolationName(Isolation::ReadCommitted),
                                          isolationName(Isolation::RepeatableRead),
                                          isolationName(Isolation::Serializable) };
        QTest::newRow("arrival") << QStringLiteral(
            "arrival") << QStringList { arrivalName(ArrivalMode::Closed), arrivalName(ArrivalMode::Open) };
        QTest::newRow("deadlock-detect")
            << QStringLiteral("deadlock-detect")
            << QStringList { knobSwitchName(KnobSwitch::Server), knobSwitchName(KnobSwitch::On),
                   knobSwitchName(KnobSwitch::Off) };
        QTest::newRow("flush-log") << QStringLiteral("flush-log")
                                   << QStringList { QStringLiteral("-1"), QStringLiteral("0"),
                                          QStringLiteral("1"), QStringLiteral("2") };
    }
    void noValueIsLeftOutOfTheChoices()
    {
        QFETCH(QString, field);
        QFETCH(QStringList, values);
        QStringList choices = FieldLabels::choices(field);
        QStringList sorted = values;
        choices.sort();
        sorted.sort();
        QCOMPARE(choices, sorted);
    }

    void valuesReadInWords_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("words");
        QTest::newRow("arrival") << QStringLiteral("arrival") << QStringLiteral("closed")
                                 << QStringLiteral("closed loop (each client waits for its reply)");
        QTest::newRow("same word, two fields")
            << QStringLiteral("flush-log") << QStringLiteral("-1") << QStringLiteral("as the server has it");
        QTest::newRow("duration") << QStringLiteral("warmup") << QStringLiteral("2s") << QStringLiteral("2s");
        QTest::newRow("hot set") << QStringLiteral("skew") << QStringLiteral("hotset:90:10")
                                 << QStringLiteral("hotset:90:10");
        QTest::newRow("a number stays")
            << QStringLiteral("threads") << QStringLiteral("32") << QStringLiteral("32");
        QTest::newRow("a name stays")
            << QStringLiteral("database") << QStringLiteral("lockbench") << QStringLiteral("lockbench");
        QTest::newRow("orders as a stop, not a field")
            << QStringLiteral("orders") << QStringLiteral("orders") << QStringLiteral("orders");
    }
    void valuesReadInWords()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, words);
        QCOMPARE(FieldLabels::valueLabel(field, value), words);
    }
};

QTEST_GUILESS_MAIN(TestFieldLabels)
#include "tst_fieldlabels.moc"
