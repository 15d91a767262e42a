// redis-split against the embedded MariaDB and the lab's private Redis: the reconciliation of
// Redis's remaining stock with MariaDB's orders, checked against independent counts of both,
// when nothing goes wrong, when connections are killed mid-run, and when units leave Redis
// with no order (a crash between the two steps).
#include "app/db/databaseconnection.h"
#include "app/db/redisconnection.h"
#include "app/results/resultexplanation.h"
#include "app/server/embeddedredis.h"
#include "strategies/redissplitstrategy.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <thread>

namespace {

Experiment redisExperiment()
{
    Experiment e = ServerFixture::soldOutExperiment(4000);
    e.slotsPerSku = 8;
    e.threads = 16;
    e.rttMs = 0;
    return e;
}

// Redis's stock of SKU 1, read apart from the lab's own code.
std::int64_t redisStock(const RedisEndpoint& endpoint, int subKeys)
{
    RedisConnection redis;
    QString error;
    if (!redis.open(endpoint, &error))
        return -1;
    std::int64_t total = 0;
    for (int slot = 0; slot < subKeys; ++slot)
        total += redis
                     .command({ QStringLiteral("GET"),
                         RedisSplitStrategy::subKey(QStringLiteral("lockbench"), 1, slot) })
                     .text.toLongLong();
    return total;
}

// Script calls Redis has run so far, read from its INFO apart from the lab's probe.
std::int64_t scriptCallsSoFar(const RedisEndpoint& endpoint)
{
    RedisConnection redis;
    QString error;
    if (!redis.open(endpoint, &error))
        return -1;
    const QString info = redis.command({ QStringLiteral("INFO"), QStringLiteral("commandstats") }).text;
    const QRegularExpressionMatch match
        = QRegularExpression(QStringLiteral("cmdstat_evalsha:calls=(\\d+)")).match(info);
    return match.hasMatch() ? match.captured(1).toLongLong() : 0;
}

std::int64_t orderedUnits()
{
    DatabaseConnection check;
    if (!check.open(ServerFixture::params()))
        return -1;
    return check.queryInt(QStringLiteral("SELECT COALESCE(SUM(qty), 0) FROM orders")).value_or(-1);
}

} // namespace

class TestRedisSplit : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    EmbeddedRedis m_redis; // the lab's own code, so that the test can read Redis after the run

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_SERVER();
        QString error;
        QVERIFY2(m_redis.start(&error), qPrintable(error));
    }

    void sellsExactlyTheStockAndReconciles()
    {
        const Experiment e = redisExperiment();
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("redis-split"), e, m_redis.endpoint());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.stopReason, StopReason::SoldOut);
        QCOMPARE(r.sold, e.initialStock);
        QCOMPARE(r.remaining, 0LL);
        QCOMPARE(redisStock(m_redis.endpoint(), e.slotsPerSku), 0);
        QCOMPARE(r.unrecordedDecrements, 0LL);
        QCOMPARE(r.verdict(), Verdict::Pass);
        QVERIFY2(ServerFixture::jsonDisagreesWithTable(r).isEmpty(),
            qPrintable(ServerFixture::jsonDisagreesWithTable(r)));
    }

    void redisOwnFiguresAreSampledWithTheRun()
    {
        Experiment e = redisExperiment();
        e.initialStock = 1'000'000;
        e.stop = StopKind::Duration;
        e.durationMs = 1500;
        const std::int64_t before = scriptCallsSoFar(m_redis.endpoint());
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("redis-split"), e, m_redis.endpoint());
        const std::int64_t ranInRedis = scriptCallsSoFar(m_redis.endpoint()) - before;
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        long long scriptCalls = 0, commands = 0, scriptUsec = 0, sampledTrips = 0, tripNs = 0;
        for (const MetricsSample& s : r.series) {
            if (!s.redisStatsValid)
                continue;
            scriptCalls += s.redisScriptCalls;
            commands += s.redisCommands;
            scriptUsec += s.redisScriptUsec;
            sampledTrips = s.clients[ClientCount::RedisRoundTrips];
            tripNs = s.clients[ClientCount::RedisRoundTripNs];
        }
        QVERIFY(sampledTrips > 0);
        // The clients count a take once its reply is back, before the sample reads Redis: every
        // take they had counted is among Redis's sampled script calls, which Redis's own count
        // of the whole run bounds from above.
        QVERIFY2(scriptCalls >= sampledTrips,
            qPrintable(QStringLiteral("%1 < %2").arg(scriptCalls).arg(sampledTrips)));
        QVERIFY2(scriptCalls <= ranInRedis,
            qPrintable(QStringLiteral("%1 > %2").arg(scriptCalls).arg(ranInRedis)));
        QVERIFY(commands >= 2 * scriptCalls); // each script runs at least its own GET
        // A round trip holds the time Redis spent inside the script.
        QVERIFY(static_cast<double>(tripNs) / static_cast<double>(sampledTrips)
            >= 1000.0 * static_cast<double>(scriptUsec) / static_cast<double>(scriptCalls));
        // The why sentence names the same figures.
        const ResultExplanation::Explained why = ResultExplanation::of(r);
        const double tripMs = static_cast<double>(tripNs) / 1e6 / static_cast<double>(sampledTrips);
        QCOMPARE(why.figures.value(QStringLiteral("redis_script_us")).toDouble(),
            static_cast<double>(scriptUsec) / static_cast<double>(scriptCalls));
        QCOMPARE(why.figures.value(QStringLiteral("redis_round_trip_ms")).toDouble(), tripMs);
        QVERIFY2(why.text.contains(ResultExplanation::millis(tripMs) + QStringLiteral(" ms")),
            qPrintable(why.text));
        qInfo("Redis ran %lld take scripts (%lld commands), %.1f µs each inside Redis, %.3f ms per client "
              "round trip",
            scriptCalls, commands, static_cast<double>(scriptUsec) / static_cast<double>(scriptCalls),
            static_cast<double>(tripNs) / 1e6 / static_cast<double>(sampledTrips));
    }

    void unitsTakenWithNoOrderAreReportedExactly()
    {
        // A crash between the two steps, played by the test: 7 units leave a sub-key mid-run and
        // no order row is written for them.
        Experiment e = redisExperiment();
        e.initialStock = 1'000'000;
        e.stop = StopKind::Duration;
        e.durationMs = 2000;
        std::thread crash([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1000));
            RedisConnection redis;
            QString error;
            if (redis.open(m_redis.endpoint(), &error))
                redis.command({ QStringLiteral("DECRBY"),
                    RedisSplitStrategy::subKey(QStringLiteral("lockbench"), 1, 3), QStringLiteral("7") });
        });
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("redis-split"), e, m_redis.endpoint());
        crash.join();
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.unrecordedDecrements, 7LL);
        QCOMPARE(r.oversold, 0LL);
        QCOMPARE(r.verdict(), Verdict::StrandedInRedis);
        QVERIFY(!isSafetyFailure(r.verdict()));
        // Independently: what Redis holds plus what MariaDB ordered falls short of the start by 7.
        QCOMPARE(e.initialStock - redisStock(m_redis.endpoint(), e.slotsPerSku) - orderedUnits(), 7);
    }

    void anAcknowledgedOrderDeletedIsALostOrderNotAStrandedUnit()
    {
        // The oldest order row, long acknowledged, deleted behind the lab's back mid-run: Redis
        // and the orders fall short of the start by its unit, as a stranded unit would, but the
        // clients counted one order more than the table holds.
        Experiment e = redisExperiment();
        e.initialStock = 1'000'000;
        e.stop = StopKind::Duration;
        e.durationMs = 2000;
        std::thread remover([] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1000));
            DatabaseConnection admin;
            if (admin.open(ServerFixture::params()))
                admin.execute(QStringLiteral("DELETE FROM orders ORDER BY request_id LIMIT 1"));
        });
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("redis-split"), e, m_redis.endpoint());
        remover.join();
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.clients[ClientCount::Unresolved], 0LL);
        QCOMPARE(r.clients[ClientCount::Sold], r.orderRows + 1);
        QCOMPARE(r.unrecordedDecrements, 1LL);
        QCOMPARE(r.verdict(), Verdict::ClientsDisagree);
        QVERIFY(r.failsSafety());
        QCOMPARE(e.initialStock - redisStock(m_redis.endpoint(), e.slotsPerSku) - orderedUnits(), 1);
    }

    void killedConnectionsLeaveAReconciliationThatAddsUp()
    {
        // Every Redis client and every lab connection to MariaDB killed every 30 ms: a take whose
        // reply was lost may have left Redis with no order. Whatever happened, the reconciliation
        // must say exactly what Redis and MariaDB hold.
        Experiment e = redisExperiment();
        e.initialStock = 1'000'000;
        e.stop = StopKind::Duration;
        e.durationMs = 3000;
        e.killWorkersEveryMs = 30;
        std::atomic<bool> done { false };
        std::thread killer([&] {
            RedisConnection admin;
            QString error;
            while (!done.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(30));
                if (!admin.isOpen() && !admin.open(m_redis.endpoint(), &error))
                    continue;
                admin.command({ QStringLiteral("CLIENT"), QStringLiteral("KILL"), QStringLiteral("TYPE"),
                    QStringLiteral("normal"), QStringLiteral("SKIPME"), QStringLiteral("yes") });
            }
        });
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("redis-split"), e, m_redis.endpoint());
        done.store(true);
        killer.join();
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.workersKilled > 10);
        QVERIFY2(r.audited(), qPrintable(r.auditIncomplete));
        QCOMPARE(r.oversold, 0LL);
        QCOMPARE(r.lostUpdates, 0LL);
        const std::int64_t stranded
            = e.initialStock - redisStock(m_redis.endpoint(), e.slotsPerSku) - orderedUnits();
        QCOMPARE(r.unrecordedDecrements, stranded);
        QCOMPARE(r.sold, orderedUnits());
        // Stranded units are named only where the clients and the table agree.
        QCOMPARE(r.clients[ClientCount::Unresolved], 0LL);
        QCOMPARE(r.clients[ClientCount::SoldUnits], r.sold);
        QCOMPARE(r.clients[ClientCount::Sold], r.orderRows);
        QCOMPARE(r.verdict(), stranded > 0 ? Verdict::StrandedInRedis : Verdict::Pass);
        qInfo("%lld units stranded in Redis by %lld killed MariaDB connections and the Redis kills",
            static_cast<long long>(stranded), r.workersKilled);
    }
};

QTEST_GUILESS_MAIN(TestRedisSplit)
#include "tst_redissplit.moc"
