#include "tests/support/hangwatchdog.h"

#include <QByteArray>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

HangWatchdog::HangWatchdog()
{
    const int seconds = qEnvironmentVariableIntValue("LOCKBENCH_TEST_WATCHDOG_S");
    if (seconds <= 0)
        return;
    m_thread = std::thread([this, seconds] {
        std::unique_lock lock(m_mutex);
        if (m_finished.wait_for(lock, std::chrono::seconds(seconds), [this] { return m_done; }))
            return;
        std::fprintf(
            stderr, "HangWatchdog: still running after %d s; the stacks of every thread follow\n", seconds);
        std::fflush(stderr);
        const std::string gdb = "gdb -p " + std::to_string(::getpid())
            + " -batch -nx -ex 'set pagination off' -ex 'thread apply all bt' 1>&2 2>/dev/null";
        if (std::system(gdb.c_str()) != 0)
            std::fprintf(stderr, "HangWatchdog: gdb could not print the stacks\n");
        std::abort();
    });
}

HangWatchdog::~HangWatchdog()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_done = true;
    }
    m_finished.notify_all();
    m_thread.join();
}
