#include "app/server/embeddedredis.h"

#include "app/db/redisconnection.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <csignal>

namespace {

constexpr int kRedisStartUpMs = 20000;
constexpr int kRedisShutdownMs = 10000;

} // namespace

EmbeddedRedis::~EmbeddedRedis()
{
    stop();
}

QString EmbeddedRedis::findBinary()
{
    // Debian's redis-server is a name for the binary of redis-tools, which is the server under
    // any name but its checkers' ("redis-check-rdb"): redis-tools alone brings no service.
    // PATH first, then where Debian puts them.
    for (const QStringList& folders :
        { QStringList(), { QStringLiteral("/usr/bin"), QStringLiteral("/usr/sbin") } }) {
        for (const char* name : { "redis-server", "redis-check-rdb" }) {
            if (QString path = QStandardPaths::findExecutable(QLatin1String(name), folders); !path.isEmpty())
                return path;
        }
    }
    return {};
}

bool EmbeddedRedis::start(QString* error)
{
    if (isRunning())
        return true;
    const QString binary = findBinary();
    if (binary.isEmpty()) {
        *error = tr("no Redis server found (redis-server); install the redis-tools package, or give one "
                    "with --redis URL");
        return false;
    }
    m_directory
        = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/lockbench-redis-XXXXXX"));
    if (!m_directory->isValid()) {
        *error = tr("cannot create a private directory for Redis in %1").arg(QDir::tempPath());
        return false;
    }
    const QString dir = m_directory->path();
    // No TCP port and no persistence: the stock it holds lives as long as the run, and the
    // reconciliation with MariaDB is what a lost Redis is checked by.
    ChildProcess::Launch launch;
    launch.program = binary;
    if (!QFileInfo(binary).fileName().startsWith(QLatin1String("redis-server"))) {
        // Called by its checker's name, the binary checks a file: a link names it the server.
        launch.program = dir + QStringLiteral("/redis-server");
        if (!QFile::link(binary, launch.program)) {
            *error = tr("cannot link %1 into %2").arg(binary, dir);
            return false;
        }
    }
    launch.arguments = { QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--unixsocket"),
        dir + QStringLiteral("/redis.sock"), QStringLiteral("--unixsocketperm"), QStringLiteral("700"),
        QStringLiteral("--save"), QString(), QStringLiteral("--appendonly"), QStringLiteral("no"),
        QStringLiteral("--dir"), dir, QStringLiteral("--logfile"), dir + QStringLiteral("/redis.log"),
        QStringLiteral("--daemonize"), QStringLiteral("no") };
    if (!m_process.start(launch, error))
        return false;
    if (!waitUntilReady(error)) {
        stop();
        return false;
    }
    return true;
}

bool EmbeddedRedis::waitUntilReady(QString* error)
{
    QString lastError;
    const auto answers = [&] {
        RedisConnection probe;
        if (!probe.open(endpoint(), &lastError))
            return false;
        const RedisConnection::Reply info
            = probe.command({ QStringLiteral("INFO"), QStringLiteral("server") });
        const qsizetype at = info.text.indexOf(QLatin1String("redis_version:"));
        if (at >= 0)
            m_version = info.text.mid(at + 14).section(QLatin1Char('\r'), 0, 0).trimmed();
        return true;
    };
    switch (m_process.waitUntil(answers, kRedisStartUpMs)) {
    case ChildProcess::Ready::Answered:
        return true;
    case ChildProcess::Ready::Exited: {
        QFile log(m_directory->path() + QStringLiteral("/redis.log"));
        const QString tail
            = log.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(log.readAll()).right(2000) : QString();
        *error = tr("the embedded Redis exited during start-up (code %1): %2")
                     .arg(m_process.exitCode())
                     .arg(tail);
        return false;
    }
    case ChildProcess::Ready::TimedOut:
        break;
    }
    *error
        = tr("the embedded Redis did not answer within %1 s: %2").arg(kRedisStartUpMs / 1000).arg(lastError);
    return false;
}

void EmbeddedRedis::stop()
{
    m_process.stop({ { SIGTERM, kRedisShutdownMs } });
    m_directory.reset();
}

bool EmbeddedRedis::isRunning() const
{
    return m_process.isRunning();
}

RedisEndpoint EmbeddedRedis::endpoint() const
{
    RedisEndpoint endpoint;
    if (m_directory)
        endpoint.socket = m_directory->path() + QStringLiteral("/redis.sock");
    return endpoint;
}
