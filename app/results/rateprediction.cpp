#include "app/results/rateprediction.h"

#include "strategies/strategyregistry.h"

#include "app/core/ordertimesplit.h"
#include "app/results/boundmodel.h"

#include <QCoreApplication>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <vector>

namespace RatePrediction {

namespace {

// A station of the model: `count` identical queues (the rows a SKU's orders spread over, or one),
// each visited with this demand in ms per order, or a delay no order waits for.
struct Station {
    Bound bound;
    double demandMs = 0.0; // per order, at each of the `count` queues
    int count = 1;
};

// Exact mean value analysis of a closed loop of `clients`, each spending `thinkMs` outside the
// stations per order: the orders/s and the station with the longest queue.
Prediction meanValueAnalysis(const std::vector<Station>& stations, double thinkMs, int clients)
{
    std::vector<double> queue(stations.size(), 0.0);
    double throughput = 0.0; // orders per ms
    for (int n = 1; n <= clients; ++n) {
        double cycle = thinkMs;
        std::vector<double> residence(stations.size());
        for (std::size_t k = 0; k < stations.size(); ++k) {
            residence[k] = stations[k].demandMs * (1.0 + queue[k]);
            cycle += residence[k] * stations[k].count;
        }
        throughput = cycle > 0.0 ? n / cycle : 0.0;
        for (std::size_t k = 0; k < stations.size(); ++k)
            queue[k] = throughput * residence[k];
    }
    Prediction p { 1000.0 * throughput, Bound::Clients };
    double busiest = 0.0;
    for (std::size_t k = 0; k < stations.size(); ++k) {
        const double utilisation = throughput * stations[k].demandMs;
        if (utilisation > busiest && utilisation >= BoundModel::kBoundReach) {
            busiest = utilisation;
            p.bound = stations[k].bound;
        }
    }
    return p;
}

double perOrder(long long total, long long orders)
{
    return orders > 0 ? static_cast<double>(total) / static_cast<double>(orders) : 0.0;
}

// The lab's and the server's CPU per order, in ms, over the clients' whole run (warm-up
// included, as the CPU was read); -1 when it was not read.
double cpuMsPerOrder(const StrategyResult& r)
{
    if (r.clientCpuS < 0.0 || r.cores <= 0)
        return -1.0;
    const double all = static_cast<double>(std::max(1LL, r.clients[ClientCount::Sold] - r.lateOrders));
    return 1000.0 * (r.clientCpuS + std::max(0.0, r.serverCpuS)) / all;
}

// The CPU an order costs with `clients` in flight: the lone client's cost falls as a + b/n to the
// busy calibration's at its clients, which stands for any more (b: waking idle cores, shared by
// the orders in flight).
double cpuMsAt(const Calibration& c, int clients)
{
    const double alone = cpuMsPerOrder(c.alone);
    const double busy = c.busy ? cpuMsPerOrder(*c.busy) : -1.0;
    const int busyClients = c.busy ? c.busy->experiment.threads : 1;
    if (alone < 0.0 || busy < 0.0 || clients <= 1 || busyClients <= 1)
        return alone;
    const double shared = std::max(0.0, (alone - busy) / (1.0 - 1.0 / busyClients));
    return alone - shared + shared / clients;
}

// Whether a strategy that tries an order again after a conflict races every other client for
// its row, as a compare-and-set on one version does: its busy calibration lost at least half the
// turns that race costs (a losing turn of each other client per sale). A conflict of another
// kind (every slot held, for a file that skips locked slots) costs no such turns at that load,
// and its turns per sale are what the calibration timed. Without a busy calibration (one
// client) the race is assumed, which costs one client nothing.
bool racesAtLoad(const Calibration& c)
{
    if (!c.busy)
        return true;
    const ClientCounts& w = c.busy->windowClients;
    const int clients = c.busy->experiment.threads;
    const double losingTurns = perOrder(w[ClientCount::RolledBackHolds], w[ClientCount::Sold]);
    return clients <= 1 || losingTurns >= 0.5 * (clients - 1);
}

} // namespace

Experiment calibrationExperiment(const Experiment& experiment)
{
    Experiment e = experiment;
    e.threads = 1;
    e.arrival = ArrivalMode::Closed;
    e.stop = StopKind::Duration;
    e.durationMs = 700;
    e.warmupMs = 200;
    e.repeat = 1;
    e.killWorkersEveryMs = 0;
    // A calibration that sold out would time refusals, not the sales the prediction is for:
    // the procedure sells the default 10,000 units in under a second at load.
    e.initialStock = std::max(e.initialStock, kCalibrationStock);
    return e;
}

Experiment busyCalibrationExperiment(const QString& strategy, const Experiment& experiment, int clients)
{
    Experiment e = calibrationExperiment(experiment);
    e.threads = clients;
    // A row locked inside the server passes 5,000–10,000 orders/s in spells of seconds at the
    // same load (the cores' wake-ups, not steal): half a second of it predicted runs 0.75–1.31
    // of themselves, two seconds 0.82–1.28.
    e.durationMs = locksInsideStatement(strategy) ? 2000 : 500;
    return e;
}

int busyCalibrationClients(int targetClients)
{
    return std::min(targetClients, 2 * std::max(1, QThread::idealThreadCount()));
}

bool locksInsideStatement(const QString& strategy)
{
    return StrategyRegistry::traitsOf(strategy).locksInsideStatement;
}

int busyCalibrationClients(const QString& strategy, int targetClients)
{
    return locksInsideStatement(strategy) ? std::min(targetClients, kMostLoadedCalibrationClients)
                                          : busyCalibrationClients(targetClients);
}

Prediction predict(const StrategyResult& alone, const Experiment& target)
{
    return predict(Calibration { alone, std::nullopt }, target);
}

Prediction predict(const Calibration& calibration, const Experiment& target)
{
    using enum ClientCount;
    const StrategyResult& c = calibration.alone;
    const ClientCounts& w = c.windowClients;
    const OrderTimeSplit split = OrderTimeSplit::of(w);
    const long long sold = w[Sold];
    if (!c.error.isEmpty() || !split.known() || sold <= 0)
        return {};
    const int clients = std::max(1, target.threads);
    StrategyResult shape = c; // the target's rows and writers, with the calibration's figures
    shape.experiment = target;
    std::vector<Station> stations;
    double outsideMs = split.orderMs;

    // The row: each hold, and the hand-over to the next waiter, which one client never sees: as
    // the busy calibration measured it when its clients queued for the row (PostgreSQL wakes
    // the next waiter in 1-3 ms where InnoDB takes a fraction of one), else about one
    // statement's turn-around on the server.
    // (A queue's writer holds its row once per batch, alone: its cycle below stands for it.)
    const long long holds = w[LockHolds] + w[RolledBackHolds];
    const bool writers = w[WriterBusyNs] > 0 && w[QueuedOrders] > 0;
    if (c.safe && holds > 0 && !writers) {
        const double holdMs = perOrder(w[LockHoldNs] + w[RolledBackHoldNs], holds) / 1e6;
        const double statementMs = perOrder(w[ServerNs] - w[CommitNs], w[Statements] - w[Commits]) / 1e6;
        const ClientCounts* loaded = calibration.busy ? &calibration.busy->windowClients : nullptr;
        const double handOverMs = loaded && (*loaded)[HandOvers] > 0
            ? perOrder((*loaded)[HandOverNs], (*loaded)[HandOvers]) / 1e6
            : statementMs;
        double turns = static_cast<double>(holds) / static_cast<double>(sold);
        double rowMs = turns * (holdMs + handOverMs);
        if (StrategyRegistry::traitsOf(c.strategy).retriesConflicts && racesAtLoad(calibration)) {
            // Every other client read the same version: each sale costs a losing turn of each, held
            // from its compare-and-set to its ROLLBACK, one round trip and a statement.
            turns = clients;
            rowMs = holdMs + statementMs + (clients - 1) * (target.rttMs + 2 * statementMs);
        }
        // The rows as equally busy as the busiest: one hot SKU is one, a SKU's 16 slots sixteen.
        const double share = BoundModel::busiestRowShare(shape);
        const int rows = std::clamp(static_cast<int>(1.0 / share + 0.5), 1, 1024);
        stations.push_back({ Bound::RowLock, rowMs / rows, rows });
        outsideMs -= std::min(outsideMs, turns * holdMs);
    }
    // The queue: a writer commits the orders queued meanwhile, up to a batch, in one cycle. In a
    // closed loop the clients of one batch wait while the others queue for the next: half each.
    if (writers) {
        const double cycleMs = perOrder(w[WriterBusyNs], w[LockHolds]) / 1e6;
        const int batch = std::max(1, std::min(target.batch, clients / 2));
        const double share = BoundModel::busiestWriterShare(target);
        stations.push_back({ Bound::Writer, cycleMs / batch * share, 1 });
        outsideMs = split.orderMs - split.ms(OrderTimeSplit::Part::LabWait) - cycleMs;
    }
    // A row locked inside one statement: its cycle at load, from the busy calibration when
    // that kept the row busy all the time (each release wakes the next waiter on busy cores).
    if (c.safe && holds == 0 && !writers && calibration.busy) {
        const QList<BoundModel::Ceiling> loaded = BoundModel::ceilings(*calibration.busy);
        const auto row = std::find_if(loaded.cbegin(), loaded.cend(),
            [](const BoundModel::Ceiling& ceiling) { return ceiling.resource == Bound::ServerRowLock; });
        if (row != loaded.cend() && row->term(BoundModel::Term::WaitedShare) >= BoundModel::kBoundReach)
            stations.push_back({ Bound::RowLock, 1000.0 / row->ordersPerS, 1 });
    }
    // The cores: the lab's and the server's CPU per order, shared by every order.
    if (const double aloneMs = cpuMsPerOrder(c); aloneMs >= 0.0) {
        stations.push_back({ Bound::Cpu, cpuMsAt(calibration, clients) / c.cores, 1 });
        outsideMs -= std::min(outsideMs, aloneMs); // the lone order's CPU time was inside its time
    }
    Prediction p = meanValueAnalysis(stations, std::max(0.0, outsideMs), clients);
    // A row locked inside the server at the target's own load: the busy calibration ran that
    // load, and its rate stands, the model naming the bound. The stations above miss how the
    // row's hand-overs and the busy cores interact there: with half to two thirds of the
    // orders waiting, the cores alone predicted a third more than the runs measured.
    if (calibration.busy && locksInsideStatement(c.strategy)
        && calibration.busy->experiment.threads == clients && calibration.busy->ordersPerS > 0.0)
        p.ordersPerS = calibration.busy->ordersPerS;
    if (target.arrival == ArrivalMode::Open && target.rate < p.ordersPerS)
        p = { target.rate, Bound::Arrival };
    return p;
}

QList<RunCell> calibrationCells(const QList<RunCell>& cells)
{
    QList<RunCell> calibration;
    QHash<QString, int> mostClients;
    for (const RunCell& cell : cells)
        mostClients[cell.strategy] = std::max(mostClients.value(cell.strategy), cell.experiment.threads);
    QSet<QString> strategies;
    for (const RunCell& cell : cells) {
        if (strategies.contains(cell.strategy))
            continue;
        strategies.insert(cell.strategy);
        calibration.append({ cell.strategy, calibrationExperiment(cell.experiment), 1 });
        if (const int busy = busyCalibrationClients(cell.strategy, mostClients.value(cell.strategy));
            busy > 1)
            calibration.append(
                { cell.strategy, busyCalibrationExperiment(cell.strategy, cell.experiment, busy), 1 });
    }
    return calibration;
}

QHash<QString, Calibration> byStrategy(const QList<StrategyResult>& results)
{
    QHash<QString, Calibration> calibrations;
    for (const StrategyResult& r : results) {
        if (r.experiment.threads <= 1)
            calibrations[r.strategy].alone = r;
        else
            calibrations[r.strategy].busy = r;
    }
    return calibrations;
}

QList<ForCell> forCells(const QList<RunCell>& cells, const QList<StrategyResult>& calibrations)
{
    const QHash<QString, Calibration> byName = byStrategy(calibrations);
    QList<ForCell> predicted;
    for (const RunCell& cell : cells) {
        const auto seen = std::find_if(predicted.cbegin(), predicted.cend(), [&](const ForCell& p) {
            return p.strategy == cell.strategy && p.clients == cell.experiment.threads;
        });
        const auto found = byName.constFind(cell.strategy);
        if (seen != predicted.cend() || found == byName.cend())
            continue;
        ForCell p { cell.strategy, cell.experiment.threads, predict(*found, cell.experiment), {} };
        if (p.prediction.ordersPerS < 0)
            p.why = found->alone.error.isEmpty()
                ? QCoreApplication::translate("RatePrediction", "no orders timed")
                : found->alone.error;
        predicted.append(p);
    }
    return predicted;
}

} // namespace RatePrediction
