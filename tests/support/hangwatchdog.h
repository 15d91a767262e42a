#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>

// Ends a test that has run past LOCKBENCH_TEST_WATCHDOG_S seconds (set a little below its
// ctest timeout), after printing every thread's stack through gdb when there is one: a hang
// on another machine then leaves its cause in the log, not a bare "Timeout".
class HangWatchdog {
public:
    HangWatchdog();
    ~HangWatchdog();
    HangWatchdog(const HangWatchdog&) = delete;
    HangWatchdog& operator=(const HangWatchdog&) = delete;

private:
    std::mutex m_mutex;
    std::condition_variable m_finished;
    bool m_done = false;
    std::thread m_thread;
};
