// Sweep cells: strategies x thread counts (x slots or SKU counts), and the list syntax.
#include "app/core/sweepplan.h"

#include <QtTest>

class TestSweepPlan : public QObject {
    Q_OBJECT

private slots:
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
            return plan.dimension == SweepPlan::Dimension::Slots ? static_cast<std::int64_t>(cell.experiment.slotsPerSku) : cell.experiment.skus;
        };
        QCOMPARE(swept(cells[0]), 1LL);
        QCOMPARE(swept(cells[1]), 1LL);
        QCOMPARE(cells[1].experiment.threads, 8);
        QCOMPARE(swept(cells[5]), 100LL);
    }

    void listsParse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("count");
        QTest::newRow("four") << QStringLiteral("1,4,16,64") << true << 4;
        QTest::newRow("spaces and duplicates") << QStringLiteral(" 2, 2 ,8") << true << 2;
        QTest::newRow("zero") << QStringLiteral("0,4") << false << 0;
        QTest::newRow("negative") << QStringLiteral("-1") << false << 0;
        QTest::newRow("word") << QStringLiteral("1,many") << false << 0;
        QTest::newRow("empty") << QStringLiteral(",") << false << 0;
    }
    void listsParse()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(int, count);
        QString error;
        const auto values = SweepPlan::parseList(text, &error);
        QCOMPARE(values.has_value(), ok);
        if (ok)
            QCOMPARE(values->size(), count);
        else
            QVERIFY(!error.isEmpty());
    }

    void validationNamesTheBadCell()
    {
        SweepPlan plan;
        plan.threads = { 4, 4096 };
        const QStringList problems = plan.validate(Experiment {});
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.first().startsWith(QLatin1String("--threads:")));
    }
};

QTEST_APPLESS_MAIN(TestSweepPlan)
#include "tst_sweepplan.moc"
