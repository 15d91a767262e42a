#include "app/db/iodeadline.h"

IoDeadline::IoDeadline(std::chrono::milliseconds limit, std::function<void()> abort)
    : m_limit(limit)
{
    m_thread = std::thread([this, abort = std::move(abort)] {
        std::unique_lock lock(m_mutex);
        if (m_finished.wait_for(lock, m_limit, [this] { return m_done; }))
            return;
        m_expired = true;
        lock.unlock();
        abort();
    });
}

IoDeadline::~IoDeadline()
{
    {
        std::lock_guard lock(m_mutex);
        m_done = true;
    }
    m_finished.notify_all();
    m_thread.join();
}

bool IoDeadline::expired() const
{
    std::lock_guard lock(m_mutex);
    return m_expired;
}
