// Sweep cells: strategies x thread counts (x slots or SKU counts), and the list syntax.
#include "app/core/sweepplan.h"

#include <QSignalSpy>
#include <QTest>

#include <limits>

class TestSweepPlan : public QObject {
    Q_OBJECT

private slots:
    void plainRunIsEachStrategyOnce()
    {
        Experiment base;
        base.threads = 12;
        const QList<RunCell> cells
            = RunCell::plainRun(base, { QStringLiteral("queued"), QStringLiteral("naive") });
        QCOMPARE(cells.size(), 2);
        QCOMPARE(cells[0].strategy, QStringLiteral("queued"));
        QCOMPARE(cells[1].strategy, QStringLiteral("naive"));
        QCOMPARE(cells[1].experiment.threads, 12);
        QVERIFY(RunCell::plainRun(base, {}).isEmpty());
    }

    void repeatedRunInterleavesTheStrategies()
    {
        Experiment base;
        base.repeat = 3;
        const QList<RunCell> cells
            = RunCell::plainRun(base, { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") });
        QCOMPARE(cells.size(), 9);
        QStringList order;
        QList<int> repetitions;
        for (const RunCell& cell : cells) {
            order << cell.strategy;
            repetitions << cell.repetition;
            QCOMPARE(cell.experiment.repeat, 3);
        }
        QCOMPARE(order.join(QString()), QStringLiteral("abcabcabc"));
        QCOMPARE(repetitions, (QList<int> { 1, 1, 1, 2, 2, 2, 3, 3, 3 }));
        QCOMPARE(RunCell::plainRun(Experiment {}, { QStringLiteral("a") }).first().repetition, 1);
    }

    void sweepRepeatsEachPointInterleaved()
    {
        SweepPlan plan;
        plan.threads = { 1, 4 };
        Experiment base;
        base.repeat = 2;
        const QList<RunCell> cells = plan.cells(base, { QStringLiteral("a"), QStringLiteral("b") });
        QCOMPARE(cells.size(), 8);
        QCOMPARE(plan.cellCount(2, 2), 8);
        QStringList order;
        for (const RunCell& cell : cells)
            order << QStringLiteral("%1%2t%3")
                         .arg(cell.strategy)
                         .arg(cell.repetition)
                         .arg(cell.experiment.threads);
        QCOMPARE(order,
            (QStringList { QStringLiteral("a1t1"), QStringLiteral("b1t1"), QStringLiteral("a2t1"),
                QStringLiteral("b2t1"), QStringLiteral("a1t4"), QStringLiteral("b1t4"),
                QStringLiteral("a2t4"), QStringLiteral("b2t4") }));
    }

    void sweepRefusesARepeatOutOfRange()
    {
        SweepPlan plan;
        plan.threads = { 1, 4 };
        Experiment base;
        base.repeat = 101;
        const QStringList problems = plan.validate(base, {});
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().startsWith(QStringLiteral("--repeat: must be between 1 and 100")),
            qPrintable(problems.first()));
    }

    void cellsCoverEveryCombinationInOrder()
    {
        SweepPlan plan;
        plan.threads = { 1, 4, 16 };
        Experiment base;
        base.skus = 7;
        const QList<RunCell> cells = plan.cells(base, { QStringLiteral("a"), QStringLiteral("b") });
        QCOMPARE(cells.size(), 6);
        QCOMPARE(plan.cellCount(2), 6);
        QCOMPARE(cells[0].strategy, QStringLiteral("a"));
        QCOMPARE(cells[0].experiment.threads, 1);
        QCOMPARE(cells[1].strategy, QStringLiteral("b"));
        QCOMPARE(cells[1].experiment.threads, 1);
        QCOMPARE(cells[5].experiment.threads, 16);
        for (const RunCell& cell : cells)
            QCOMPARE(cell.experiment.skus, 7LL); // only the swept fields change
    }

    void secondDimensionMultipliesTheCells_data()
    {
        QTest::addColumn<int>("dimension");
        QTest::newRow("slots") << static_cast<int>(SweepPlan::Dimension::Slots);
        QTest::newRow("skus") << static_cast<int>(SweepPlan::Dimension::Skus);
    }
    void secondDimensionMultipliesTheCells()
    {
        QFETCH(int, dimension);
        SweepPlan plan;
        plan.threads = { 2, 8 };
        plan.dimension = static_cast<SweepPlan::Dimension>(dimension);
        plan.values = { 1, 10, 100 };
        const QList<RunCell> cells = plan.cells(Experiment {}, { QStringLiteral("x") });
        QCOMPARE(cells.size(), 6);
        const auto swept = [&](const RunCell& cell) {
            return plan.dimension == SweepPlan::Dimension::Slots
                ? static_cast<std::int64_t>(cell.experiment.slotsPerSku)
                : cell.experiment.skus;
        };
        QCOMPARE(swept(cells[0]), 1LL);
        QCOMPARE(swept(cells[1]), 1LL);
        QCOMPARE(cells[1].experiment.threads, 8);
        QCOMPARE(swept(cells[5]), 100LL);
    }

    void listsParse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<std::int64_t>>("values"); // empty: the text is refused
        QTest::addColumn<QString>("error"); // part of the message when refused
        using Values = QList<std::int64_t>;
        QTest::newRow("four") << QStringLiteral("1,4,16,64") << Values { 1, 4, 16, 64 } << QString();
        // Kept in the order given (a sweep runs them so), duplicates once.
        QTest::newRow("order kept") << QStringLiteral("64,2,16") << Values { 64, 2, 16 } << QString();
        QTest::newRow("duplicates") << QStringLiteral("2,2,8") << Values { 2, 8 } << QString();
        // White space around an item is refused, as around any number a field takes.
        QTest::newRow("space after a comma")
            << QStringLiteral("2, 8") << Values {} << QStringLiteral("\" 8\" has white space around it");
        QTest::newRow("space before a comma")
            << QStringLiteral("2 ,8") << Values {} << QStringLiteral("\"2 \" has white space around it");
        QTest::newRow("leading space")
            << QStringLiteral(" 2") << Values {} << QStringLiteral("\" 2\" has white space around it");
        QTest::newRow("tab") << QStringLiteral("2\t") << Values {}
                             << QStringLiteral("has white space around it");
        QTest::newRow("beyond 32 bits")
            << QStringLiteral("5000000000") << Values { 5000000000LL } << QString();
        QTest::newRow("zero") << QStringLiteral("0,4") << Values {}
                              << QStringLiteral("\"0\" is not a positive whole number");
        QTest::newRow("negative") << QStringLiteral("-1") << Values {}
                                  << QStringLiteral("\"-1\" is not a positive whole number");
        QTest::newRow("word") << QStringLiteral("1,many") << Values {}
                              << QStringLiteral("\"many\" is not a positive whole number");
        QTest::newRow("empty") << QString() << Values {} << QStringLiteral("needs at least one value");
        // An empty item is a slip more often than a shorter list: refused, not skipped.
        QTest::newRow("only a comma")
            << QStringLiteral(",") << Values {} << QStringLiteral("\",\" has an empty item");
        QTest::newRow("empty item") << QStringLiteral("1,,4") << Values {}
                                    << QStringLiteral("\"1,,4\" has an empty item");
        QTest::newRow("trailing comma")
            << QStringLiteral("1,4,") << Values {} << QStringLiteral("\"1,4,\" has an empty item");
        QTest::newRow("leading comma")
            << QStringLiteral(",1") << Values {} << QStringLiteral("has an empty item");
        QTest::newRow("long item cut")
            << QString(100000, QLatin1Char('x')) << Values {}
            << QStringLiteral("\"%1…\" (100,000 characters) is not a positive whole number")
                   .arg(QString(60, QLatin1Char('x')));
        QStringList many;
        for (int i = 1; i <= 65; ++i)
            many << QString::number(i);
        QTest::newRow("65 values") << many.join(QLatin1Char(',')) << Values {}
                                   << QStringLiteral("at most 64 values");
    }
    void listsParse()
    {
        QFETCH(QString, text);
        QFETCH(QList<std::int64_t>, values);
        QFETCH(QString, error);
        QString message;
        const std::optional<QList<std::int64_t>> parsed = SweepPlan::parseList(text, &message);
        QCOMPARE(parsed.has_value(), !values.isEmpty());
        if (parsed)
            QCOMPARE(*parsed, values);
        else
            QVERIFY2(message.contains(error), qPrintable(message));
    }

    void validationNamesTheBadCell()
    {
        SweepPlan plan;
        plan.threads = { 4, 40000 };
        const QStringList problems = plan.validate(Experiment {}, StrategyNeeds {});
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.first().startsWith(QLatin1String("--threads:")));
    }

    // The one parser both fronts use: it says which list is bad, and leaves the limits to
    // validate(), so that the window and the command line refuse the same counts.
    void parseNamesTheBadListAndLeavesLimitsToValidate()
    {
        SweepPlan::List bad = SweepPlan::List::Values;
        QString error;
        QVERIFY(!SweepPlan::parse(
            QStringLiteral("1,x"), SweepPlan::Dimension::Slots, QStringLiteral("1,2"), &bad, &error));
        QCOMPARE(bad, SweepPlan::List::Clients);
        QVERIFY2(error.contains(QLatin1String("\"x\" is not a positive whole number")), qPrintable(error));
        QVERIFY(!SweepPlan::parse(
            QStringLiteral("1,4"), SweepPlan::Dimension::Slots, QStringLiteral("2,,4"), &bad, &error));
        QCOMPARE(bad, SweepPlan::List::Values);

        const std::optional<SweepPlan> plan = SweepPlan::parse(
            QStringLiteral("4,25000"), SweepPlan::Dimension::Skus, QStringLiteral("1,100"), &bad, &error);
        QVERIFY2(plan, qPrintable(error));
        QCOMPARE(plan->threads, (QList<int> { 4, 25000 }));
        QCOMPARE(plan->dimension, SweepPlan::Dimension::Skus);
        QCOMPARE(plan->values, (QList<std::int64_t> { 1, 100 }));
        QCOMPARE(plan->validate(Experiment {}, StrategyNeeds {}),
            QStringList { QStringLiteral("--threads: must be between 1 and 20,000 (got 25,000)") });
        // A slot count beyond int is refused by name, not narrowed into a count that passes.
        const std::optional<SweepPlan> wide = SweepPlan::parse(
            QStringLiteral("4"), SweepPlan::Dimension::Slots, QStringLiteral("8,4294967297"), &bad, &error);
        QVERIFY2(wide, qPrintable(error));
        const QList<RunCell> wideCells = wide->cells(Experiment {}, { QStringLiteral("slotted") });
        QCOMPARE(wideCells.size(), 2);
        QCOMPARE(wideCells[1].experiment.slotsPerSku, std::numeric_limits<int>::max());
        const QStringList wideProblems = wide->validate(Experiment {}, StrategyNeeds {});
        QCOMPARE(wideProblems.size(), 1);
        QVERIFY2(wideProblems.first().startsWith(QLatin1String("--slots: must be between 1 and 1,024")),
            qPrintable(wideProblems.first()));
        // A dimension of None ignores the values' text.
        QVERIFY(SweepPlan::parse(
            QStringLiteral("8"), SweepPlan::Dimension::None, QStringLiteral("junk"), &bad, &error));
    }

    // A sweep over the slots checks the slot rules only for a slotted strategy.
    void slotRulesFollowTheStrategies()
    {
        SweepPlan plan;
        plan.threads = { 4 };
        plan.dimension = SweepPlan::Dimension::Slots;
        plan.values = { 1, 64 };
        Experiment base;
        base.initialStock = 10;
        QVERIFY(plan.validate(base, StrategyNeeds {}).isEmpty());
        const QStringList problems
            = plan.validate(base, StrategyNeeds { { QStringLiteral("slotted") }, {}, {}, {}, {} });
        QCOMPARE(problems,
            QStringList { QStringLiteral(
                "--slots: 64 slots cannot share a stock of 10: slotted needs at least one unit per slot") });
    }

    // A sweep over the SKU count that starts at one refuses the two-SKU strategies only.
    void twoSkuRuleFollowsTheStrategies()
    {
        SweepPlan plan;
        plan.threads = { 4 };
        plan.dimension = SweepPlan::Dimension::Skus;
        plan.values = { 1, 100 };
        QVERIFY(plan.validate(Experiment {}, StrategyNeeds {}).isEmpty());
        const QStringList problems = plan.validate(
            Experiment {}, StrategyNeeds { {}, { QStringLiteral("two-sku-sorted") }, {}, {}, {} });
        QCOMPARE(problems.size(), 1);
        QVERIFY2(
            problems.first().startsWith(QLatin1String("--skus: two-sku-sorted places orders of two SKUs")),
            qPrintable(problems.first()));
    }
};

QTEST_APPLESS_MAIN(TestSweepPlan)
#include "tst_sweepplan.moc"
