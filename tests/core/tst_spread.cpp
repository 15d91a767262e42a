// The spread of repeated runs: median, extremes, the order-statistic interval of the median,
// and which strategies cannot be told apart.
#include "app/core/repeatsummary.h"
#include "app/core/spread.h"

#include <QSignalSpy>
#include <QTest>

class TestSpread : public QObject {
    Q_OBJECT

private slots:
    void oneValueHasNoInterval()
    {
        const Spread spread = Spread::of({ 2600.0 });
        QCOMPARE(spread.n, 1);
        QCOMPARE(spread.median, 2600.0);
        QCOMPARE(spread.min, 2600.0);
        QCOMPARE(spread.max, 2600.0);
        QVERIFY(!spread.hasInterval());
        QCOMPARE(spread.level, 0.0);
        QCOMPARE(Spread::of({}).n, 0);
    }

    void smallRunsUseMinToMaxAtTheirOwnLevel()
    {
        const Spread three = Spread::of({ 3164.0, 1939.0, 2500.0 });
        QCOMPARE(three.median, 2500.0);
        QCOMPARE(three.min, 1939.0);
        QCOMPARE(three.max, 3164.0);
        QCOMPARE(three.ciLow, 1939.0);
        QCOMPARE(three.ciHigh, 3164.0);
        QCOMPARE(three.level, 0.75); // 1 - 2 / 2^3
        const Spread four = Spread::of({ 4.0, 1.0, 3.0, 2.0 });
        QCOMPARE(four.median, 2.5); // the mean of the two middle values
        QCOMPARE(four.level, 0.875);
        QCOMPARE(Spread::of({ 1, 2, 3, 4, 5 }).level, 0.9375);
    }

    void largerRunsNarrowTheInterval_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("k"); // the interval is [x(k), x(n+1-k)] of 1..n
        QTest::addColumn<double>("level");
        QTest::newRow("6") << 6 << 1 << 1.0 - 2.0 / 64;
        QTest::newRow("9") << 9 << 2 << 1.0 - 2.0 * 10 / 512;
        QTest::newRow("10") << 10 << 2 << 1.0 - 2.0 * 11 / 1024;
        QTest::newRow("20") << 20 << 6 << 0.9586105346679688;
    }
    void largerRunsNarrowTheInterval()
    {
        QFETCH(int, n);
        QFETCH(int, k);
        QFETCH(double, level);
        QList<double> values;
        for (int i = n; i >= 1; --i)
            values << i;
        const Spread spread = Spread::of(values);
        QCOMPARE(spread.min, 1.0);
        QCOMPARE(spread.max, double(n));
        QCOMPARE(spread.median, (n + 1) / 2.0);
        QCOMPARE(spread.ciLow, double(k));
        QCOMPARE(spread.ciHigh, double(n + 1 - k));
        QVERIFY(qAbs(spread.level - level) < 1e-12);
        QVERIFY(spread.level >= 0.95);
    }

    void overlappingIntervalsAreNotSeparable()
    {
        const Spread low = Spread::of({ 1, 2, 3 });
        const Spread touching = Spread::of({ 3, 4, 5 });
        const Spread high = Spread::of({ 10, 11, 12 });
        const Spread single = Spread::of({ 2 });
        QVERIFY(low.overlaps(touching));
        QVERIFY(!low.overlaps(high));
        const QList<QPair<int, int>> pairs = notSeparable({ low, touching, high, single });
        QCOMPARE(pairs, (QList<QPair<int, int>> { { 0, 1 } }));
    }

    void summariesGroupByStrategyAndExperiment()
    {
        const auto result = [](const QString& strategy, double orders, int threads, int repetition) {
            StrategyResult r;
            r.strategy = strategy;
            r.ordersPerS = orders;
            r.p99Ms = orders / 100.0;
            r.experiment.threads = threads;
            r.experiment.repeat = 3;
            r.repetition = repetition;
            return SourcedResult { QString(), r };
        };
        QList<SourcedResult> rows;
        // pessimistic and conditional overlap; queued is far above both.
        const double pessimistic[] = { 2600, 2475, 2550 };
        const double conditional[] = { 1939, 3164, 2400 };
        const double queued[] = { 9000, 9100, 9050 };
        for (int i = 0; i < 3; ++i) {
            rows << result(QStringLiteral("pessimistic"), pessimistic[i], 8, i + 1)
                 << result(QStringLiteral("conditional"), conditional[i], 8, i + 1)
                 << result(QStringLiteral("queued"), queued[i], 8, i + 1);
        }
        rows << result(QStringLiteral("pessimistic"), 100, 64, 1); // another point of a sweep
        rows.last().result.error = QStringLiteral("lost"); // and left out of the figures
        const QList<RepeatSummary> summaries = RepeatSummary::of(rows);
        QCOMPARE(summaries.size(), 4);
        QCOMPARE(summaries[0].strategy, QStringLiteral("pessimistic"));
        QCOMPARE(summaries[0].n(), 3);
        QCOMPARE(summaries[0].rows, (QList<int> { 0, 3, 6 }));
        QCOMPARE(summaries[0].ordersPerS.median, 2550.0);
        QCOMPARE(summaries[0].ordersPerS.min, 2475.0);
        QCOMPARE(summaries[0].ordersPerS.max, 2600.0);
        QCOMPARE(summaries[0].p99Ms.median, 25.5);
        QCOMPARE(summaries[1].ordersPerS.median, 2400.0);
        QCOMPARE(summaries[0].notSeparableFrom, QStringList { QStringLiteral("conditional") });
        QCOMPARE(summaries[1].notSeparableFrom, QStringList { QStringLiteral("pessimistic") });
        QVERIFY(summaries[2].notSeparableFrom.isEmpty());
        QCOMPARE(summaries[3].n(), 0);
        QCOMPARE(summaries[3].rows.size(), 1);
        QVERIFY(RepeatSummary::anyRepeated(summaries));
        const QStringList pairs = RepeatSummary::notSeparablePairs(summaries);
        QCOMPARE(
            pairs, QStringList { QStringLiteral("pessimistic ~ conditional (threads=8 skus=1 slots=16)") });
    }
};

QTEST_GUILESS_MAIN(TestSpread)
#include "tst_spread.moc"
