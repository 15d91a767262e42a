#pragma once

#include "app/db/redisendpoint.h"
#include "app/server/childprocess.h"

#include <QCoreApplication>
#include <QString>
#include <QTemporaryDir>

#include <memory>

// The lab's private Redis (Debian's redis-server), beside the embedded MariaDB: a unix socket
// in a private directory, no TCP port, nothing saved to disk. Stopped when this object dies,
// and (ChildProcess) when the lab process dies abruptly. Started and stopped from one
// long-lived thread.
class EmbeddedRedis {
    Q_DECLARE_TR_FUNCTIONS(EmbeddedRedis)

public:
    EmbeddedRedis() = default;
    ~EmbeddedRedis();
    EmbeddedRedis(const EmbeddedRedis&) = delete;
    EmbeddedRedis& operator=(const EmbeddedRedis&) = delete;

    bool start(QString* error);
    void stop();
    bool isRunning() const;

    RedisEndpoint endpoint() const;
    qint64 pid() const { return m_process.pid(); }
    QString version() const { return m_version; }
    static QString findBinary();

private:
    bool waitUntilReady(QString* error);

    std::unique_ptr<QTemporaryDir> m_directory;
    ChildProcess m_process;
    QString m_version;
};
