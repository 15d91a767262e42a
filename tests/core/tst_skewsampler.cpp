#include "app/core/experiment.h"
#include "app/core/skewsampler.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace {

constexpr int kDraws = 200'000;
constexpr std::uint64_t kSeed = 20240611;

Experiment experimentOf(
    SkewKind kind, std::int64_t skus, double hotPercent = 90.0, std::int64_t hotSkus = 1, double zipfS = 1.1)
{
    Experiment e;
    e.skew = kind;
    e.skus = skus;
    e.hotPercent = hotPercent;
    e.hotSkus = hotSkus;
    e.zipfS = zipfS;
    return e;
}

// The textbook probabilities, written independently of SkewSampler so that
// probabilityOf() is checked against something other than itself.
std::vector<double> expectedProbabilities(const Experiment& e)
{
    const auto n = static_cast<std::size_t>(e.skus);
    std::vector<double> p(n);
    switch (e.skew) {
    case SkewKind::Uniform:
        for (double& v : p)
            v = 1.0 / static_cast<double>(n);
        break;
    case SkewKind::HotSet: {
        const auto hot = static_cast<std::size_t>(e.hotSkus);
        const double share = e.hotPercent / 100.0;
        for (std::size_t i = 0; i < n; ++i)
            p[i] = hot == n ? 1.0 / static_cast<double>(n)
                : i < hot   ? share / static_cast<double>(hot)
                            : (1.0 - share) / static_cast<double>(n - hot);
        break;
    }
    case SkewKind::Zipf: {
        double harmonic = 0.0;
        for (std::size_t k = 1; k <= n; ++k)
            harmonic += 1.0 / std::pow(static_cast<double>(k), e.zipfS);
        for (std::size_t i = 0; i < n; ++i)
            p[i] = 1.0 / std::pow(static_cast<double>(i + 1), e.zipfS) / harmonic;
        break;
    }
    }
    return p;
}

void addConfigurations()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<qint64>("skus");
    QTest::addColumn<double>("hotPercent");
    QTest::addColumn<qint64>("hotSkus");
    QTest::addColumn<double>("zipfS");

    const int uniform = int(SkewKind::Uniform);
    const int hotset = int(SkewKind::HotSet);
    const int zipf = int(SkewKind::Zipf);
    QTest::newRow("uniform 1000") << uniform << qint64(1000) << 90.0 << qint64(1) << 1.1;
    QTest::newRow("uniform 7") << uniform << qint64(7) << 90.0 << qint64(1) << 1.1;
    QTest::newRow("hotset 90% on 10 of 1000") << hotset << qint64(1000) << 90.0 << qint64(10) << 1.1;
    QTest::newRow("hotset 50% on 1 of 2") << hotset << qint64(2) << 50.0 << qint64(1) << 1.1;
    QTest::newRow("hotset 100% on 5 of 50") << hotset << qint64(50) << 100.0 << qint64(5) << 1.1;
    QTest::newRow("hotset covering every SKU") << hotset << qint64(20) << 90.0 << qint64(20) << 1.1;
    QTest::newRow("zipf s=1.1 on 1000") << zipf << qint64(1000) << 90.0 << qint64(1) << 1.1;
    QTest::newRow("zipf s=0.5 on 1000") << zipf << qint64(1000) << 90.0 << qint64(1) << 0.5;
    QTest::newRow("zipf s=2 on 10") << zipf << qint64(10) << 90.0 << qint64(1) << 2.0;
}

Experiment fetchExperiment()
{
    QFETCH(int, kind);
    QFETCH(qint64, skus);
    QFETCH(double, hotPercent);
    QFETCH(qint64, hotSkus);
    QFETCH(double, zipfS);
    return experimentOf(static_cast<SkewKind>(kind), skus, hotPercent, hotSkus, zipfS);
}

} // namespace

class TestSkewSampler : public QObject {
    Q_OBJECT

private slots:
    void probabilityOfMatchesFormula_data() { addConfigurations(); }
    void probabilityOfMatchesFormula();
    void probabilitiesSumToOne_data() { addConfigurations(); }
    void probabilitiesSumToOne();
    void empiricalFrequenciesMatch_data() { addConfigurations(); }
    void empiricalFrequenciesMatch();
    void picksStayInRange_data() { addConfigurations(); }
    void picksStayInRange();
    void singleSkuAlwaysPicksZero_data();
    void singleSkuAlwaysPicksZero();
    void sameSeedGivesSameSequence_data() { addConfigurations(); }
    void sameSeedGivesSameSequence();
};

void TestSkewSampler::probabilityOfMatchesFormula()
{
    const Experiment e = fetchExperiment();
    const SkewSampler sampler(e);
    const std::vector<double> expected = expectedProbabilities(e);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const double actual = sampler.probabilityOf(static_cast<std::int64_t>(i));
        QVERIFY2(std::abs(actual - expected[i]) <= 1e-12 + 1e-9 * expected[i],
            qPrintable(QStringLiteral("SKU %1: %2, expected %3").arg(i).arg(actual).arg(expected[i])));
    }
}

void TestSkewSampler::probabilitiesSumToOne()
{
    const Experiment e = fetchExperiment();
    const SkewSampler sampler(e);
    double sum = 0.0;
    for (std::int64_t i = 0; i < e.skus; ++i) {
        const double p = sampler.probabilityOf(i);
        QVERIFY(p >= 0.0 && p <= 1.0);
        sum += p;
    }
    QVERIFY2(std::abs(sum - 1.0) < 1e-9, qPrintable(QString::number(sum, 'g', 17)));
    QCOMPARE(sampler.probabilityOf(-1), 0.0);
    QCOMPARE(sampler.probabilityOf(e.skus), 0.0);
}

void TestSkewSampler::empiricalFrequenciesMatch()
{
    const Experiment e = fetchExperiment();
    const SkewSampler sampler(e);
    std::mt19937_64 rng(kSeed);
    std::vector<int> counts(static_cast<std::size_t>(e.skus), 0);
    for (int i = 0; i < kDraws; ++i)
        ++counts[static_cast<std::size_t>(sampler.pick(rng))];

    // Each count is binomial: allow five standard deviations per SKU, and bound the
    // chi-square sum over all SKUs well above its mean (the degrees of freedom).
    double chiSquare = 0.0;
    int degrees = -1;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const double p = sampler.probabilityOf(static_cast<std::int64_t>(i));
        const double expected = p * kDraws;
        if (p == 0.0) {
            QCOMPARE(counts[i], 0);
            continue;
        }
        const double sigma = std::sqrt(kDraws * p * (1.0 - p));
        QVERIFY2(std::abs(counts[i] - expected) <= 5.0 * sigma + 1.0,
            qPrintable(QStringLiteral("SKU %1: %2 picks, expected %3").arg(i).arg(counts[i]).arg(expected)));
        chiSquare += (counts[i] - expected) * (counts[i] - expected) / expected;
        ++degrees;
    }
    if (degrees > 0) {
        const double limit = degrees + 6.0 * std::sqrt(2.0 * degrees);
        QVERIFY2(chiSquare <= limit,
            qPrintable(
                QStringLiteral("chi-square %1 over %2 degrees of freedom").arg(chiSquare).arg(degrees)));
    }
}

void TestSkewSampler::picksStayInRange()
{
    const Experiment e = fetchExperiment();
    const SkewSampler sampler(e);
    std::mt19937_64 rng(kSeed + 1);
    for (int i = 0; i < 50'000; ++i) {
        const std::int64_t sku = sampler.pick(rng);
        QVERIFY2(sku >= 0 && sku < e.skus, qPrintable(QString::number(sku)));
    }
}

void TestSkewSampler::singleSkuAlwaysPicksZero_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("uniform") << int(SkewKind::Uniform);
    QTest::newRow("hotset") << int(SkewKind::HotSet);
    QTest::newRow("zipf") << int(SkewKind::Zipf);
}

void TestSkewSampler::singleSkuAlwaysPicksZero()
{
    QFETCH(int, kind);
    const SkewSampler sampler(experimentOf(static_cast<SkewKind>(kind), 1, 90.0, 1, 1.1));
    QCOMPARE(sampler.probabilityOf(0), 1.0);
    std::mt19937_64 rng(kSeed);
    for (int i = 0; i < 10'000; ++i)
        QCOMPARE(sampler.pick(rng), std::int64_t(0));
}

void TestSkewSampler::sameSeedGivesSameSequence()
{
    const Experiment e = fetchExperiment();
    const SkewSampler sampler(e);
    // A second sampler too: the sequence must depend on the seed only, not on the instance.
    const SkewSampler twin(e);
    std::mt19937_64 first(e.seed);
    std::mt19937_64 second(e.seed);
    std::mt19937_64 other(e.seed + 1);
    bool otherDiffers = false;
    for (int i = 0; i < 2000; ++i) {
        const std::int64_t a = sampler.pick(first);
        QCOMPARE(twin.pick(second), a);
        otherDiffers = otherDiffers || sampler.pick(other) != a;
    }
    // Every row has two SKUs or more: over 2000 picks another seed cannot repeat the sequence.
    QVERIFY(otherDiffers);
}

QTEST_GUILESS_MAIN(TestSkewSampler)
#include "tst_skewsampler.moc"
