#include "app/run/clientdrain.h"

#include "app/db/sqldialect.h"

#include "app/run/serverkill.h"
#include "strategies/runenvironment.h"

#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <vector>

namespace {

constexpr qint64 kSayEveryMs = 1000;
constexpr qint64 kEndEveryMs = 250;

} // namespace

ClientDrain::ClientDrain(RunEnvironment& environment, const std::atomic<bool>* stopNow, QSqlDatabase control,
    std::function<void(const QString&)> say)
    : m_environment(environment)
    , m_stopNow(stopNow)
    , m_control(std::move(control))
    , m_say(std::move(say))
    , m_saidAtMs(200 - kSayEveryMs) // the first count once the clients have taken 0.2 s
    , m_endedAtMs(-kEndEveryMs)
{
    m_clock.start();
}

void ClientDrain::look(int underWay)
{
    const bool now = m_stopNow && m_stopNow->load();
    if (now) {
        m_environment.requestStopNow();
        if (m_environment.params().nodeCount() > 1) {
            // Connection ids are each node's own: the control connection cannot tell a client's.
            if (!m_saidCluster)
                m_say(tr("stopping now: on a cluster the orders under way are waited for, not cancelled"));
            m_saidCluster = true;
        } else if (m_clock.elapsed() - m_endedAtMs >= kEndEveryMs && !m_environment.serverSilent()
            && !m_environment.serverLost()) {
            m_endedAtMs = m_clock.elapsed();
            endStatements();
        }
    }
    if (m_clock.elapsed() - m_saidAtMs >= kSayEveryMs || now != m_saidNow) { // Stop now is said at once
        m_saidNow = now;
        m_saidAtMs = m_clock.elapsed();
        m_say(now
                ? tr("stopping now: cancelling the orders still waiting, %n under way", nullptr, underWay)
                : tr("stopping: %n orders still under way; stopping again cancels them", nullptr, underWay));
    }
}

void ClientDrain::endStatements()
{
    std::vector<unsigned long> clients = m_environment.liveClientConnections();
    std::sort(clients.begin(), clients.end());
    QSqlQuery busy(m_control);
    if (!busy.exec(SqlDialect::of(m_environment.params().isPostgres()).busyConnections())) {
        m_environment.errors().report(
            { busy.lastError().nativeErrorCode().toUInt(), busy.lastError().databaseText() },
            tr("finding the statements to end"));
        return;
    }
    std::vector<unsigned long> toEnd;
    while (busy.next()) {
        const unsigned long id = busy.value(0).toULongLong();
        if (std::binary_search(clients.begin(), clients.end(), id))
            toEnd.push_back(id);
    }
    for (const unsigned long id : toEnd) {
        DatabaseError error;
        const ServerKill::Outcome outcome
            = ServerKill::send(m_control, ServerKill::What::Statement, id, &error);
        if (outcome == ServerKill::Outcome::Done) {
            ++m_ended;
        } else if (outcome == ServerKill::Outcome::Failed) {
            m_environment.errors().report(error, tr("ending a statement on Stop now"));
            return;
        }
    }
}
