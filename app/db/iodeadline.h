#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

// A limit on how long some work may wait for a server: once it has passed, `abort` runs on a
// thread of its own (it shuts the work's connections down, and their blocked reads return).
// QPSQL's libpq has no read timeout, and a paused server keeps its connections open: without
// this, work on such a server would wait as long as the server stays paused.
class IoDeadline {
public:
    IoDeadline(std::chrono::milliseconds limit, std::function<void()> abort);
    ~IoDeadline();
    IoDeadline(const IoDeadline&) = delete;
    IoDeadline& operator=(const IoDeadline&) = delete;

    bool expired() const;
    std::chrono::milliseconds limit() const { return m_limit; }

private:
    const std::chrono::milliseconds m_limit;
    mutable std::mutex m_mutex;
    std::condition_variable m_finished;
    bool m_done = false;
    bool m_expired = false;
    std::thread m_thread;
};
