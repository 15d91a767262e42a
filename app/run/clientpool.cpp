#include "app/run/clientpool.h"

#include "app/core/filelimit.h"
#include "app/core/loadthread.h"
#include "app/core/steadyclock.h"
#include "app/run/processcpu.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <random>

ClientPool::ClientPool(RunEnvironment& environment, Strategy& strategy, std::atomic<bool>& stop)
    : m_environment(environment)
    , m_experiment(environment.experiment())
    , m_strategy(strategy)
    , m_stop(stop)
    , m_sampler(environment.experiment())
    , m_dry(std::make_unique<std::atomic<std::uint8_t>[]>(
          static_cast<std::size_t>(environment.experiment().skus)))
{
}

ClientPool::~ClientPool()
{
    m_stop.store(true);
    go();
    join();
}

bool ClientPool::open(QString* error)
{
    const int clients = m_experiment.threads;
    if (const QString problem = FileLimit::problemFor(clients); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    std::vector<WorkerCounters*> counters;
    for (int i = 0; i < clients; ++i)
        counters.push_back(&m_environment.newCounters());
    m_records.resize(static_cast<std::size_t>(clients));
    if (effectiveClientIo(m_experiment) == ClientIo::Events)
        startEventThreads(counters);
    else
        startThreads(counters);
    // Wait until every client has its session (or failed to get one).
    while (m_ready.load() < clients)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::lock_guard lock(m_errorMutex);
    if (!m_firstError.isEmpty()) {
        *error = m_firstError;
        return false;
    }
    return true;
}

void ClientPool::startThreads(const std::vector<WorkerCounters*>& counters)
{
    m_threads.reserve(counters.size());
    for (std::size_t i = 0; i < counters.size(); ++i) {
        m_threads.emplace_back([this, i, c = counters[i]] {
            LoadThread::lowerPriority();
            clientLoop(static_cast<int>(i), *c);
        });
    }
}

void ClientPool::startEventThreads(const std::vector<WorkerCounters*>& counters)
{
    const int clients = static_cast<int>(counters.size());
    const int threads = clientThreadCount(m_experiment, ProcessCpu::cores());
    for (int t = 0; t < threads; ++t) {
        m_threads.emplace_back([this, t, threads, clients, counters] {
            LoadThread::lowerPriority();
            FiberScheduler scheduler;
            for (int i = t; i < clients; i += threads)
                scheduler.spawn([this, i, c = counters[static_cast<std::size_t>(i)]] { clientLoop(i, *c); });
            scheduler.run();
        });
    }
}

std::int64_t ClientPool::go()
{
    if (!m_go.isOpen()) {
        m_startNs.store(steadyNowNs());
        m_go.open();
    }
    return m_startNs.load();
}

void ClientPool::join(const std::function<void(int underWay)>& look)
{
    // Clients still waiting at the gate (a session failed to open) must pass it to see the stop.
    if (m_stop.load())
        go();
    if (look && m_go.isOpen() && !m_threads.empty()) {
        for (int left = m_experiment.threads - m_finished.load(); left > 0;
             left = m_experiment.threads - m_finished.load()) {
            look(left);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    for (std::thread& thread : m_threads) {
        if (thread.joinable())
            thread.join();
    }
}

double ClientPool::lastSaleS() const
{
    const std::int64_t last = m_lastSaleNs.load(std::memory_order_relaxed);
    return last == 0 ? -1.0 : static_cast<double>(last - m_startNs.load()) / 1e9;
}

std::int64_t ClientPool::backlog() const
{
    const std::int64_t start = m_startNs.load();
    if (m_experiment.arrival != ArrivalMode::Open || start == 0)
        return -1;
    const double dueNow = static_cast<double>(steadyNowNs() - start) * m_experiment.rate / 1e9;
    return std::max<std::int64_t>(0, static_cast<std::int64_t>(dueNow) + 1 - m_issued.load());
}

AcknowledgedOrders ClientPool::acknowledged() const
{
    AcknowledgedOrders all;
    for (const ClientRecord& client : m_records) {
        all.append(client.firstLines);
        all.append(client.secondLines);
    }
    return all;
}

UnresolvedOrders ClientPool::unresolved() const
{
    UnresolvedOrders all;
    for (const ClientRecord& client : m_records)
        all.append(client.unresolved);
    return all;
}

void ClientPool::markDry(std::int64_t skuIndex)
{
    if (m_dry[static_cast<std::size_t>(skuIndex)].exchange(1, std::memory_order_relaxed) == 0)
        m_dryCount.fetch_add(1, std::memory_order_relaxed);
}

void ClientPool::clientLoop(int index, WorkerCounters& counters)
{
    std::unique_ptr<OrderSession> session = openSession(index, counters);
    m_ready.fetch_add(1);
    m_go.wait();

    const Experiment& e = m_experiment;
    std::mt19937_64 rng(e.seed * 1'000'003ULL + static_cast<std::uint64_t>(index));
    const bool openLoop = e.arrival == ArrivalMode::Open;
    const double nsPerOrder = openLoop ? 1e9 / e.rate : 0.0;
    const std::int64_t start = m_startNs.load();
    std::int64_t sequence = 0;
    while (session && !m_stop.load(std::memory_order_relaxed)) {
        const std::int64_t orderIndex = m_issued.fetch_add(1, std::memory_order_relaxed);
        if (e.stop == StopKind::Orders && orderIndex >= e.totalOrders)
            break;
        std::int64_t begin = steadyNowNs();
        std::int64_t late = 0;
        if (openLoop) {
            // Latency counts from when the order was due, not from when a client was free
            // to send it: a slow server cannot hide its backlog (no coordinated omission).
            begin = start + dueAfterNs(orderIndex, nsPerOrder);
            if (!sleepUntil(begin))
                break;
            late = steadyNowNs() - begin;
        }
        const Order order = nextOrder(index, sequence++, rng);
        const OrderOutcome outcome = session->place(order);
        count(outcome, order, *session, { begin, steadyNowNs(), late },
            m_records[static_cast<std::size_t>(index)], counters);
        session->afterOrder();
    }
    session.reset(); // the connection closes on the thread that owns it
    m_finished.fetch_add(1);
}

std::unique_ptr<OrderSession> ClientPool::openSession(int index, WorkerCounters& counters)
{
    QString error;
    std::unique_ptr<OrderSession> session = m_strategy.openSession(m_environment, counters, &error);
    if (!session) {
        std::lock_guard lock(m_errorMutex);
        if (m_firstError.isEmpty()) {
            m_firstError = QCoreApplication::translate("ClientPool", "client %1: %2").arg(index).arg(error);
            m_environment.failRun(m_firstError); // the clients still waiting for their turn give up
        }
    }
    return session;
}

std::int64_t ClientPool::dueAfterNs(std::int64_t orderIndex, double nsPerOrder)
{
    // An order due after a day is due after the run: waited for until the stop, never sent early.
    constexpr double kDayNs = 86'400e9;
    return static_cast<std::int64_t>(std::min(static_cast<double>(orderIndex) * nsPerOrder, kDayNs));
}

bool ClientPool::sleepUntil(std::int64_t dueNs) const
{
    for (std::int64_t now = steadyNowNs(); now < dueNs && !m_stop.load(std::memory_order_relaxed);
         now = steadyNowNs())
        ClientWait::sleepFor(std::chrono::nanoseconds(std::min<std::int64_t>(dueNs - now, 50'000'000)));
    return !m_stop.load(std::memory_order_relaxed);
}

Order ClientPool::nextOrder(int index, std::int64_t sequence, std::mt19937_64& rng)
{
    const Experiment& e = m_experiment;
    const std::int64_t skuIndex = m_sampler.pick(rng);
    Order order;
    order.requestId = (static_cast<std::int64_t>(index + 1) << 40) | sequence;
    order.skuId = skuIndex + 1;
    if (m_strategy.linesPerOrder() == 2) {
        // The second SKU follows the same skew; a skew that keeps picking the same SKU
        // (a hot set of one at 100 %) falls back to any other.
        std::int64_t other = skuIndex;
        for (int tries = 0; other == skuIndex && tries < 64; ++tries)
            other = m_sampler.pick(rng);
        if (other == skuIndex)
            other = (skuIndex + 1 + std::uniform_int_distribution<std::int64_t>(0, e.skus - 2)(rng)) % e.skus;
        order.secondSkuId = other + 1;
    }
    order.qty = e.qtyMin == e.qtyMax ? e.qtyMin : std::uniform_int_distribution<int>(e.qtyMin, e.qtyMax)(rng);
    return order;
}

std::vector<std::int64_t> ClientPool::otherLineIds(const Order& order, const OrderSession& session) const
{
    if (m_strategy.linesPerOrder() == 2)
        return { order.secondRequestId() };
    // A claim batch writes a line per task; the session knows how many it wrote before COMMIT.
    std::vector<std::int64_t> ids;
    for (int line = 1; line < session.linesOfLastSale().value_or(1); ++line)
        ids.push_back(order.lineRequestId(line));
    return ids;
}

void ClientPool::count(OrderOutcome outcome, const Order& order, OrderSession& session, OrderTimes times,
    ClientRecord& record, WorkerCounters& counters)
{
    const int lines = m_strategy.linesPerOrder();
    counters.timeline.record(TimelinePhase::Order, times.beginNs + times.lateNs, times.endNs);
    if (outcome != OrderOutcome::Aborted) {
        counters.add(ClientCount::OrderNs, times.endNs - times.beginNs);
        counters.add(ClientCount::BacklogNs, times.lateNs); // with its order, so that the parts add up
        counters.add(ClientCount::OrdersTimed, 1);
    }
    switch (outcome) {
    case OrderOutcome::Sold: {
        record.firstLines.add(order.requestId);
        if (lines == 2)
            record.secondLines.add(order.secondRequestId());
        const int sold = session.linesOfLastSale().value_or(lines);
        for (int line = 1; line < sold && lines == 1; ++line)
            record.firstLines.add(order.lineRequestId(line));
        counters.add(ClientCount::Sold, sold);
        counters.add(ClientCount::SoldUnits, static_cast<std::int64_t>(order.qty) * sold);
        counters.latency.record(times.endNs - times.beginNs);
        for (std::int64_t seen = m_lastSaleNs.load(std::memory_order_relaxed); times.endNs > seen
             && !m_lastSaleNs.compare_exchange_weak(seen, times.endNs, std::memory_order_relaxed);) { }
        break;
    }
    case OrderOutcome::OutOfStock:
        counters.add(ClientCount::OutOfStock, 1);
        m_emptyHanded.fetch_add(1, std::memory_order_relaxed);
        if (order.qty == m_experiment.qtyMin
            && lines == 1) // not even the smallest order fits: this SKU is done
            markDry(order.skuId - 1);
        break;
    case OrderOutcome::Failed:
        counters.add(ClientCount::Failed, 1);
        break;
    case OrderOutcome::Unknown:
        counters.add(ClientCount::Unresolved, 1);
        record.unresolved.add(order.requestId, otherLineIds(order, session));
        break;
    case OrderOutcome::Aborted:
        counters.add(ClientCount::Cancelled, 1);
        break;
    case OrderOutcome::Idle: // a claim worker found nothing pending: not a refusal, the tasks may come back
        counters.add(ClientCount::OutOfStock, 1); // for claims, out_of_stock counts these idle polls
        m_emptyHanded.fetch_add(1, std::memory_order_relaxed);
        break;
    }
}
