#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>

// Where a Redis server listens: a unix socket, or a host and port, with an optional password.
struct RedisEndpoint {
    Q_DECLARE_TR_FUNCTIONS(RedisEndpoint)

public:
    QString socket; // set for a unix socket; host and port are then unused
    QString host = QStringLiteral("127.0.0.1");
    int port = 6379;
    QString password;

    // redis://[:password@]host[:port] or unix:///path/to/redis.sock; nullopt with `error` set.
    static std::optional<RedisEndpoint> fromUrl(const QString& url, QString* error);
    // For messages: the socket or host:port, never the password.
    QString describe() const;
};
