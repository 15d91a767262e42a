#pragma once

#include <QString>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

// A TCP relay on the loopback between the lab and a server, which cuts one connection when
// the test says: both of its sides shut at once, as a failing network or proxy leaves them,
// whatever the server is doing for it. The server knows each connection by the relay's own
// port toward it (PostgreSQL's pg_stat_activity.client_port), which is how a test names the
// connection to cut.
class CuttingRelay {
public:
    CuttingRelay(QString targetHost, int targetPort);
    ~CuttingRelay();
    CuttingRelay(const CuttingRelay&) = delete;
    CuttingRelay& operator=(const CuttingRelay&) = delete;

    bool start(QString* error);
    int port() const { return m_port; }
    // Cuts the connection whose side toward the server has local port `upstreamPort`; false
    // when no such connection is open.
    bool cut(int upstreamPort);

private:
    struct Pair {
        int client = -1;
        int upstream = -1;
        int upstreamPort = 0;
    };
    void acceptLoop();
    void relay(int client, int upstream);
    int connectUpstream() const;

    QString m_targetHost;
    int m_targetPort = 0;
    int m_listen = -1;
    int m_port = 0;
    std::atomic<bool> m_stopping { false };
    std::mutex m_mutex;
    std::vector<Pair> m_pairs;
    std::vector<std::thread> m_threads;
    std::thread m_acceptor;
};
