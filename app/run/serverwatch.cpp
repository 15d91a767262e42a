#include "app/run/serverwatch.h"

#include "app/server/serverheartbeat.h"

#include <chrono>
#include <memory>

namespace {

// How often the watch asks whether the server is still there.
constexpr auto kLookEvery = std::chrono::milliseconds(200);
// How often a silence is said while it lasts.
constexpr std::int64_t kSayEveryMs = 1000;

} // namespace

ServerWatch::ServerWatch(
    ConnectionParams params, std::int64_t waitMs, Say say, std::function<void()> onSilence)
    : m_params(std::move(params))
    , m_waitMs(waitMs)
    , m_say(std::move(say))
    , m_onSilence(std::move(onSilence))
{
}

ServerWatch::~ServerWatch()
{
    m_stop.store(true);
    {
        // A look blocked on a silent server would hold the run's end for its timeout.
        std::lock_guard lock(m_mutex);
        if (m_heartbeat)
            m_heartbeat->abortFromAnyThread();
    }
    if (m_thread.joinable())
        m_thread.join();
}

void ServerWatch::start()
{
    m_clock.start();
    m_thread = std::thread([this] { watch(); });
}

bool ServerWatch::lost(QString* why) const
{
    if (!m_lost.load())
        return false;
    std::lock_guard lock(m_mutex);
    *why = m_lostBecause;
    return true;
}

void ServerWatch::watch()
{
    ServerHeartbeat heartbeat(m_params);
    {
        std::lock_guard lock(m_mutex);
        m_heartbeat = &heartbeat;
    }
    const std::unique_ptr<void, std::function<void(void*)>> forget(this, [this](void*) {
        std::lock_guard lock(m_mutex);
        m_heartbeat = nullptr;
    });
    std::int64_t nextSayMs = 0;
    std::int64_t lastAnswerMs = 0; // a silence is counted from the last answer heard
    while (!m_stop.load() && !m_lost.load()) {
        QString why;
        const ServerHeartbeat::Health health = heartbeat.check(&why);
        const std::int64_t now = m_clock.elapsed();
        const std::int64_t since = m_silentSinceMs.load();
        if (health == ServerHeartbeat::Health::Answering) {
            if (since >= 0)
                m_say(tr("the server answers again after %1 s")
                          .arg(static_cast<double>(now - since) / 1000.0, 0, 'f', 1));
            m_silentSinceMs.store(-1);
            lastAnswerMs = now;
        } else {
            const std::int64_t silentSince = since >= 0 ? since : lastAnswerMs;
            m_silentSinceMs.store(silentSince);
            if (since < 0)
                m_onSilence();
            const double silentS = static_cast<double>(now - silentSince) / 1000.0;
            if (health == ServerHeartbeat::Health::Gone || now - silentSince >= m_waitMs) {
                std::lock_guard lock(m_mutex);
                m_lostBecause = health == ServerHeartbeat::Health::Gone
                    ? why
                    : tr("no answer for %1 s: %2").arg(silentS, 0, 'f', 0).arg(why);
                m_lost.store(true);
                break;
            }
            if (since < 0 || now >= nextSayMs) {
                m_say(tr("the server is not answering for %1 s (%2); waiting up to %3 s")
                          .arg(silentS, 0, 'f', 0)
                          .arg(why)
                          .arg(static_cast<double>(m_waitMs) / 1000.0, 0, 'f', 0));
                nextSayMs = now + kSayEveryMs;
            }
        }
        std::this_thread::sleep_for(kLookEvery);
    }
}
