#include "app/core/histogramsnapshot.h"
#include "app/core/latencyhistogram.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

// A worker's histogram must not grow with the run: the bucket table is sized at compile time.
static_assert(HistogramSnapshot::kBucketCount > 0 && HistogramSnapshot::kBucketCount < 4096);
static_assert(sizeof(HistogramSnapshot)
    == HistogramSnapshot::kBucketCount * sizeof(std::uint64_t) + sizeof(std::int64_t));

namespace {

constexpr double kRelativeError = 1.0 / HistogramSnapshot::kSubBuckets;

std::vector<std::int64_t> distribution(const QString& name)
{
    std::vector<std::int64_t> values;
    if (name == QLatin1String("uniform")) {
        for (std::int64_t v = 1; v <= 100'000; ++v)
            values.push_back(v);
    } else if (name == QLatin1String("microseconds")) {
        // 1 us .. 10 ms in nanoseconds, the range lock waits usually fall in
        for (std::int64_t v = 1; v <= 10'000; ++v)
            values.push_back(v * 1000);
    } else if (name == QLatin1String("bimodal")) {
        // most orders are fast, a tenth wait behind a lock
        for (int i = 0; i < 9000; ++i)
            values.push_back(800'000 + i);
        for (int i = 0; i < 1000; ++i)
            values.push_back(250'000'000 + 1000 * i);
    } else if (name == QLatin1String("squares")) {
        for (std::int64_t v = 1; v <= 20'000; ++v)
            values.push_back(v * v);
    }
    return values;
}

// Same rank rule as the histogram: the smallest value with at least ceil(q * n) values at or below it.
std::int64_t exactQuantile(std::vector<std::int64_t> sorted, double q)
{
    std::sort(sorted.begin(), sorted.end());
    const auto rank = std::max<std::size_t>(
        1, static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size()))));
    return sorted[rank - 1];
}

HistogramSnapshot snapshotOf(const std::vector<std::int64_t>& values)
{
    LatencyHistogram histogram;
    for (std::int64_t v : values)
        histogram.record(v);
    return histogram.snapshot();
}

} // namespace

class TestHistogram : public QObject {
    Q_OBJECT

private slots:
    void bucketBoundsAreContiguous();
    void valueFallsInsideItsBucket_data();
    void valueFallsInsideItsBucket();
    void everyPowerOfTwoEdgeFallsInsideItsBucket();
    void quantileWithinRelativeError_data();
    void quantileWithinRelativeError();
    void quantileOutsideZeroOneIsClamped();
    void emptyHistogramGivesZero();
    void negativeValuesClampToZero();
    void countAndMax();
    void mergeAddsCountsAndKeepsLargerMax();
    void mergeWithEmptyChangesNothing();
    void sinceSubtractsEarlierCounts();
    void sinceNeverWrapsBelowZero();
    void tenMillionValuesOnlyChangeCounts();
};

void TestHistogram::bucketBoundsAreContiguous()
{
    QCOMPARE(HistogramSnapshot::bucketLowerBound(0), std::int64_t(0));
    for (std::size_t b = 0; b < HistogramSnapshot::kBucketCount; ++b) {
        const std::int64_t lower = HistogramSnapshot::bucketLowerBound(b);
        const std::int64_t upper = HistogramSnapshot::bucketUpperBound(b);
        QVERIFY2(lower >= 0 && lower <= upper,
            qPrintable(QStringLiteral("bucket %1: [%2, %3]").arg(b).arg(lower).arg(upper)));
        QCOMPARE(HistogramSnapshot::bucketFor(lower), b);
        QCOMPARE(HistogramSnapshot::bucketFor(upper), b);
        if (b + 1 < HistogramSnapshot::kBucketCount)
            QCOMPARE(HistogramSnapshot::bucketLowerBound(b + 1), upper + 1);
    }
    QCOMPARE(HistogramSnapshot::bucketUpperBound(HistogramSnapshot::kBucketCount - 1),
        std::numeric_limits<std::int64_t>::max());
}

void TestHistogram::valueFallsInsideItsBucket_data()
{
    QTest::addColumn<qint64>("value");

    QTest::newRow("zero") << qint64(0);
    QTest::newRow("one") << qint64(1);
    QTest::newRow("last linear") << qint64(15);
    QTest::newRow("first log") << qint64(16);
    QTest::newRow("17") << qint64(17);
    QTest::newRow("1000") << qint64(1000);
    QTest::newRow("1 ms") << qint64(1'000'000);
    QTest::newRow("odd") << qint64(123'456'789);
    QTest::newRow("1 hour") << qint64(3'600'000'000'000);
    QTest::newRow("2^62") << qint64(std::int64_t(1) << 62);
    QTest::newRow("max - 1") << qint64(std::numeric_limits<std::int64_t>::max() - 1);
    QTest::newRow("max") << std::numeric_limits<qint64>::max();
}

void TestHistogram::valueFallsInsideItsBucket()
{
    QFETCH(qint64, value);
    const std::size_t bucket = HistogramSnapshot::bucketFor(value);
    QVERIFY(bucket < HistogramSnapshot::kBucketCount);
    const std::int64_t lower = HistogramSnapshot::bucketLowerBound(bucket);
    const std::int64_t upper = HistogramSnapshot::bucketUpperBound(bucket);
    QVERIFY2(lower <= value && value <= upper, qPrintable(QStringLiteral("[%1, %2]").arg(lower).arg(upper)));
    // The width of a bucket is what bounds the quantile error.
    QVERIFY(static_cast<double>(upper - lower) <= kRelativeError * static_cast<double>(lower));
}

void TestHistogram::everyPowerOfTwoEdgeFallsInsideItsBucket()
{
    for (int bit = 0; bit < 63; ++bit) {
        const std::int64_t power = std::int64_t(1) << bit;
        std::size_t previousBucket = 0;
        for (std::int64_t value : { power - 1, power, power + 1 }) {
            const std::size_t bucket = HistogramSnapshot::bucketFor(value);
            QVERIFY(bucket < HistogramSnapshot::kBucketCount);
            QVERIFY(bucket >= previousBucket);
            QVERIFY(HistogramSnapshot::bucketLowerBound(bucket) <= value);
            QVERIFY(value <= HistogramSnapshot::bucketUpperBound(bucket));
            previousBucket = bucket;
        }
    }
}

void TestHistogram::quantileWithinRelativeError_data()
{
    QTest::addColumn<QString>("distribution");
    QTest::addColumn<double>("quantile");

    for (const char* name : { "uniform", "microseconds", "bimodal", "squares" }) {
        for (double q : { 0.0, 0.01, 0.5, 0.9, 0.95, 0.99, 0.999, 1.0 })
            QTest::addRow("%s p%g", name, q * 100) << QString::fromLatin1(name) << q;
    }
}

void TestHistogram::quantileWithinRelativeError()
{
    QFETCH(QString, distribution);
    QFETCH(double, quantile);

    const std::vector<std::int64_t> values = ::distribution(distribution);
    QVERIFY(!values.empty());
    const HistogramSnapshot snapshot = snapshotOf(values);
    const std::int64_t exact = exactQuantile(values, quantile);
    const std::int64_t reported = snapshot.valueAtQuantile(quantile);

    // The histogram reports its bucket's upper bound, so it never understates a latency.
    QVERIFY2(reported >= exact, qPrintable(QStringLiteral("reported %1, exact %2").arg(reported).arg(exact)));
    QVERIFY2(static_cast<double>(reported - exact) <= kRelativeError * static_cast<double>(exact),
        qPrintable(QStringLiteral("reported %1, exact %2").arg(reported).arg(exact)));
}

void TestHistogram::quantileOutsideZeroOneIsClamped()
{
    const HistogramSnapshot snapshot = snapshotOf(distribution(QStringLiteral("uniform")));
    QCOMPARE(snapshot.valueAtQuantile(-0.5), snapshot.valueAtQuantile(0.0));
    QCOMPARE(snapshot.valueAtQuantile(7.0), snapshot.valueAtQuantile(1.0));
    QCOMPARE(snapshot.valueAtQuantile(1.0), std::int64_t(100'000));
}

void TestHistogram::emptyHistogramGivesZero()
{
    const HistogramSnapshot empty;
    QCOMPARE(empty.count(), std::uint64_t(0));
    QCOMPARE(empty.max(), std::int64_t(0));
    for (double q : { 0.0, 0.5, 0.99, 1.0 })
        QCOMPARE(empty.valueAtQuantile(q), std::int64_t(0));

    const LatencyHistogram histogram;
    const HistogramSnapshot recorded = histogram.snapshot();
    QCOMPARE(recorded.count(), std::uint64_t(0));
    QCOMPARE(recorded.valueAtQuantile(0.5), std::int64_t(0));
}

void TestHistogram::negativeValuesClampToZero()
{
    LatencyHistogram histogram;
    histogram.record(-1);
    histogram.record(-5'000'000);
    histogram.record(std::numeric_limits<std::int64_t>::min());
    HistogramSnapshot snapshot = histogram.snapshot();
    QCOMPARE(snapshot.count(), std::uint64_t(3));
    QCOMPARE(snapshot.max(), std::int64_t(0));
    QCOMPARE(snapshot.valueAtQuantile(1.0), std::int64_t(0));

    // A clock step backwards must not drag the other percentiles negative.
    histogram.record(2000);
    snapshot = histogram.snapshot();
    QCOMPARE(snapshot.count(), std::uint64_t(4));
    QCOMPARE(snapshot.valueAtQuantile(0.5), std::int64_t(0));
    QCOMPARE(snapshot.valueAtQuantile(1.0), std::int64_t(2000));
}

void TestHistogram::countAndMax()
{
    LatencyHistogram histogram;
    for (std::int64_t v : { 5, 900, 17, 1'000'000'007, 42, 0 })
        histogram.record(v);
    const HistogramSnapshot snapshot = histogram.snapshot();
    QCOMPARE(snapshot.count(), std::uint64_t(6));
    QCOMPARE(snapshot.max(), std::int64_t(1'000'000'007));
    // The top quantile is capped at the true max, not the bucket's upper bound.
    QCOMPARE(snapshot.valueAtQuantile(1.0), std::int64_t(1'000'000'007));
    QCOMPARE(snapshot.valueAtQuantile(0.0), std::int64_t(0));
}

void TestHistogram::mergeAddsCountsAndKeepsLargerMax()
{
    std::vector<std::int64_t> low;
    std::vector<std::int64_t> high;
    for (std::int64_t v = 1; v <= 1000; ++v) {
        low.push_back(v);
        high.push_back(v + 1000);
    }
    std::vector<std::int64_t> all = low;
    all.insert(all.end(), high.begin(), high.end());

    // Merge in both orders: a sampler folds thread histograms in whatever order it meets them.
    HistogramSnapshot lowThenHigh = snapshotOf(low);
    lowThenHigh.merge(snapshotOf(high));
    HistogramSnapshot highThenLow = snapshotOf(high);
    highThenLow.merge(snapshotOf(low));
    const HistogramSnapshot together = snapshotOf(all);

    for (const HistogramSnapshot* merged : { &lowThenHigh, &highThenLow }) {
        QCOMPARE(merged->count(), std::uint64_t(2000));
        QCOMPARE(merged->max(), std::int64_t(2000));
        QCOMPARE(merged->since(together).count(), std::uint64_t(0));
        QCOMPARE(together.since(*merged).count(), std::uint64_t(0));
        for (double q : { 0.0, 0.25, 0.5, 0.75, 0.99, 1.0 })
            QCOMPARE(merged->valueAtQuantile(q), together.valueAtQuantile(q));
    }
    const std::int64_t median = lowThenHigh.valueAtQuantile(0.5);
    QVERIFY(median >= 1000 && median <= 1000 + 1000 / HistogramSnapshot::kSubBuckets);
}

void TestHistogram::mergeWithEmptyChangesNothing()
{
    const HistogramSnapshot original = snapshotOf(distribution(QStringLiteral("bimodal")));
    HistogramSnapshot merged = original;
    merged.merge(HistogramSnapshot());
    QCOMPARE(merged.count(), original.count());
    QCOMPARE(merged.max(), original.max());
    QCOMPARE(merged.since(original).count(), std::uint64_t(0));

    HistogramSnapshot intoEmpty;
    intoEmpty.merge(original);
    QCOMPARE(intoEmpty.count(), original.count());
    QCOMPARE(intoEmpty.max(), original.max());
    QCOMPARE(intoEmpty.valueAtQuantile(0.95), original.valueAtQuantile(0.95));
}

void TestHistogram::sinceSubtractsEarlierCounts()
{
    // The sampler's interval view: the same histogram read twice.
    LatencyHistogram histogram;
    for (std::int64_t v = 1; v <= 1000; ++v)
        histogram.record(v);
    const HistogramSnapshot earlier = histogram.snapshot();
    for (std::int64_t v = 100'001; v <= 103'000; ++v)
        histogram.record(v);
    const HistogramSnapshot later = histogram.snapshot();

    const HistogramSnapshot interval = later.since(earlier);
    QCOMPARE(interval.count(), std::uint64_t(3000));
    QCOMPARE(interval.max(), later.max());
    // Only the values recorded after `earlier` are left, so even the lowest quantile is large.
    const std::int64_t lowest = interval.valueAtQuantile(0.0);
    QVERIFY2(lowest >= 100'001 && static_cast<double>(lowest - 100'001) <= kRelativeError * 100'001,
        qPrintable(QString::number(lowest)));
    const std::int64_t median = interval.valueAtQuantile(0.5);
    QVERIFY2(median >= 101'500 && static_cast<double>(median - 101'500) <= kRelativeError * 101'500,
        qPrintable(QString::number(median)));

    QCOMPARE(later.since(later).count(), std::uint64_t(0));
    QCOMPARE(later.since(HistogramSnapshot()).count(), later.count());
}

void TestHistogram::sinceNeverWrapsBelowZero()
{
    const HistogramSnapshot small = snapshotOf({ 10, 20 });
    const HistogramSnapshot large = snapshotOf({ 10, 20, 30, 40 });
    // Reversed operands (a reset histogram) must give nothing, not 2^64 - n.
    const HistogramSnapshot reversed = small.since(large);
    QCOMPARE(reversed.count(), std::uint64_t(0));
    QCOMPARE(reversed.valueAtQuantile(0.5), std::int64_t(0));
}

void TestHistogram::tenMillionValuesOnlyChangeCounts()
{
    constexpr std::uint64_t kValues = 10'000'000;
    LatencyHistogram histogram;
    for (std::uint64_t i = 0; i < kValues; ++i)
        histogram.record(static_cast<std::int64_t>((i * 7919) % 50'000'000));
    const HistogramSnapshot snapshot = histogram.snapshot();
    QCOMPARE(snapshot.count(), kValues);
    QCOMPARE(snapshot.max(), std::int64_t(49'999'999));
    const std::int64_t median = snapshot.valueAtQuantile(0.5);
    QVERIFY2(median >= 24'000'000 && median <= 27'000'000, qPrintable(QString::number(median)));
}

QTEST_GUILESS_MAIN(TestHistogram)
#include "tst_histogram.moc"
