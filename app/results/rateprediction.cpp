#include "app/results/rateprediction.h"

#include "app/core/ordertimesplit.h"
#include "app/results/boundmodel.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <vector>

namespace RatePrediction {

namespace {

// A station of the model: `count` identical queues (the rows a SKU's orders spread over, or one),
// each visited with this demand in ms per order, or a delay no order waits for.
struct Station {
    QString bound;
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
    Prediction p { 1000.0 * throughput, QStringLiteral("clients") };
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
    return e;
}

Prediction predict(const StrategyResult& c, const Experiment& target)
{
    using enum ClientCount;
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

    // The row: each hold, and the hand-over to the next waiter, which one client never sees:
    // about one statement's turn-around on the server.
    // (A queue's writer holds its row once per batch, alone: its cycle below stands for it.)
    const long long holds = w[LockHolds] + w[RolledBackHolds];
    const bool writers = w[WriterBusyNs] > 0 && w[QueuedOrders] > 0;
    if (c.safe && holds > 0 && !writers) {
        const double holdMs = perOrder(w[LockHoldNs] + w[RolledBackHoldNs], holds) / 1e6;
        const double statementMs = perOrder(w[ServerNs] - w[CommitNs], w[Statements] - w[Commits]) / 1e6;
        double turns = static_cast<double>(holds) / static_cast<double>(sold);
        double rowMs = turns * (holdMs + statementMs);
        if (c.strategy == QLatin1String("optimistic")) {
            // Every other client read the same version: each sale costs a losing turn of each, held
            // from its compare-and-set to its ROLLBACK, one round trip and a statement.
            turns = clients;
            rowMs = holdMs + statementMs + (clients - 1) * (target.rttMs + 2 * statementMs);
        }
        // The rows as equally busy as the busiest: one hot SKU is one, a SKU's 16 slots sixteen.
        const double share = BoundModel::busiestRowShare(shape);
        const int rows = std::clamp(static_cast<int>(1.0 / share + 0.5), 1, 1024);
        stations.push_back({ QStringLiteral("row-lock"), rowMs / rows, rows });
        outsideMs -= std::min(outsideMs, turns * holdMs);
    }
    // The queue: a writer commits the orders queued meanwhile, up to a batch, in one cycle. In a
    // closed loop the clients of one batch wait while the others queue for the next: half each.
    if (writers) {
        const double cycleMs = perOrder(w[WriterBusyNs], w[LockHolds]) / 1e6;
        const int batch = std::max(1, std::min(target.batch, clients / 2));
        const double share = BoundModel::busiestWriterShare(target);
        stations.push_back({ QStringLiteral("writer"), cycleMs / batch * share, 1 });
        outsideMs = split.orderMs - split.ms(OrderTimeSplit::Part::LabWait) - cycleMs;
    }
    // The cores: the lab's and the server's CPU per order, shared by every order.
    if (c.clientCpuS >= 0.0 && c.cores > 0) {
        // Over the clients' whole run, warm-up included, as the CPU was read.
        const double all = static_cast<double>(std::max(1LL, c.clients[Sold] - c.lateOrders));
        const double cpuMs = 1000.0 * (c.clientCpuS + std::max(0.0, c.serverCpuS)) / all;
        stations.push_back({ QStringLiteral("cpu"), cpuMs / c.cores, 1 });
        outsideMs -= std::min(outsideMs, cpuMs); // the CPU's time was inside the order's
    }
    Prediction p = meanValueAnalysis(stations, std::max(0.0, outsideMs), clients);
    if (target.arrival == ArrivalMode::Open && target.rate < p.ordersPerS)
        p = { target.rate, QStringLiteral("arrival") };
    return p;
}

QList<RunCell> calibrationCells(const QList<RunCell>& cells)
{
    QList<RunCell> calibration;
    QSet<QString> strategies;
    for (const RunCell& cell : cells) {
        if (!strategies.contains(cell.strategy)) {
            strategies.insert(cell.strategy);
            calibration.append({ cell.strategy, calibrationExperiment(cell.experiment), 1 });
        }
    }
    return calibration;
}

QList<ForCell> forCells(const QList<RunCell>& cells, const QList<StrategyResult>& calibrations)
{
    QList<ForCell> predicted;
    for (const RunCell& cell : cells) {
        const auto seen = std::find_if(predicted.cbegin(), predicted.cend(), [&](const ForCell& p) {
            return p.strategy == cell.strategy && p.clients == cell.experiment.threads;
        });
        const auto found = std::find_if(calibrations.cbegin(), calibrations.cend(),
            [&](const StrategyResult& r) { return r.strategy == cell.strategy; });
        if (seen != predicted.cend() || found == calibrations.cend())
            continue;
        ForCell p { cell.strategy, cell.experiment.threads, predict(*found, cell.experiment), {} };
        if (p.prediction.ordersPerS < 0)
            p.why = found->error.isEmpty() ? QCoreApplication::translate("RatePrediction", "no orders timed")
                                           : found->error;
        predicted.append(p);
    }
    return predicted;
}

} // namespace RatePrediction
