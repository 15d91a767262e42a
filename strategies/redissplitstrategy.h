#pragma once

#include "app/db/redisconnection.h"
#include "strategies/strategy.h"

#include <memory>

// The articles' answer for hot items: each SKU's stock split over N Redis sub-keys (the
// experiment's slots). An order takes its quantity from one sub-key with a Lua script that
// decrements only if enough is there, in one step, then writes its order row to MariaDB; a
// write known to have failed gives the stock back. Clients route away from sub-keys they found
// dry. The audit reads Redis's remaining stock beside MariaDB's orders: units taken from Redis
// with no order row (a crash between the two steps) are counted, never hidden.
class RedisSplitStrategy : public Strategy {
public:
    RedisSplitStrategy();
    ~RedisSplitStrategy() override;

    QString id() const override { return QStringLiteral("redis-split"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Redis sub-keys in front of MariaDB");
    }
    QString explanation() const override;
    StockLayout layout() const override { return StockLayout::Redis; }
    QStringList orderSql() const override;
    QStringList ownFields() const override { return { QStringLiteral("slots") }; }
    bool beginRun(RunEnvironment& environment, QString* error) override;
    bool readStock(QList<std::pair<std::int64_t, std::int64_t>>& stock, QString* error) override;
    bool attachStock(const Experiment& experiment, const ConnectionParams& params, QString* error) override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;

    // The key of one sub-key of a SKU, under the lab's database name so that labs sharing a
    // Redis keep apart.
    static QString subKey(const QString& database, std::int64_t sku, int slot);
    static QString takeScript();

private:
    bool readStockOnce(QList<std::pair<std::int64_t, std::int64_t>>& stock, QString* error);
    bool fillRedisOnce(const Experiment& e, QString* error); // keys cleared, stock set, script loaded

    RedisConnection m_control; // the run's thread: seeding and the audit's reads
    RedisEndpoint m_endpoint;
    QString m_database;
    std::int64_t m_skus = 0;
    int m_subKeys = 0;
    QString m_scriptSha;
};
