#pragma once

#include <QSqlDatabase>

#include <cstdint>
#include <random>

class RunEnvironment;

// Kills one client's connection (KILL CONNECTION) at every interval of the experiment's
// --kill-workers-every, picked at random among the live ones: a worker dying mid-batch, on
// purpose. The client sees a lost connection and carries on with a new one, as a restarted
// worker would; what its old connection held is what the strategy must not lose.
class WorkerKiller {
public:
    WorkerKiller(QSqlDatabase control, RunEnvironment& environment);

    // Called from the run's loop; kills when the next interval has come.
    void tick(std::int64_t elapsedMs);
    long long killed() const { return m_killed; }

private:
    QSqlDatabase m_control;
    RunEnvironment& m_environment;
    std::int64_t m_everyMs;
    std::int64_t m_nextMs;
    std::mt19937_64 m_rng;
    long long m_killed = 0;
};
