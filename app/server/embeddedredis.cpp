#include "app/server/embeddedredis.h"

#include "app/db/redisconnection.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>

namespace {

constexpr int kRedisProcessStartMs = 5000;
constexpr int kRedisStartUpMs = 20000;
constexpr int kRedisShutdownMs = 10000;
constexpr int kRedisKilledProcessMs = 5000;

} // namespace

EmbeddedRedis::~EmbeddedRedis()
{
    stop();
}

QString EmbeddedRedis::findBinary()
{
    QString path = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(
            QStringLiteral("redis-server"), { QStringLiteral("/usr/bin"), QStringLiteral("/usr/sbin") });
    return path;
}

bool EmbeddedRedis::start(QString* error)
{
    if (isRunning())
        return true;
    const QString binary = findBinary();
    if (binary.isEmpty()) {
        *error = tr("no Redis server found (redis-server); install the redis-server package, or give one "
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
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(binary);
    // No TCP port and no persistence: the stock it holds lives as long as the run, and the
    // reconciliation with MariaDB is what a lost Redis is checked by.
    m_process->setArguments({ QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--unixsocket"),
        dir + QStringLiteral("/redis.sock"), QStringLiteral("--unixsocketperm"), QStringLiteral("700"),
        QStringLiteral("--save"), QString(), QStringLiteral("--appendonly"), QStringLiteral("no"),
        QStringLiteral("--dir"), dir, QStringLiteral("--logfile"), dir + QStringLiteral("/redis.log"),
        QStringLiteral("--daemonize"), QStringLiteral("no") });
    m_process->setStandardOutputFile(QProcess::nullDevice());
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    m_process->start();
    if (!m_process->waitForStarted(kRedisProcessStartMs)) {
        *error = tr("cannot start %1: %2").arg(binary, m_process->errorString());
        m_process.reset();
        return false;
    }
    if (!waitUntilReady(error)) {
        stop();
        return false;
    }
    return true;
}

bool EmbeddedRedis::waitUntilReady(QString* error)
{
    QElapsedTimer clock;
    clock.start();
    QString lastError;
    while (clock.elapsed() < kRedisStartUpMs) {
        if (m_process->waitForFinished(50) || m_process->state() == QProcess::NotRunning) {
            QFile log(m_directory->path() + QStringLiteral("/redis.log"));
            const QString tail = log.open(QIODevice::ReadOnly)
                ? QString::fromLocal8Bit(log.readAll()).right(2000)
                : QString();
            *error = tr("the embedded Redis exited during start-up (code %1): %2")
                         .arg(m_process->exitCode())
                         .arg(tail);
            return false;
        }
        RedisConnection probe;
        if (probe.open(endpoint(), &lastError)) {
            const RedisConnection::Reply info
                = probe.command({ QStringLiteral("INFO"), QStringLiteral("server") });
            const qsizetype at = info.text.indexOf(QLatin1String("redis_version:"));
            if (at >= 0)
                m_version = info.text.mid(at + 14).section(QLatin1Char('\r'), 0, 0).trimmed();
            return true;
        }
    }
    *error
        = tr("the embedded Redis did not answer within %1 s: %2").arg(kRedisStartUpMs / 1000).arg(lastError);
    return false;
}

void EmbeddedRedis::stop()
{
    if (m_process) {
        if (m_process->state() != QProcess::NotRunning) {
            m_process->terminate();
            ::kill(static_cast<pid_t>(m_process->processId()), SIGCONT); // a paused one must see the SIGTERM
            if (!m_process->waitForFinished(kRedisShutdownMs)) {
                m_process->kill();
                m_process->waitForFinished(kRedisKilledProcessMs);
            }
        }
        m_process.reset();
    }
    m_directory.reset();
}

bool EmbeddedRedis::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running && !m_process->waitForFinished(0);
}

RedisEndpoint EmbeddedRedis::endpoint() const
{
    RedisEndpoint endpoint;
    if (m_directory)
        endpoint.socket = m_directory->path() + QStringLiteral("/redis.sock");
    return endpoint;
}
