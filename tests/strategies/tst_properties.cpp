// Randomised property test: many random experiments over every safe strategy, each run to
// its end against the real server. Whatever the workload, a safe strategy never oversells,
// sells everything it can (all the stock, or all the demand when demand is smaller), and the
// audit of the tables agrees with the clients' own counts.
//
// LOCKBENCH_PROPERTY_SEED=<n> replays a run; LOCKBENCH_PROPERTY_CASES=<n> sets how many
// experiments (default 144: 24 per strategy). Each case prints its seed and experiment.
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <random>

namespace {

// The safe strategies of "all", from the registry: a strategy added to the lab is held to the
// same properties. Those whose stock lives in Redis need a Redis this test does not start.
QStringList propertyStrategies()
{
    QStringList ids;
    for (const QString& id : StrategyRegistry::allIds()) {
        const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
        if (strategy->isSafe() && strategy->layout() != StockLayout::Redis)
            ids << id;
    }
    return ids;
}

// Units a sold-out case may have to sell (and orders it may take to get there); beyond
// them the case limits the demand instead, so that 200 cases stay within minutes.
constexpr std::int64_t kUnitBudget = 1500;

// Orders a sold-out run needs, about: the least popular SKU must see all its stock. Near
// the end only orders small enough for what is left sell (about range x H(range) of them),
// and the least popular SKU is rarely alone in the tail: twice that many, to be safe.
constexpr double kOrderBudget = 100000;

// A sanitizer slows every client thread down many times: beyond 32 of them on a hot set,
// optimistic's compare-and-set lost for minutes (125 threads placed 980 of 1,295 orders in the
// 2 minutes under ASan). Crowds are the default build's to try.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr std::int64_t kMaxCaseClients = 32;
#else
constexpr std::int64_t kMaxCaseClients = 128;
#endif

double ordersToSellOut(const Experiment& e)
{
    const double skus = static_cast<double>(e.skus);
    double leastShare = 1.0 / skus;
    if (e.skew == SkewKind::HotSet && e.hotSkus < e.skus)
        leastShare = std::min(e.hotPercent / 100.0 / static_cast<double>(e.hotSkus),
            (1.0 - e.hotPercent / 100.0) / (skus - static_cast<double>(e.hotSkus)));
    if (e.skew == SkewKind::Zipf) {
        double harmonic = 0.0;
        for (std::int64_t k = 1; k <= e.skus; ++k)
            harmonic += std::pow(static_cast<double>(k), -e.zipfS);
        leastShare = std::pow(skus, -e.zipfS) / harmonic;
    }
    const int range = e.qtyMax - e.qtyMin + 1;
    double endGame = 0.0;
    for (int k = 1; k <= range; ++k)
        endGame += static_cast<double>(range) / k;
    const double hits = static_cast<double>(e.initialStock) / ((e.qtyMin + e.qtyMax) / 2.0) + endGame;
    return hits / leastShare * (e.skus > 1 ? 2.0 : 1.0);
}

std::uint64_t envNumber(const char* name, std::uint64_t fallback)
{
    bool ok = false;
    const std::uint64_t value = qEnvironmentVariable(name).toULongLong(&ok);
    return ok ? value : fallback;
}

class CaseGenerator {
public:
    explicit CaseGenerator(std::uint64_t seed)
        : m_rng(seed)
    {
    }

    // Log-uniform, so that small and large values are both common.
    std::int64_t logUniform(std::int64_t low, std::int64_t high)
    {
        std::uniform_real_distribution<double> d(
            std::log(static_cast<double>(low)), std::log(static_cast<double>(high) + 1.0));
        return std::clamp(static_cast<std::int64_t>(std::exp(d(m_rng))), low, high);
    }
    std::int64_t uniform(std::int64_t low, std::int64_t high)
    {
        return std::uniform_int_distribution<std::int64_t>(low, high)(m_rng);
    }
    double real(double low, double high) { return std::uniform_real_distribution<double>(low, high)(m_rng); }

    Experiment experiment(std::uint64_t seed, bool partitioned)
    {
        Experiment e;
        e.seed = seed;
        e.threads = static_cast<int>(logUniform(1, kMaxCaseClients));
        e.skus = logUniform(1, 500);
        e.initialStock = logUniform(1, 10000);
        e.slotsPerSku = static_cast<int>(std::min<std::int64_t>(logUniform(1, 32), e.initialStock));
        switch (uniform(0, 2)) {
        case 0:
            e.skew = SkewKind::Uniform;
            break;
        case 1:
            e.skew = SkewKind::HotSet;
            e.hotPercent = std::round(real(50.0, 99.0)); // at 100 % the other SKUs never sell
            e.hotSkus = uniform(1, std::min<std::int64_t>(e.skus, 10));
            break;
        default:
            e.skew = SkewKind::Zipf;
            e.zipfS = std::round(real(0.5, 2.0) * 10.0) / 10.0;
            break;
        }
        e.qtyMin = static_cast<int>(std::min<std::int64_t>(uniform(1, 3), e.initialStock));
        e.qtyMax = static_cast<int>(std::clamp<std::int64_t>(uniform(e.qtyMin, 5), e.qtyMin, e.initialStock));
        e.batch = static_cast<int>(logUniform(1, 64));
        e.writers = static_cast<int>(uniform(1, 8));
        e.isolation = uniform(0, 1) == 0 ? Isolation::RepeatableRead : Isolation::ReadCommitted;
        e.delayMs = uniform(0, 3) == 0 ? 0.5 : 0.0;
        e.rttMs = uniform(0, 3) == 0 ? 0.2 : 0.0; // a network between the statements, now and then
        // Both ways a client waits for the server: a thread each, or fibers on non-blocking calls.
        e.clientIo = uniform(0, 1) == 0 ? ClientIo::Threads : ClientIo::Events;
        e.maxRetries = 100000;
        e.timeLimitMs = 120000;
        e.sampleIntervalMs = 100;
        // A refused order costs more than a sale: partitioned slots ask up to three more
        // statements and a sum before refusing (a case of 161 SKUs, 1 client and a 0.2 ms
        // round trip sold 1,238 of 1,449 units in its 2 minutes), and a round trip doubles it.
        // Fewer than four clients do fewer attempts at once: one client of queued, on a machine
        // busy with two other suites, made 109 of 121 SKUs run dry in its 2 minutes (Zipf 1.9).
        const double orderBudget = kOrderBudget / (partitioned ? 8.0 : 1.0) / (e.rttMs > 0.0 ? 2.0 : 1.0)
            * std::min(1.0, static_cast<double>(e.threads) / 4.0);
        if (e.skus * e.initialStock <= kUnitBudget && ordersToSellOut(e) <= orderBudget) {
            e.stop = StopKind::SoldOut;
        } else {
            // Demand smaller than the stock: no SKU can run dry even if every order lands on it.
            // Partitioned slots sell each order from one slot, so up to qtyMax - 1 units per
            // slot may be stranded; leave room for that too.
            e.stop = StopKind::Orders;
            const std::int64_t pockets = partitioned ? e.slotsPerSku : 1;
            if (e.initialStock - pockets * (e.qtyMax - 1) < e.qtyMax)
                e.qtyMin = e.qtyMax = 1;
            const std::int64_t fits = (e.initialStock - pockets * (e.qtyMax - 1)) / e.qtyMax;
            e.totalOrders = uniform(1, std::min<std::int64_t>(kUnitBudget, fits));
        }
        return e;
    }

private:
    std::mt19937_64 m_rng;
};

} // namespace

class TestProperties : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    // One row per experiment, so that each has the test function timeout to itself and a
    // failure names its case.
    void everySafeStrategyKeepsItsPromises_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<Experiment>("experiment");
        QTest::addColumn<QString>("description");
        const std::uint64_t masterSeed = envNumber(
            "LOCKBENCH_PROPERTY_SEED", static_cast<std::uint64_t>(QDateTime::currentMSecsSinceEpoch()));
        const QStringList strategies = propertyStrategies();
        const std::uint64_t cases = envNumber("LOCKBENCH_PROPERTY_CASES", 16 * strategies.size());
        qInfo("property test: %llu cases; replay with LOCKBENCH_PROPERTY_SEED=%llu",
            static_cast<unsigned long long>(cases), static_cast<unsigned long long>(masterSeed));
        CaseGenerator generator(masterSeed);
        std::uint64_t soldOutCases = 0;
        for (std::uint64_t i = 0; i < cases; ++i) {
            const QString strategy = strategies.at(static_cast<qsizetype>(i % strategies.size()));
            // A strategy that sells each order from one slot (\lock slot) strands up to an order's
            // units less one in each slot.
            const Experiment e
                = generator.experiment(masterSeed + i, StrategyRegistry::traitsOf(strategy).locksOneSlot);
            const QString description
                = QStringLiteral("case %1 of seed %2, strategy %3, experiment %4")
                      .arg(i)
                      .arg(masterSeed)
                      .arg(strategy,
                          QString::fromUtf8(
                              QJsonDocument(ExperimentJson::toJson(e)).toJson(QJsonDocument::Compact)));
            QTest::addRow("case %llu %s", static_cast<unsigned long long>(i), qPrintable(strategy))
                << strategy << e << description;
            soldOutCases += e.stop == StopKind::SoldOut ? 1 : 0;
        }
        qInfo("property test: %llu cases run to sold-out, the others place a demand smaller than the stock",
            static_cast<unsigned long long>(soldOutCases));
    }
    void everySafeStrategyKeepsItsPromises()
    {
        QFETCH(QString, strategy);
        QFETCH(Experiment, experiment);
        QFETCH(QString, description);
        const Experiment& e = experiment;
        QVERIFY2(validateExperiment(e, StrategyRegistry::needsOf({ strategy })).isEmpty(),
            qPrintable(description));
        const StrategyResult r = ServerFixture::runStrategy(strategy, e);
        const auto why = [&](const char* what) {
            return QStringLiteral("%1 does not hold for %2\n  sold %3, remaining %4, oversold %5, "
                                  "client orders %6 units %7, order rows %8, failed %9, stop: %10, "
                                  "error: %11, errors: %12")
                .arg(QString::fromLatin1(what), description)
                .arg(r.sold)
                .arg(r.remaining)
                .arg(r.oversold)
                .arg(r.clients[ClientCount::Sold])
                .arg(r.clients[ClientCount::SoldUnits])
                .arg(r.orderRows)
                .arg(r.clients[ClientCount::Failed])
                .arg(stopReasonKey(r.stopReason), r.error, r.errorMessages.join(QStringLiteral("; ")));
        };
        QVERIFY2(r.error.isEmpty(), qPrintable(why("ran without error")));
        QVERIFY2(r.oversold == 0 && r.lostUpdates == 0 && r.unrecordedDecrements == 0,
            qPrintable(why("no oversell")));
        QVERIFY2(r.clientsAgree(), qPrintable(why("the audit agrees with the clients")));
        QVERIFY2(r.clients[ClientCount::Unresolved] == 0, qPrintable(why("every outcome known")));
        // Only an order that retries its conflicts may fail, by giving up after them; it is then
        // not sold.
        QVERIFY2(r.clients[ClientCount::Failed] == 0 || StrategyRegistry::traitsOf(strategy).retriesConflicts,
            qPrintable(why("no order failed")));
        QVERIFY2(r.sold + r.remaining == e.skus * e.initialStock,
            qPrintable(why("sold and remaining add up to the stock")));
        if (e.stop == StopKind::SoldOut) {
            QVERIFY2(r.stopReason == StopReason::SoldOut, qPrintable(why("ran to sold-out")));
            // A SKU is dry once even the smallest order no longer fits. Partitioned slots sell
            // from one slot per order, so each slot may strand less than the smallest order.
            const std::int64_t pockets
                = StrategyRegistry::traitsOf(strategy).locksOneSlot ? e.skus * e.slotsPerSku : e.skus;
            QVERIFY2(
                r.remaining <= pockets * (e.qtyMin - 1), qPrintable(why("everything that fits was sold")));
        } else {
            QVERIFY2(r.stopReason == StopReason::AllOrdersPlaced, qPrintable(why("placed the whole demand")));
            QVERIFY2(r.clients[ClientCount::Sold] + r.clients[ClientCount::Failed] == e.totalOrders,
                qPrintable(why("every order of the demand was sold")));
        }
    }
};

QTEST_GUILESS_MAIN(TestProperties)
#include "tst_properties.moc"
