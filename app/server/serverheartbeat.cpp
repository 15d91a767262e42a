#include "app/server/serverheartbeat.h"

#include "app/core/errorclass.h"

#include <QElapsedTimer>
#include <QFile>

#include <csignal>

namespace {

// Connect and read timeouts: a silent server is noticed within about a second, and a busy one
// is not mistaken for a silent one.
constexpr int kTimeoutS = 1;
constexpr qint64 kTimeoutMs = 900;

// The process is gone: no such process, or a zombie its parent has not reaped yet.
bool processGone(qint64 pid)
{
    if (::kill(static_cast<pid_t>(pid), 0) != 0)
        return true;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype afterName = text.lastIndexOf(')');
    const char state = afterName >= 0 && afterName + 2 < text.size() ? text.at(afterName + 2) : '?';
    return state == 'Z' || state == 'X';
}

} // namespace

ServerHeartbeat::ServerHeartbeat(ConnectionParams params)
    : m_params(std::move(params))
    , m_outsidePool(m_params.outsideThreadPool())
{
    m_connection.setTimeouts(kTimeoutS, kTimeoutS);
}

ServerHeartbeat::Health ServerHeartbeat::check(QString* why)
{
    QElapsedTimer pingClock;
    pingClock.start();
    if (m_connection.isOpen() && m_connection.ping())
        return Health::Answering;
    // A ping that ran into its timeout met a silent server; one that failed at once met a
    // killed connection, and a fresh one tells whether the server is there.
    if (m_connection.isOpen() && pingClock.elapsed() >= kTimeoutMs) {
        *why = m_connection.lastError().toString();
        m_connection.close();
        return Health::Silent;
    }
    if (reopen())
        return Health::Answering;
    const DatabaseError refused = m_connection.lastError();
    *why = refused.toString();
    m_connection.close();
    // Refused (a password changed, a privilege revoked, every connection taken): the server
    // answered, and is there; the clients meet the refusal and say why.
    if (isServersAnswer(refused.code))
        return Health::Answering;
    // The lab's own server: a process that is gone will not come back by itself.
    if (m_params.embeddedPid > 0 && processGone(m_params.embeddedPid))
        return Health::Gone;
    return Health::Silent;
}

bool ServerHeartbeat::reopen()
{
    if (m_connection.open(m_outsidePool, false))
        return true;
    // A server that refuses the extra port (its few connections taken) answers all the same;
    // the heartbeat then joins the clients in the pool.
    if (!isServersAnswer(m_connection.lastError().code) || m_params.extraPort == 0
        || m_outsidePool.port != m_params.extraPort)
        return false;
    m_outsidePool = m_params;
    return m_connection.open(m_params, false);
}
