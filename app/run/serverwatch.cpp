#include "app/run/serverwatch.h"

#include "app/server/serverliveness.h"

namespace {

// How often a silence is said while it lasts.
constexpr std::int64_t kSayEveryMs = 1000;

} // namespace

ServerWatch::ServerWatch(std::shared_ptr<ServerLiveness> liveness, const ConnectionParams& params,
    std::int64_t waitMs, Say say, std::function<void()> onSilence)
    : m_liveness(liveness ? liveness : std::make_shared<ServerLiveness>(params))
    , m_ownLiveness(!liveness)
    , m_waitMs(waitMs)
    , m_say(std::move(say))
    , m_onSilence(std::move(onSilence))
{
}

ServerWatch::~ServerWatch()
{
    if (m_listener != 0)
        m_liveness->forget(m_listener);
}

void ServerWatch::start()
{
    m_lastAnswerMs = m_liveness->nowMs();
    m_listener = m_liveness->listen([this](const ServerLiveness::Look& look) { heard(look); });
    if (m_ownLiveness)
        m_liveness->start();
}

bool ServerWatch::lost(QString* why) const
{
    if (!m_lost.load())
        return false;
    std::lock_guard lock(m_mutex);
    *why = m_lostBecause;
    return true;
}

void ServerWatch::heard(const ServerLiveness::Look& look)
{
    using Health = ServerHeartbeat::Health;
    const std::int64_t now = look.atMs;
    if (m_lost.load())
        return;
    const std::int64_t since = m_silentSinceMs.load();
    if (look.health == Health::Answering) {
        if (since >= 0)
            m_say(tr("the server answers again after %1 s")
                      .arg(static_cast<double>(now - since) / 1000.0, 0, 'f', 1));
        m_silentSinceMs.store(-1);
        m_lastAnswerMs = now;
        return;
    }
    const std::int64_t silentSince = since >= 0 ? since : m_lastAnswerMs;
    m_silentSinceMs.store(silentSince);
    if (since < 0)
        m_onSilence();
    const double silentS = static_cast<double>(now - silentSince) / 1000.0;
    if (look.health == Health::Gone || now - silentSince >= m_waitMs) {
        std::lock_guard lock(m_mutex);
        m_lostBecause = look.health == Health::Gone
            ? look.why
            : tr("no answer for %1 s: %2").arg(silentS, 0, 'f', 0).arg(look.why);
        m_lost.store(true);
        return;
    }
    if (since < 0 || now >= m_nextSayMs) {
        m_say(tr("the server is not answering for %1 s (%2); waiting up to %3 s")
                  .arg(silentS, 0, 'f', 0)
                  .arg(look.why)
                  .arg(static_cast<double>(m_waitMs) / 1000.0, 0, 'f', 0));
        m_nextSayMs = now + kSayEveryMs;
    }
}
