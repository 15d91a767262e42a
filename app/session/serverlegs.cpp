#include "app/session/serverlegs.h"

#include "app/session/labserver.h"

ServerLegs::ServerLegs(LabServer* server, QObject* parent)
    : QObject(parent)
    , m_server(server)
{
    connect(m_server, &LabServer::prepared, this, &ServerLegs::prepared);
}

void ServerLegs::begin(const QList<ServerChoice>& servers)
{
    m_next = servers;
    m_before = m_server->choice();
    advance();
}

bool ServerLegs::advance()
{
    if (m_next.isEmpty())
        return false;
    // Waiting before choosing: the switch tells the window, which must see a run still going and
    // leave the server alone. Choosing the lab's other server stops the one that ran and starts
    // it; prepare() answers once it runs (for a URL, once its check passed), from the event loop.
    m_waiting = true;
    m_server->choose(m_next.takeFirst());
    m_server->prepare();
    return true;
}

void ServerLegs::cancel()
{
    m_next.clear();
    m_waiting = false;
}

void ServerLegs::finish()
{
    cancel();
    if (m_before)
        m_server->choose(*std::exchange(m_before, std::nullopt));
}

void ServerLegs::prepared(bool ok, const QString& message)
{
    if (!m_waiting)
        return; // a person's Test, or a run's own check
    m_waiting = false;
    if (ok)
        emit ready();
    else {
        m_next.clear();
        emit failed(message);
    }
}
