#pragma once

#include "app/db/redisconnection.h"
#include "app/db/redisendpoint.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <optional>

// Redis's own figures, cumulative since it started, as INFO reports them.
struct RedisStats {
    // Commands Redis executed, a script's own calls (GET, DECRBY) included, the probe's INFO not.
    std::int64_t commands = 0;
    std::int64_t scriptCalls = 0; // EVALSHA and EVAL, each counted once
    std::int64_t scriptUsec = 0; // time Redis spent inside them, their own calls included

    // Parses the text of `INFO stats commandstats`; nullopt when it holds no command count.
    static std::optional<RedisStats> fromInfo(const QString& info);
};

// Reads RedisStats over a connection of its own, opened on the first read; owned by the
// thread that reads (the run's control thread).
class RedisProbe {
    Q_DECLARE_TR_FUNCTIONS(RedisProbe)

public:
    explicit RedisProbe(RedisEndpoint endpoint);
    std::optional<RedisStats> read(QString* error);

private:
    RedisEndpoint m_endpoint;
    RedisConnection m_connection;
};
