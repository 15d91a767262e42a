#include "strategies/claimsweeper.h"

#include "strategies/claimsql.h"

#include <algorithm>
#include <chrono>

namespace {

constexpr auto kStep = std::chrono::milliseconds(10);

} // namespace

ClaimSweeper::ClaimSweeper(RunEnvironment& environment, WorkerCounters& counters)
    : m_environment(environment)
    , m_counters(counters)
    , m_thread([this] { loop(); })
{
}

ClaimSweeper::~ClaimSweeper()
{
    m_stop.store(true);
    m_thread.join();
}

void ClaimSweeper::loop()
{
    DatabaseConnection connection; // this thread's own, opened and closed here
    // Registered so that a run given up on a silent server ends the sweep it waits on.
    m_environment.registerConnection(&connection);
    const auto every = std::chrono::milliseconds(
        std::max<std::int64_t>(m_environment.experiment().claimTimeoutMs / 4, 10));
    auto next = std::chrono::steady_clock::now() + every;
    while (!m_stop.load()) {
        std::this_thread::sleep_for(kStep);
        if (std::chrono::steady_clock::now() < next)
            continue;
        next += every;
        if (m_environment.serverSilent() || m_environment.serverLost())
            continue;
        sweep(connection);
    }
    m_environment.unregisterConnection(&connection);
}

void ClaimSweeper::sweep(DatabaseConnection& connection)
{
    if (!connection.isOpen() && !connection.open(m_environment.params())) {
        m_environment.errors().report(connection.lastError(), tr("claim sweeper: cannot connect"));
        return;
    }
    const std::int64_t timeoutUs = m_environment.experiment().claimTimeoutMs * 1000;
    QString sql = ClaimSql::releaseStale(m_environment.params().isPostgres());
    sql.replace(QLatin1Char('?'), QString::number(timeoutUs));
    if (!connection.execute(sql)) {
        if (connection.lastError().errorClass() == ErrorClass::ConnectionLost)
            connection.close(); // killed or restarted: a new connection next time
        else
            m_environment.errors().report(connection.lastError(), tr("claim sweeper"));
        return;
    }
    m_counters.add(ClientCount::TasksReleased, static_cast<std::int64_t>(connection.affectedRows()));
}
