#include "app/server/serverheartbeat.h"

ServerHeartbeat::ServerHeartbeat(ConnectionParams params)
    : m_params(std::move(params))
{
    // Short enough to notice a lost server within about a second, long enough not to
    // mistake a busy one for a dead one.
    m_connection.setTimeouts(1, 2);
}

bool ServerHeartbeat::alive(QString* why)
{
    if (m_connection.isOpen() && m_connection.ping())
        return true;
    if (m_connection.open(m_params, false))
        return true;
    *why = m_connection.lastError().toString();
    return false;
}
