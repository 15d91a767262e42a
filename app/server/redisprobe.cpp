#include "app/server/redisprobe.h"

#include <QStringList>

namespace {

// "cmdstat_evalsha:calls=12,usec=340,usec_per_call=28.33,..." → the calls and usec fields.
std::pair<std::int64_t, std::int64_t> callsAndUsec(const QString& fields)
{
    std::int64_t calls = 0, usec = 0;
    for (const QString& field : fields.split(QLatin1Char(','))) {
        if (field.startsWith(QLatin1String("calls=")))
            calls = field.mid(6).toLongLong();
        else if (field.startsWith(QLatin1String("usec=")))
            usec = field.mid(5).toLongLong();
    }
    return { calls, usec };
}

} // namespace

std::optional<RedisStats> RedisStats::fromInfo(const QString& info)
{
    RedisStats stats;
    bool counted = false;
    std::int64_t infoCalls = 0;
    for (const QString& rawLine : info.split(QLatin1Char('\n'))) {
        const QString line = rawLine.trimmed();
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon < 0 || line.startsWith(QLatin1Char('#')))
            continue;
        const QString name = line.left(colon);
        const QString value = line.mid(colon + 1);
        if (name == QLatin1String("total_commands_processed")) {
            stats.commands = value.toLongLong(&counted);
        } else if (name == QLatin1String("cmdstat_info")) {
            infoCalls = callsAndUsec(value).first;
        } else if (name == QLatin1String("cmdstat_evalsha") || name == QLatin1String("cmdstat_eval")) {
            const auto [calls, usec] = callsAndUsec(value);
            stats.scriptCalls += calls;
            stats.scriptUsec += usec;
        }
    }
    if (!counted)
        return std::nullopt;
    // Earlier INFO calls (this probe's and anyone's) are left out; the one replying is not
    // counted until it has run.
    stats.commands -= infoCalls;
    return stats;
}

RedisProbe::RedisProbe(RedisEndpoint endpoint)
    : m_endpoint(std::move(endpoint))
{
}

std::optional<RedisStats> RedisProbe::read(QString* error)
{
    if (!m_connection.isOpen() && !m_connection.open(m_endpoint, error))
        return std::nullopt;
    const RedisConnection::Reply reply = m_connection.command(
        { QStringLiteral("INFO"), QStringLiteral("stats"), QStringLiteral("commandstats") });
    if (!reply.ok()) {
        *error = tr("cannot read Redis's INFO: %1").arg(reply.text);
        return std::nullopt;
    }
    std::optional<RedisStats> stats = RedisStats::fromInfo(reply.text);
    if (!stats)
        *error = tr("Redis's INFO carried no total_commands_processed");
    return stats;
}
