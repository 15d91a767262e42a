#pragma once

#include "app/db/connectionparams.h"
#include "app/server/serverliveness.h"

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>

// What the server's silences mean to one run: read from the server's liveness watch (the lab's
// own server's, or one of the run's own for a server by URL), a few times a second, so that a
// server that stops answering is noticed and said live even while the run's own thread waits on
// it. A silent server (paused, restarting) is waited for up to a bound; only then, or when the
// lab's own server process is gone, is it lost.
class ServerWatch {
    Q_DECLARE_TR_FUNCTIONS(ServerWatch)

public:
    using Say = std::function<void(const QString&)>; // called on the liveness watch's thread

    // `onSilence` is called on the liveness watch's thread when a silence begins, to end the
    // waits of whatever is blocked on the server. Without `liveness`, the watch looks at the
    // server of `params` itself.
    ServerWatch(std::shared_ptr<ServerLiveness> liveness, const ConnectionParams& params, std::int64_t waitMs,
        Say say, std::function<void()> onSilence);
    ~ServerWatch();
    ServerWatch(const ServerWatch&) = delete;
    ServerWatch& operator=(const ServerWatch&) = delete;

    void start();
    // The server did not answer the last look.
    bool silent() const { return m_silentSinceMs.load() >= 0; }
    // Gone, or silent for longer than the wait; `why` says which, with the client's reason.
    bool lost(QString* why) const;

private:
    void heard(const ServerLiveness::Look& look);

    std::shared_ptr<ServerLiveness> m_liveness;
    bool m_ownLiveness; // the run's own, started and ended with it
    std::int64_t m_waitMs;
    Say m_say;
    std::function<void()> m_onSilence;
    int m_listener = 0;
    std::atomic<bool> m_lost { false };
    std::atomic<std::int64_t> m_silentSinceMs { -1 };
    std::int64_t m_lastAnswerMs = 0; // a silence is counted from the last answer heard
    std::int64_t m_nextSayMs = 0;
    mutable std::mutex m_mutex;
    QString m_lostBecause;
};
