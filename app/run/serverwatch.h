#pragma once

#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

class ServerHeartbeat;

// Listens to the server on a thread of its own, a few times a second, so that a server that
// stops answering is noticed and said live even while the run's own thread waits on it.
// A silent server (paused, restarting) is waited for up to a bound; only then, or when the
// lab's own server process is gone, is it lost.
class ServerWatch {
    Q_DECLARE_TR_FUNCTIONS(ServerWatch)

public:
    using Say = std::function<void(const QString&)>; // called on the watch's thread

    // `onSilence` is called on the watch's thread when a silence begins, to end the waits
    // of whatever is blocked on the server.
    ServerWatch(ConnectionParams params, std::int64_t waitMs, Say say, std::function<void()> onSilence);
    ~ServerWatch();
    ServerWatch(const ServerWatch&) = delete;
    ServerWatch& operator=(const ServerWatch&) = delete;

    void start();
    // The server did not answer the last look.
    bool silent() const { return m_silentSinceMs.load() >= 0; }
    // Gone, or silent for longer than the wait; `why` says which, with the client's reason.
    bool lost(QString* why) const;

private:
    void watch();

    ConnectionParams m_params;
    std::int64_t m_waitMs;
    Say m_say;
    std::function<void()> m_onSilence;
    QElapsedTimer m_clock;
    std::atomic<bool> m_stop { false };
    std::atomic<bool> m_lost { false };
    std::atomic<std::int64_t> m_silentSinceMs { -1 };
    mutable std::mutex m_mutex;
    QString m_lostBecause;
    const ServerHeartbeat* m_heartbeat = nullptr; // while watch() runs; guarded by m_mutex
    std::thread m_thread;
};
