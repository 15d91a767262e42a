#pragma once

#include <atomic>
#include <thread>
#include <vector>

// Keeps LOCKBENCH_TEST_CPU_HOG threads spinning while it lives (ctest sets it for the tests
// declared BUSY): a fault test then runs on a machine that has less CPU than it has work, as a
// user's often does, so that the races that show only under load show here first.
class CpuHog {
public:
    CpuHog();
    ~CpuHog();
    CpuHog(const CpuHog&) = delete;
    CpuHog& operator=(const CpuHog&) = delete;

private:
    std::atomic<bool> m_stop { false };
    std::vector<std::thread> m_threads;
};
