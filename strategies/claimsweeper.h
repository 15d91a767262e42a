#pragma once

#include "strategies/runenvironment.h"

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <thread>

// claim-update's sweeper: a thread of its own, with a connection of its own, that gives back
// (status pending, no owner) every claim older than the experiment's claim timeout, four times
// per timeout, counting the tasks it released. Started on construction, stopped on destruction.
class ClaimSweeper {
    Q_DECLARE_TR_FUNCTIONS(ClaimSweeper)
public:
    ClaimSweeper(RunEnvironment& environment, WorkerCounters& counters);
    ~ClaimSweeper();
    ClaimSweeper(const ClaimSweeper&) = delete;
    ClaimSweeper& operator=(const ClaimSweeper&) = delete;

private:
    void loop();
    void sweep(DatabaseConnection& connection);

    RunEnvironment& m_environment;
    WorkerCounters& m_counters;
    std::atomic<bool> m_stop { false };
    std::thread m_thread;
};
