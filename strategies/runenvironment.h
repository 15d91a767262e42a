#pragma once

#include "app/core/experiment.h"
#include "app/db/connectionparams.h"
#include "app/db/databaseconnection.h"
#include "app/fiber/clientwait.h"
#include "strategies/rowreleases.h"
#include "strategies/runerrorlog.h"
#include "strategies/workercounters.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <deque>
#include <mutex>
#include <utility>
#include <vector>

// What a strategy sees of the run it takes part in. The runner owns it.
class RunEnvironment {
public:
    RunEnvironment(
        const Experiment& experiment, ConnectionParams params, const std::atomic<bool>& stopRequested)
        : m_experiment(experiment)
        , m_params(std::move(params))
        , m_stop(stopRequested)
    {
    }

    const Experiment& experiment() const { return m_experiment; }
    const ConnectionParams& params() const { return m_params; }
    // The node (0-based) the next client connects to: on a cluster, by the experiment's placement
    // (clients in the order they ask; a strategy's own writers after them, spread the same way).
    int nextClientNode()
    {
        const int clients = std::max(1, m_experiment.threads);
        const int index = m_nextClient.fetch_add(1, std::memory_order_relaxed) % clients;
        return m_experiment.placement.nodeOf(index, clients, m_params.nodeCount());
    }
    // The simulated network round trip each shopper's statements cross.
    std::chrono::nanoseconds roundTrip() const
    {
        return std::chrono::nanoseconds(std::llround(m_experiment.rttMs * 1e6));
    }
    bool stopRequested() const { return m_stop.load(std::memory_order_relaxed); }
    // Stop now: the orders still under way are cancelled, not waited for. A statement the lab
    // ends (KILL QUERY) rolls its order back, and the queue's writers drop what is queued.
    void requestStopNow() { m_stopNow.store(true); }
    bool stopNowRequested() const { return m_stopNow.load(std::memory_order_relaxed); }
    RunErrorLog& errors() { return m_errors; }
    RowReleases& rowReleases() { return m_rowReleases; }
    // Turns for opening a session: 10,000 clients connecting at once keep the last handshakes
    // waiting past the connect timeout, a few dozen at a time each take a moment.
    ClientWait::Semaphore& sessionOpenings() { return m_sessionOpenings; }

    // The server went away: workers stop trying to reconnect, and the run ends at once.
    void markServerLost() { m_serverLost.store(true); }
    bool serverLost() const { return m_serverLost.load(std::memory_order_relaxed); }
    // The server watch hears nothing from the server: clients wait for it instead of
    // connecting into a silence that would hold them for the connect timeout.
    void setServerSilent(bool silent) { m_serverSilent.store(silent, std::memory_order_relaxed); }
    bool serverSilent() const { return m_serverSilent.load(std::memory_order_relaxed); }

    // An error that no retry can cure (the server turned read-only, a privilege was revoked):
    // the first one is kept, and the run stops with it.
    void failRun(const QString& message)
    {
        std::lock_guard lock(m_fatalMutex);
        if (m_fatalError.isEmpty())
            m_fatalError = message;
        m_failed.store(true);
    }
    bool runFailed() const { return m_failed.load(std::memory_order_relaxed); }
    QString fatalError() const
    {
        std::lock_guard lock(m_fatalMutex);
        return m_fatalError;
    }

    // The isolation level and lock wait timeout as a worker's session read them back from the
    // server after setting them; the first worker's are kept.
    void noteSessionSettings(const QString& isolation, const QString& lockWaitTimeout)
    {
        std::lock_guard lock(m_fatalMutex);
        if (m_sessionIsolation.isEmpty()) {
            m_sessionIsolation = isolation;
            m_sessionLockWaitTimeout = lockWaitTimeout;
        }
    }
    std::pair<QString, QString> sessionSettings() const
    {
        std::lock_guard lock(m_fatalMutex);
        return { m_sessionIsolation, m_sessionLockWaitTimeout };
    }

    // Counters for a new thread (a client, or a strategy's own writer); stable address. Its
    // timeline keeps a share of a fixed number of spans, so that a crowd costs no more memory.
    WorkerCounters& newCounters(TimelineLane::Role role = TimelineLane::Role::Client)
    {
        constexpr std::size_t kTimelineSpans = 1 << 19;
        const std::size_t workers = static_cast<std::size_t>(std::max(1, m_experiment.threads));
        std::lock_guard lock(m_countersMutex);
        WorkerCounters& counters = m_counters.emplace_back();
        counters.timeline = TimelineLane(role);
        counters.timeline.setCapacity(std::clamp<std::size_t>(kTimelineSpans / workers, 64, 16384));
        return counters;
    }
    // Every worker's timeline, in the order the workers were made; only once they have stopped.
    std::vector<const TimelineLane*> timelines() const
    {
        std::lock_guard lock(m_countersMutex);
        std::vector<const TimelineLane*> lanes;
        for (const WorkerCounters& counters : m_counters)
            lanes.push_back(&counters.timeline);
        return lanes;
    }
    template <typename Visit> void forEachCounters(Visit visit) const
    {
        std::lock_guard lock(m_countersMutex);
        for (const WorkerCounters& counters : m_counters)
            visit(counters);
    }

    // The workers' connections, so that a run stopped while the server is silent can end the
    // waits of statements blocked on it. A connection is registered by its owner for its life.
    void registerConnection(const DatabaseConnection* connection)
    {
        std::lock_guard lock(m_connectionsMutex);
        m_connections.push_back(connection);
    }
    void unregisterConnection(const DatabaseConnection* connection)
    {
        std::lock_guard lock(m_connectionsMutex);
        std::erase(m_connections, connection);
    }
    // Stops every reconnect and ends every blocked statement: the run is given up on the server.
    void abandonServer()
    {
        markServerLost();
        std::lock_guard lock(m_connectionsMutex);
        for (const DatabaseConnection* connection : m_connections)
            connection->abortFromAnyThread();
    }

    // Every client connection's server-side id, noted by its owner as it connects, and the
    // ones the lab killed on purpose: a killed worker holds no claim, whatever it still believes.
    void noteClientConnection(unsigned long id)
    {
        std::lock_guard lock(m_connectionsMutex);
        m_clientIds.push_back(id);
    }
    std::vector<unsigned long> clientConnections() const
    {
        std::lock_guard lock(m_connectionsMutex);
        return m_clientIds;
    }
    std::vector<unsigned long> liveClientConnections() const
    {
        std::lock_guard lock(m_connectionsMutex);
        std::vector<unsigned long> live;
        for (const unsigned long id : m_clientIds) {
            if (std::find(m_killedIds.begin(), m_killedIds.end(), id) == m_killedIds.end())
                live.push_back(id);
        }
        return live;
    }
    void markConnectionKilled(unsigned long id)
    {
        std::lock_guard lock(m_connectionsMutex);
        m_killedIds.push_back(id);
    }
    bool connectionKilled(unsigned long id) const
    {
        std::lock_guard lock(m_connectionsMutex);
        return std::find(m_killedIds.begin(), m_killedIds.end(), id) != m_killedIds.end();
    }

private:
    const Experiment& m_experiment;
    ConnectionParams m_params;
    std::atomic<int> m_nextClient { 0 };
    const std::atomic<bool>& m_stop;
    RunErrorLog m_errors;
    RowReleases m_rowReleases;
    ClientWait::Semaphore m_sessionOpenings { 64 };
    std::atomic<bool> m_stopNow { false };
    std::atomic<bool> m_serverLost { false };
    std::atomic<bool> m_serverSilent { false };
    std::atomic<bool> m_failed { false };
    mutable std::mutex m_fatalMutex;
    QString m_fatalError;
    QString m_sessionIsolation;
    QString m_sessionLockWaitTimeout;
    mutable std::mutex m_countersMutex;
    std::deque<WorkerCounters> m_counters;
    mutable std::mutex m_connectionsMutex;
    std::vector<const DatabaseConnection*> m_connections;
    std::vector<unsigned long> m_clientIds;
    std::vector<unsigned long> m_killedIds;
};
