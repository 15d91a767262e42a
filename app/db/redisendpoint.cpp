#include "app/db/redisendpoint.h"

#include <QUrl>

std::optional<RedisEndpoint> RedisEndpoint::fromUrl(const QString& text, QString* error)
{
    const QUrl url(text, QUrl::StrictMode);
    RedisEndpoint endpoint;
    if (url.scheme() == QLatin1String("unix") && !url.path().isEmpty() && url.host().isEmpty()) {
        endpoint.socket = url.path();
        return endpoint;
    }
    if (url.scheme() != QLatin1String("redis") || url.host().isEmpty()) {
        *error
            = tr("a Redis server is given as redis://[:password@]host[:port] or unix:///path/to/redis.sock");
        return std::nullopt;
    }
    if (!url.path().isEmpty() && url.path() != QLatin1String("/")) {
        *error = tr("the lab keeps its keys in Redis database 0: leave the path out of the URL");
        return std::nullopt;
    }
    endpoint.host = url.host();
    endpoint.port = url.port(6379);
    if (endpoint.port < 1 || endpoint.port > 65535) {
        *error = tr("the port must be between 1 and 65535");
        return std::nullopt;
    }
    endpoint.password = url.password();
    return endpoint;
}

QString RedisEndpoint::describe() const
{
    return socket.isEmpty() ? QStringLiteral("redis://%1:%2").arg(host).arg(port)
                            : QStringLiteral("unix://") + socket;
}
