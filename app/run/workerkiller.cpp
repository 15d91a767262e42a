#include "app/run/workerkiller.h"

#include "app/run/serverkill.h"
#include "strategies/runenvironment.h"

#include <QCoreApplication>

WorkerKiller::WorkerKiller(QSqlDatabase control, RunEnvironment& environment)
    : m_control(std::move(control))
    , m_environment(environment)
    , m_everyMs(environment.experiment().killWorkersEveryMs)
    , m_nextMs(m_everyMs)
    , m_rng(environment.experiment().seed * 7919ULL)
{
}

void WorkerKiller::tick(std::int64_t elapsedMs)
{
    if (m_everyMs <= 0 || elapsedMs < m_nextMs)
        return;
    m_nextMs += m_everyMs;
    if (m_nextMs <= elapsedMs)
        m_nextMs = elapsedMs + m_everyMs;
    const std::vector<unsigned long> live = m_environment.liveClientConnections();
    if (live.empty())
        return;
    const unsigned long victim = live[std::uniform_int_distribution<std::size_t>(0, live.size() - 1)(m_rng)];
    // Marked first: from this instant the ledger no longer counts the victim as holding anything.
    m_environment.markConnectionKilled(victim);
    DatabaseError error;
    const ServerKill::Outcome outcome
        = ServerKill::send(m_control, ServerKill::What::Connection, victim, &error);
    if (outcome == ServerKill::Outcome::Done)
        ++m_killed;
    else if (outcome == ServerKill::Outcome::Failed)
        m_environment.errors().report(
            error, QCoreApplication::translate("WorkerKiller", "killing a worker's connection"));
}
