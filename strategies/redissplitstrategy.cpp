#include "strategies/redissplitstrategy.h"

#include "strategies/transactionsession.h"

#include <QCoreApplication>

#include <chrono>
#include <optional>
#include <random>
#include <unordered_set>
#include <utility>

namespace {

constexpr int kNoStock = -1;
constexpr int kRedisFailed = -2;
// Keys per MSET or MGET: one command stays small however many SKUs there are.
constexpr int kKeysPerCommand = 1000;

class RedisSplitSession : public TransactionSession {
public:
    RedisSplitSession(RunEnvironment& environment, WorkerCounters& counters, RedisEndpoint endpoint,
        QString database, int subKeys, QString sha)
        : TransactionSession(environment, counters)
        , m_environment(environment)
        , m_counters(counters)
        , m_endpoint(std::move(endpoint))
        , m_database(std::move(database))
        , m_subKeys(subKeys)
        , m_sha(std::move(sha))
        , m_rng(environment.experiment().seed ^ reinterpret_cast<std::uintptr_t>(&counters))
    {
        // Redis sits on the same network as MariaDB: its commands cross the same round trip.
        m_redis.setRoundTrip(environment.roundTrip());
        // An order's units are taken before its row is written: an order whose reply the stop
        // finds lost must still learn whether the row is there, or the units stay stranded.
        client().setWaitsPastStop(true);
    }

    bool connectRedis(QString* error) { return m_redis.open(m_endpoint, error); }

    OrderOutcome place(const Order& order) override
    {
        const int slot = take(order);
        if (slot == kNoStock)
            return OrderOutcome::OutOfStock;
        if (slot == kRedisFailed)
            return OrderOutcome::Failed;
        // The second step: the order row, through the retrier (a lost reply is looked up by
        // request id). Known not to be written: the stock goes back to its sub-key.
        const OrderOutcome outcome = TransactionSession::place(order);
        if (outcome != OrderOutcome::Failed && outcome != OrderOutcome::Aborted)
            return outcome;
        // An error can hide a commit: on a cluster, the node may leave the group while the row's
        // write set is on its way to the others. The units go back only when the row is known
        // not to be there; when that cannot be learned, the order is unresolved, settled by
        // request id at the end, and its units at worst stranded in Redis, never sold twice.
        const std::optional<bool> committed = commitLookup().isCommittedNow(order.requestId);
        if (!committed)
            return OrderOutcome::Unknown;
        if (*committed) {
            m_counters.add(ClientCount::Reconciled, 1);
            return OrderOutcome::Sold;
        }
        giveBack(order, slot);
        return outcome;
    }

    void afterOrder() override
    {
        if (m_refused)
            countStrandedRefusal(*std::exchange(m_refused, std::nullopt));
    }

protected:
    Attempt attempt(const Order& order) override { return insertOrder(order); } // autocommit: one statement

private:
    std::int64_t dryKey(std::int64_t sku, int slot) const { return sku * 1024 + slot; }

    // Takes the order's quantity from one sub-key; the slot, kNoStock or kRedisFailed.
    int take(const Order& order)
    {
        if (!m_redis.isOpen()) {
            QString error;
            if (!m_redis.open(m_endpoint, &error)) {
                m_environment.errors().report({ 2006, error }, QStringLiteral("redis-split"));
                return kRedisFailed;
            }
        }
        const int start = std::uniform_int_distribution<int>(0, m_subKeys - 1)(m_rng);
        for (int pass = 0; pass < 2; ++pass) {
            bool skipped = false;
            for (int i = 0; i < m_subKeys; ++i) {
                const int slot = (start + i) % m_subKeys;
                if (pass == 0 && m_dry.contains(dryKey(order.skuId, slot))) {
                    skipped = true;
                    continue;
                }
                const auto sent = std::chrono::steady_clock::now();
                const RedisConnection::Reply reply = m_redis.command({ QStringLiteral("EVALSHA"), m_sha,
                    QStringLiteral("1"), RedisSplitStrategy::subKey(m_database, order.skuId, slot),
                    QString::number(order.qty) });
                m_counters.add(ClientCount::RedisRoundTripNs,
                    std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now() - sent)
                        .count());
                m_counters.add(ClientCount::RedisRoundTrips, 1);
                if (!reply.ok() || reply.kind != RedisConnection::Reply::Kind::Integer) {
                    // The script may or may not have run: if it did, Redis lost the units with no
                    // order, and the closing audit counts them.
                    m_environment.errors().report({ 2013, reply.text },
                        QCoreApplication::translate("Strategy", "redis-split: the take from Redis"));
                    return kRedisFailed;
                }
                if (reply.integer >= 0) {
                    m_dry.erase(dryKey(order.skuId, slot));
                    return slot;
                }
                m_dry.insert(dryKey(order.skuId, slot));
            }
            if (!skipped)
                break; // every sub-key was asked: none holds enough
        }
        m_refused = order;
        return kNoStock;
    }

    // Refused, though the SKU's sub-keys together may still hold enough ("visible but cannot
    // be bought"): counted as such when they do, once the order's time is taken.
    void countStrandedRefusal(const Order& order)
    {
        QStringList mget { QStringLiteral("MGET") };
        for (int slot = 0; slot < m_subKeys; ++slot)
            mget << RedisSplitStrategy::subKey(m_database, order.skuId, slot);
        const RedisConnection::Reply reply = m_redis.command(mget);
        long long total = 0;
        for (const QString& value : reply.elements)
            total += value.toLongLong();
        if (reply.ok() && total >= order.qty)
            m_counters.add(ClientCount::RefusedWithStock, 1);
    }

    void giveBack(const Order& order, int slot)
    {
        QString error;
        if (!m_redis.isOpen() && !m_redis.open(m_endpoint, &error)) {
            m_environment.errors().report({ 2006, error },
                QCoreApplication::translate("Strategy", "redis-split: giving the stock back"));
            return;
        }
        const RedisConnection::Reply reply = m_redis.command({ QStringLiteral("INCRBY"),
            RedisSplitStrategy::subKey(m_database, order.skuId, slot), QString::number(order.qty) });
        if (!reply.ok())
            m_environment.errors().report({ 2013, reply.text },
                QCoreApplication::translate("Strategy", "redis-split: giving the stock back"));
        else
            m_dry.erase(dryKey(order.skuId, slot));
    }

    RunEnvironment& m_environment;
    WorkerCounters& m_counters;
    std::optional<Order> m_refused; // the last order, when Redis refused it
    RedisEndpoint m_endpoint;
    QString m_database;
    int m_subKeys;
    QString m_sha;
    RedisConnection m_redis; // this client thread's own
    std::mt19937_64 m_rng;
    std::unordered_set<std::int64_t> m_dry; // sub-keys this client found without enough
};

} // namespace

RedisSplitStrategy::RedisSplitStrategy() = default;
RedisSplitStrategy::~RedisSplitStrategy() = default;

QString RedisSplitStrategy::subKey(const QString& database, std::int64_t sku, int slot)
{
    return QStringLiteral("lockbench:%1:stock:%2:%3").arg(database).arg(sku).arg(slot);
}

QString RedisSplitStrategy::takeScript()
{
    return QStringLiteral("local left = tonumber(redis.call('GET', KEYS[1]) or '0') "
                          "local qty = tonumber(ARGV[1]) "
                          "if left >= qty then return redis.call('DECRBY', KEYS[1], qty) end "
                          "return -1");
}

QString RedisSplitStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "Each SKU's stock lives in Redis, split over as many sub-keys as the experiment has slots. An order "
        "takes its quantity from one sub-key with a Lua script that decrements only if enough is there, in "
        "one "
        "step (Redis runs one script at a time, so no lock is held anywhere across a round trip), then "
        "writes "
        "its order row to MariaDB; a write known to have failed gives the stock back. A client routes away "
        "from sub-keys it found dry. The price is two systems and two steps: an order lost between the take "
        "and the write leaves units taken from Redis with no order, which only a reconciliation of Redis "
        "against MariaDB finds; the audit does that and counts them. A sub-key that runs dry while others "
        "still hold stock refuses orders the SKU could fill (refused w/ stock).");
}

QStringList RedisSplitStrategy::orderSql() const
{
    return { QStringLiteral("EVALSHA <take> 1 lockbench:<db>:stock:<sku>:<sub-key> qty ")
            + QCoreApplication::translate("Strategy", "-- Redis, one step:"),
        QStringLiteral("--   ") + takeScript(),
        QCoreApplication::translate("Strategy", "-- -1: try the next sub-key not known to be dry"),
        kInsertOrderSql + QLatin1Char(' ')
            + QCoreApplication::translate("Strategy", "-- MariaDB, autocommit"),
        QCoreApplication::translate("Strategy", "-- the INSERT known to have failed: %1")
            .arg(QStringLiteral("INCRBY <sub-key> qty")) };
}

bool RedisSplitStrategy::beginRun(RunEnvironment& environment, QString* error)
{
    const Experiment& e = environment.experiment();
    if (!environment.params().redis) {
        *error = QCoreApplication::translate(
            "Strategy", "redis-split needs a Redis: the lab starts its own, or give one with --redis URL");
        return false;
    }
    m_endpoint = *environment.params().redis;
    m_database = environment.params().database;
    m_skus = e.skus;
    m_subKeys = e.slotsPerSku;
    // A connection killed while it fills Redis is opened again and the filling starts over:
    // it clears what it wrote before it writes.
    constexpr int kTries = 10;
    for (int attempt = 1; attempt <= kTries; ++attempt) {
        if (!m_control.isOpen() && !m_control.open(m_endpoint, error))
            return false; // not reachable: the run says so at once
        if (fillRedisOnce(e, error))
            return true;
        if (m_control.isOpen()) // answered with an error, not lost: asking again changes nothing
            return false;
    }
    return false;
}

bool RedisSplitStrategy::fillRedisOnce(const Experiment& e, QString* error)
{
    // What an earlier run of this lab database left, then the stock spread as the slots are.
    const RedisConnection::Reply cleared = m_control.command({ QStringLiteral("EVAL"),
        QStringLiteral("local n = 0 for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) "
                       "n = n + 1 end return n"),
        QStringLiteral("0"), QStringLiteral("lockbench:%1:stock:*").arg(m_database) });
    if (!cleared.ok()) {
        *error = QCoreApplication::translate("Strategy", "cannot clear the lab's keys in Redis at %1: %2")
                     .arg(m_endpoint.describe(), cleared.text);
        return false;
    }
    const std::int64_t perSlot = e.initialStock / m_subKeys;
    const std::int64_t remainder = e.initialStock % m_subKeys;
    QStringList mset { QStringLiteral("MSET") };
    const auto flush = [&] {
        if (mset.size() == 1)
            return true;
        const RedisConnection::Reply reply = m_control.command(mset);
        mset = QStringList { QStringLiteral("MSET") };
        if (!reply.ok())
            *error = QCoreApplication::translate("Strategy", "cannot put the stock into Redis at %1: %2")
                         .arg(m_endpoint.describe(), reply.text);
        return reply.ok();
    };
    for (std::int64_t sku = 1; sku <= m_skus; ++sku) {
        for (int slot = 0; slot < m_subKeys; ++slot) {
            mset << subKey(m_database, sku, slot) << QString::number(perSlot + (slot < remainder ? 1 : 0));
            if (mset.size() > 2 * kKeysPerCommand && !flush())
                return false;
        }
    }
    if (!flush())
        return false;
    const RedisConnection::Reply loaded
        = m_control.command({ QStringLiteral("SCRIPT"), QStringLiteral("LOAD"), takeScript() });
    if (loaded.kind != RedisConnection::Reply::Kind::Text) {
        *error = QCoreApplication::translate("Strategy", "cannot load the take script into Redis at %1: %2")
                     .arg(m_endpoint.describe(), loaded.text);
        return false;
    }
    m_scriptSha = loaded.text;
    return true;
}

bool RedisSplitStrategy::attachStock(
    const Experiment& experiment, const ConnectionParams& params, QString* error)
{
    // The lab's private Redis stops with the run that started it, and its stock with it.
    if (!params.redis) {
        *error = QCoreApplication::translate(
            "Strategy", "the lab's private Redis stopped with the run, and Redis's stock with it");
        return false;
    }
    m_endpoint = *params.redis;
    m_database = params.database;
    m_skus = experiment.skus;
    m_subKeys = experiment.slotsPerSku;
    return true;
}

bool RedisSplitStrategy::readStock(QList<std::pair<std::int64_t, std::int64_t>>& stock, QString* error)
{
    // A connection killed under the read is opened again and the read starts over.
    constexpr int kTries = 10;
    for (int attempt = 1; attempt <= kTries; ++attempt) {
        if (readStockOnce(stock, error))
            return true;
        if (m_control.isOpen()) // answered with an error, not lost: asking again changes nothing
            return false;
    }
    return false;
}

bool RedisSplitStrategy::readStockOnce(QList<std::pair<std::int64_t, std::int64_t>>& stock, QString* error)
{
    stock.clear();
    if (!m_control.isOpen() && !m_control.open(m_endpoint, error))
        return false;
    QStringList mget { QStringLiteral("MGET") };
    std::int64_t sku = 1;
    std::int64_t sum = 0;
    int slotsSeen = 0;
    const auto ask = [&] {
        const RedisConnection::Reply reply = m_control.command(mget);
        if (reply.kind != RedisConnection::Reply::Kind::Array) {
            *error = QCoreApplication::translate("Strategy", "cannot read the stock from Redis at %1: %2")
                         .arg(m_endpoint.describe(), reply.text);
            return false;
        }
        for (const QString& value : reply.elements) {
            sum += value.toLongLong();
            if (++slotsSeen == m_subKeys) {
                stock.append({ sku++, sum });
                sum = 0;
                slotsSeen = 0;
            }
        }
        mget = QStringList { QStringLiteral("MGET") };
        return true;
    };
    for (std::int64_t s = 1; s <= m_skus; ++s) {
        for (int slot = 0; slot < m_subKeys; ++slot) {
            mget << subKey(m_database, s, slot);
            if (mget.size() > kKeysPerCommand && !ask())
                return false;
        }
    }
    return mget.size() == 1 || ask();
}

std::unique_ptr<OrderSession> RedisSplitStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    auto session = std::make_unique<RedisSplitSession>(
        environment, counters, m_endpoint, m_database, m_subKeys, m_scriptSha);
    if (!session->connect(error) || !session->connectRedis(error))
        return nullptr;
    return session;
}
