#pragma once

#include "app/core/acknowledgedorders.h"
#include "app/core/experiment.h"
#include "app/core/skewsampler.h"
#include "app/core/unresolvedorders.h"
#include "app/fiber/clientwait.h"
#include "strategies/runenvironment.h"

#include "strategies/strategy.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

// The clients of one strategy run. Each opens its own session (and connection), then all
// start together; they place orders until told to stop, the orders run out, or every SKU is
// sold out. A client runs on a thread of its own, or as a fiber on one of a few threads that
// drive every connection through the non-blocking API (ClientIo): the same code either way.
class ClientPool {
public:
    ClientPool(RunEnvironment& environment, Strategy& strategy, std::atomic<bool>& stop);
    ~ClientPool();

    // Starts the threads and waits until every session is open; false with `error` if any failed.
    bool open(QString* error);
    // Lets the clients go; returns the start instant in steady-clock nanoseconds.
    std::int64_t go();
    // Waits for every client to end; call once the stop flag is set. Meanwhile `look` is called
    // every 50 ms with how many clients still have an order under way.
    void join(const std::function<void(int underWay)>& look = {});

    bool allFinished() const { return m_finished.load() == m_experiment.threads; }
    bool soldOut() const { return m_dryCount.load(std::memory_order_relaxed) >= m_experiment.skus; }
    // Orders refused for want of stock and claims that found nothing, so far.
    std::int64_t emptyHanded() const { return m_emptyHanded.load(std::memory_order_relaxed); }
    // When the last sale so far completed, in seconds after go(); -1 before the first.
    double lastSaleS() const;
    // Open loop: the orders due by now that no client has taken yet, -1 in a closed loop. The
    // schedule is a counter, not a queue: however far behind the server falls, the lab holds
    // one order per client and no more.
    std::int64_t backlog() const;
    // Every order line a client saw committed; read only after join().
    AcknowledgedOrders acknowledged() const;
    // Every order whose outcome its client could not learn; read only after join().
    UnresolvedOrders unresolved() const;

private:
    void clientLoop(int index, WorkerCounters& counters);
    void startThreads(const std::vector<WorkerCounters*>& counters);
    void startEventThreads(const std::vector<WorkerCounters*>& counters);
    void markDry(std::int64_t skuIndex);

    RunEnvironment& m_environment;
    const Experiment& m_experiment;
    Strategy& m_strategy;
    std::atomic<bool>& m_stop;
    SkewSampler m_sampler;

    std::vector<std::thread> m_threads;
    // What each client knows of its orders, written by that client only.
    struct ClientRecord {
        AcknowledgedOrders firstLines;
        AcknowledgedOrders
            secondLines; // two-SKU orders: their second lines' ids run in a sequence of their own
        UnresolvedOrders unresolved;
    };
    std::vector<ClientRecord> m_records;
    struct OrderTimes {
        std::int64_t beginNs = 0; // when the order was due (open loop) or sent
        std::int64_t endNs = 0;
        std::int64_t lateNs = 0; // open loop: from when it was due to when a client sent it
    };
    std::unique_ptr<OrderSession> openSession(int index, WorkerCounters& counters);
    // Sleeps until an open-loop order is due; false when the run stopped first.
    bool sleepUntil(std::int64_t dueNs) const;
    // When the order of that index is due, counted from the run's start (at most a day).
    static std::int64_t dueAfterNs(std::int64_t orderIndex, double nsPerOrder);
    Order nextOrder(int index, std::int64_t sequence, std::mt19937_64& rng);
    // The request ids of an order's lines after its first: the lookup of an order without
    // reply finds all of them when it committed.
    std::vector<std::int64_t> otherLineIds(const Order& order, const OrderSession& session) const;
    void count(OrderOutcome outcome, const Order& order, OrderSession& session, OrderTimes times,
        ClientRecord& record, WorkerCounters& counters);
    std::atomic<int> m_ready { 0 };
    ClientWait::Gate m_go;
    std::atomic<std::int64_t> m_startNs { 0 };
    std::atomic<std::int64_t> m_lastSaleNs { 0 };
    std::atomic<std::int64_t> m_issued { 0 };
    std::atomic<int> m_finished { 0 };
    std::unique_ptr<std::atomic<std::uint8_t>[]> m_dry;
    std::atomic<std::int64_t> m_dryCount { 0 };
    std::atomic<std::int64_t> m_emptyHanded { 0 };

    std::mutex m_errorMutex;
    QString m_firstError;
};
