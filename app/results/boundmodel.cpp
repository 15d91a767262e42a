#include "app/results/boundmodel.h"

#include "strategies/strategyregistry.h"

#include "app/core/ordertimesplit.h"
#include "app/core/skewsampler.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace BoundModel {

namespace {

bool locksOneSlot(const QString& strategy)
{
    // slotted's SUM … FOR UPDATE guard locks every slot of the SKU: one row, as far as waiting goes.
    return StrategyRegistry::traitsOf(strategy).locksOneSlot;
}

double soldInWindow(const StrategyResult& r)
{
    return static_cast<double>(std::max(1LL, r.windowClients[ClientCount::Sold]));
}

// One row passes an order per hold (a lost compare-and-set or a refused slot holds it too)
// and per hand-over to the next waiter: the row's time per sold order sets its ceiling.
std::optional<Ceiling> rowLock(const StrategyResult& r)
{
    using enum ClientCount;
    const ClientCounts& w = r.windowClients;
    const long long holds = w[LockHolds] + w[RolledBackHolds];
    if (!r.safe || holds <= 0)
        return std::nullopt;
    const double sold = soldInWindow(r);
    const double holdNs = static_cast<double>(w[LockHoldNs] + w[RolledBackHoldNs]);
    const double handOverNs = static_cast<double>(w[HandOverNs]);
    const double rowMsPerOrder = (holdNs + handOverNs) / 1e6 / sold;
    if (rowMsPerOrder <= 0.0)
        return std::nullopt;
    const double share = busiestRowShare(r);
    Ceiling c { Bound::RowLock, 1000.0 / rowMsPerOrder / share, 0.0, {} };
    c.terms = {
        { Term::HoldMs, holdNs / 1e6 / static_cast<double>(holds) },
        { Term::HoldsPerOrder, static_cast<double>(holds) / sold },
        { Term::RolledBackHolds, static_cast<double>(w[RolledBackHolds]) },
        { Term::HandOverMs, w[HandOvers] > 0 ? handOverNs / 1e6 / static_cast<double>(w[HandOvers]) : 0.0 },
        { Term::HandOversPerHold, static_cast<double>(w[HandOvers]) / static_cast<double>(holds) },
        { Term::RowMsPerOrder, rowMsPerOrder },
        { Term::BusiestRowShare, share },
        { Term::RowCeilingOrdersPerS, 1000.0 / rowMsPerOrder },
    };
    return c;
}

// PostgreSQL counts no lock waits: the share of the sampler's looks in the measured window that
// found a transaction waiting for a lock stands in for the share of orders that waited.
std::optional<Ceiling> sampledServerRowLock(const StrategyResult& r)
{
    const double until = r.soldOut() ? r.soldOutS : r.durationS;
    int looks = 0;
    int waiting = 0;
    for (const MetricsSample& s : r.series) {
        if (s.serverStatsValid && s.waitingNow >= 0 && s.elapsedS > r.measuredFromS
            && s.elapsedS <= until + 1e-9) {
            ++looks;
            waiting += s.waitingNow > 0 ? 1 : 0;
        }
    }
    if (waiting == 0)
        return std::nullopt;
    const double waitedShare = static_cast<double>(waiting) / looks;
    Ceiling c { Bound::ServerRowLock, r.ordersPerS / waitedShare, 0.0, {} };
    c.terms = { { Term::WaitedShare, waitedShare }, { Term::Looks, looks } };
    return c;
}

// A lock taken and released inside one statement (a stored procedure's) cannot be timed by
// the client; the server counts the waits for it. When nearly every order waited, the row
// was never free: it passed orders as fast as it could.
std::optional<Ceiling> serverRowLock(const StrategyResult& r)
{
    const ClientCounts& w = r.windowClients;
    if (!r.safe || w[ClientCount::LockHolds] + w[ClientCount::RolledBackHolds] > 0)
        return std::nullopt;
    if (r.lockWaits < 0)
        return sampledServerRowLock(r);
    if (r.lockWaits == 0)
        return std::nullopt;
    const double sold = soldInWindow(r);
    const double waitedShare = std::min(1.0, static_cast<double>(r.lockWaits) / sold);
    Ceiling c { Bound::ServerRowLock, r.ordersPerS / waitedShare, 0.0, {} };
    c.terms = {
        { Term::WaitedShare, waitedShare },
        { Term::ServerLockWaitMsPerOrder, static_cast<double>(std::max(r.lockTimeMs, 0LL)) / sold },
    };
    return c;
}

std::optional<Ceiling> writer(const StrategyResult& r)
{
    using enum ClientCount;
    const ClientCounts& w = r.windowClients;
    if (w[WriterBusyNs] <= 0 || w[QueuedOrders] <= 0)
        return std::nullopt;
    const double msPerOrder
        = static_cast<double>(w[WriterBusyNs]) / 1e6 / static_cast<double>(w[QueuedOrders]);
    const double share = busiestWriterShare(r.experiment);
    const double batches = static_cast<double>(std::max(1LL, w[LockHolds]));
    Ceiling c { Bound::Writer, 1000.0 / msPerOrder / share, 0.0, {} };
    c.terms = {
        { Term::WriterMsPerOrder, msPerOrder },
        { Term::OrdersPerBatch, static_cast<double>(w[QueuedOrders]) / batches },
        { Term::BatchMs, static_cast<double>(w[WriterBusyNs]) / 1e6 / batches },
        { Term::BusiestWriterShare, share },
        { Term::Writers, r.experiment.writers },
    };
    return c;
}

std::optional<Ceiling> cpu(const StrategyResult& r)
{
    if (r.clientCpuS < 0.0 || r.cpuWallS <= 0.0 || r.cores <= 0)
        return std::nullopt;
    const double sold = static_cast<double>(std::max(1LL, r.clients[ClientCount::Sold] - r.lateOrders));
    const double cpuS = r.clientCpuS + std::max(0.0, r.serverCpuS);
    const double msPerOrder = 1000.0 * cpuS / sold;
    if (msPerOrder <= 0.0)
        return std::nullopt;
    Ceiling c { Bound::Cpu, 1000.0 * r.cores / msPerOrder, 0.0, {} };
    c.terms = {
        { Term::ClientCpuMsPerOrder, 1000.0 * r.clientCpuS / sold },
        { Term::Cores, r.cores },
        { Term::CpuBusy, cpuS / (r.cpuWallS * r.cores) },
    };
    if (r.serverCpuS >= 0.0)
        c.terms.emplace(Term::ServerCpuMsPerOrder, 1000.0 * r.serverCpuS / sold);
    return c;
}

std::optional<Ceiling> clientsOrArrival(const StrategyResult& r)
{
    if (r.experiment.arrival == ArrivalMode::Open) {
        // The orders due and not yet sent when the run stopped: what the server did not keep up with.
        long long backlog = 0;
        for (const MetricsSample& sample : r.series)
            backlog = sample.backlog >= 0 ? sample.backlog : backlog;
        return Ceiling { Bound::Arrival, r.experiment.rate, 0.0,
            { { Term::OfferedOrdersPerS, r.experiment.rate },
                { Term::BacklogAtEnd, static_cast<double>(backlog) } } };
    }
    const OrderTimeSplit split = OrderTimeSplit::of(r.windowClients);
    if (!split.known() || split.orderMs <= 0.0)
        return std::nullopt;
    const int clients = std::max(1, r.experiment.threads);
    // The rates count order lines: an order of two SKUs sells two, a claimed batch its tasks,
    // a refused order none; the clients pass orders, each of them its lines on average.
    const double linesPerOrder
        = static_cast<double>(r.windowClients[ClientCount::Sold]) / static_cast<double>(split.orders);
    Ceiling c { Bound::Clients, 1000.0 * clients / split.orderMs * linesPerOrder, 0.0, {} };
    c.terms = { { Term::Clients, clients }, { Term::OrderMs, split.orderMs },
        { Term::LinesPerOrder, linesPerOrder } };
    return c;
}

} // namespace

const char* termKey(Term term)
{
    switch (term) {
    case Term::HoldMs:
        return "hold_ms";
    case Term::HoldsPerOrder:
        return "holds_per_order";
    case Term::RolledBackHolds:
        return "rolled_back_holds";
    case Term::HandOverMs:
        return "hand_over_ms";
    case Term::HandOversPerHold:
        return "hand_overs_per_hold";
    case Term::RowMsPerOrder:
        return "row_ms_per_order";
    case Term::BusiestRowShare:
        return "busiest_row_share";
    case Term::RowCeilingOrdersPerS:
        return "row_ceiling_orders_per_s";
    case Term::WaitedShare:
        return "waited_share";
    case Term::Looks:
        return "looks";
    case Term::ServerLockWaitMsPerOrder:
        return "server_lock_wait_ms_per_order";
    case Term::WriterMsPerOrder:
        return "writer_ms_per_order";
    case Term::OrdersPerBatch:
        return "orders_per_batch";
    case Term::BatchMs:
        return "batch_ms";
    case Term::BusiestWriterShare:
        return "busiest_writer_share";
    case Term::Writers:
        return "writers";
    case Term::ClientCpuMsPerOrder:
        return "client_cpu_ms_per_order";
    case Term::ServerCpuMsPerOrder:
        return "server_cpu_ms_per_order";
    case Term::Cores:
        return "cores";
    case Term::CpuBusy:
        return "cpu_busy";
    case Term::OfferedOrdersPerS:
        return "offered_orders_per_s";
    case Term::BacklogAtEnd:
        return "backlog_at_end";
    case Term::Clients:
        return "clients";
    case Term::OrderMs:
        return "order_ms";
    case Term::LinesPerOrder:
        return "lines_per_order";
    }
    return "";
}

double Ceiling::term(Term which) const
{
    const auto found = terms.find(which);
    return found == terms.end() ? 0.0 : found->second;
}

QJsonObject Ceiling::termsJson() const
{
    QJsonObject json;
    for (const auto& [which, value] : terms)
        json.insert(QLatin1String(termKey(which)), value);
    return json;
}

QList<Ceiling> ceilings(const StrategyResult& r)
{
    QList<Ceiling> all;
    for (const std::optional<Ceiling>& c :
        { rowLock(r), serverRowLock(r), writer(r), cpu(r), clientsOrArrival(r) }) {
        if (c && c->ordersPerS > 0.0) {
            all << *c;
            all.back().reach = r.ordersPerS / c->ordersPerS;
        }
    }
    return all;
}

std::optional<Ceiling> bound(const QList<Ceiling>& all)
{
    std::optional<Ceiling> busiest;
    std::optional<Ceiling> fallback;
    for (const Ceiling& c : all) {
        if (c.resource == Bound::Clients || c.resource == Bound::Arrival)
            fallback = c;
        else if (!busiest || c.reach > busiest->reach)
            busiest = c;
    }
    if (busiest && (busiest->reach >= kBoundReach || !fallback))
        return busiest;
    return fallback;
}

double busiestRowShare(const StrategyResult& r)
{
    // Every skew puts its most likely SKU first.
    const double busiest = SkewSampler(r.experiment).probabilityOf(0);
    return locksOneSlot(r.strategy) ? busiest / std::max(1, r.experiment.slotsPerSku) : busiest;
}

double busiestWriterShare(const Experiment& e)
{
    const SkewSampler shares(e);
    const auto writers = static_cast<std::size_t>(std::max(1, e.writers));
    std::vector<double> perWriter(writers, 0.0);
    for (std::int64_t index = 0; index < shares.skus(); ++index)
        perWriter[static_cast<std::size_t>(index + 1) % writers] += shares.probabilityOf(index);
    return *std::max_element(perWriter.begin(), perWriter.end());
}

} // namespace BoundModel
