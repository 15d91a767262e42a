#pragma once

#include "app/db/connectionparams.h"
#include "app/server/serverheartbeat.h"

#include <QElapsedTimer>
#include <QStringList>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

// Whether a server answers, looked at a few times a second on a thread of its own: the one
// watch of a server, which each run on it, the Server panel and the cluster's node list read.
// The server as its clients reach it decides; each node of a cluster is also looked at alone,
// with its Galera state, for the node list. What a silence means to a reader (how long a run
// waits for it, what it says) is the reader's: ServerWatch for a run.
class ServerLiveness {
public:
    struct Look {
        ServerHeartbeat::Health health = ServerHeartbeat::Health::Answering;
        QString why; // the client's reason, when the server did not answer
        std::int64_t atMs = 0; // on the watch's clock (nowMs)
    };
    using Listener = std::function<void(const Look&)>;

    explicit ServerLiveness(ConnectionParams params);
    ~ServerLiveness();
    ServerLiveness(const ServerLiveness&) = delete;
    ServerLiveness& operator=(const ServerLiveness&) = delete;

    void start();
    std::int64_t nowMs() const { return m_clock.elapsed(); }
    // `listener` is called on the watch's thread after every look, until forget(id), which
    // waits for a call under way.
    int listen(Listener listener);
    void forget(int id);
    // Each node's state ("synced", "joining", "gone"…), node 1 first, as last looked at;
    // empty for a single server. `changed`, when set, is called on the watch's thread when
    // it changes.
    QStringList nodeStates() const;
    void onNodeStates(std::function<void(const QStringList&)> changed);

private:
    void watch(); // the server as its clients reach it, for the listeners
    void watchNodes(); // each node of a cluster, for the node list
    void sleepUnlessStopped(std::chrono::milliseconds pause);
    // The heartbeats a thread looks through, known while it runs so that the end can cut a
    // look blocked on a silent server short.
    class Watching {
    public:
        Watching(ServerLiveness& liveness, std::vector<const ServerHeartbeat*> heartbeats);
        ~Watching();
        Watching(const Watching&) = delete;
        Watching& operator=(const Watching&) = delete;

    private:
        ServerLiveness& m_liveness;
        std::vector<const ServerHeartbeat*> m_heartbeats;
    };

    ConnectionParams m_params;
    QElapsedTimer m_clock;
    std::atomic<bool> m_stop { false };
    std::condition_variable m_stopped; // wakes the threads' pauses at the end
    mutable std::mutex m_mutex; // guards the listeners, the node states and m_heartbeats
    std::map<int, std::shared_ptr<Listener>> m_listeners; // shared: a call runs the one kept here
    int m_nextListener = 1;
    std::function<void(const QStringList&)> m_nodeStatesChanged;
    QStringList m_nodeStates;
    std::vector<const ServerHeartbeat*> m_heartbeats; // while watch() runs, to end a blocked look
    std::mutex m_calling; // held while the listeners are called, so that forget() waits for them
    std::thread m_thread;
    std::thread m_nodesThread;
};
