#include "tests/support/cpuhog.h"

#include <QtGlobal>

#include <cstdio>

CpuHog::CpuHog()
{
    const int threads = qEnvironmentVariableIntValue("LOCKBENCH_TEST_CPU_HOG");
    if (threads > 0)
        std::fprintf(stderr, "CpuHog: %d threads spin beside the test\n", threads);
    for (int i = 0; i < threads; ++i) {
        m_threads.emplace_back([this] {
            std::uint64_t spins = 0;
            while (!m_stop.load(std::memory_order_relaxed))
                ++spins;
            return spins;
        });
    }
}

CpuHog::~CpuHog()
{
    m_stop.store(true);
    for (std::thread& thread : m_threads)
        thread.join();
}
