#include "app/results/resultexplanation.h"

#include "app/results/claimexplanation.h"
#include "app/results/clusterexplanation.h"
#include "app/results/redisexplanation.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace ResultExplanation {

namespace {

// A rate within half of the row lock's ceiling is bound by it; below, something else is.
constexpr double kLockBoundReach = 0.5;
// CPU time over wall time and cores at which the machine, not a lock, sets the pace.
constexpr double kCpuBoundBusy = 0.8;

QString tr(const char* text)
{
    return QCoreApplication::translate("ResultExplanation", text);
}

QString percent(double share)
{
    if (share > 0.0 && share < 0.001)
        return QStringLiteral("<0.1");
    return number(100.0 * share, share < 0.1 ? 1 : 0);
}

// "6.3 % of orders" or, for a share too small for a percentage, "1 in 10,000 orders".
QString shareOfOrders(double share)
{
    if (share >= 0.01)
        return QCoreApplication::translate("ResultExplanation", "%1 % of orders").arg(percent(share));
    return QCoreApplication::translate("ResultExplanation", "1 in %1 orders")
        .arg(QLocale().toString(std::round(1.0 / share), 'f', 0));
}

double skuShare(const Experiment& e)
{
    switch (e.skew) {
    case SkewKind::Uniform:
        return 1.0 / static_cast<double>(e.skus);
    case SkewKind::HotSet: {
        const double hot = e.hotPercent / 100.0 / static_cast<double>(e.hotSkus);
        const double cold
            = e.skus > e.hotSkus ? (1.0 - e.hotPercent / 100.0) / static_cast<double>(e.skus) : 0.0;
        return std::min(1.0, hot + cold);
    }
    case SkewKind::Zipf: {
        double harmonic = 0.0;
        for (std::int64_t k = 1; k <= e.skus; ++k)
            harmonic += std::pow(static_cast<double>(k), -e.zipfS);
        return harmonic > 0.0 ? 1.0 / harmonic : 1.0;
    }
    }
    return 1.0;
}

bool usesSlots(const QString& strategy)
{
    return strategy == QLatin1String("slotted") || strategy == QLatin1String("slotted-partitioned")
        || strategy == QLatin1String("slotted-routed");
}

// The machine: CPU per order, and how busy the cores were (-1 when unknown).
double addMachine(const StrategyResult& r, QJsonObject& f)
{
    double busy = -1.0;
    if (r.clientCpuS >= 0.0 && r.cpuWallS > 0.0 && r.cores > 0) {
        const double server = std::max(0.0, r.serverCpuS);
        busy = (r.clientCpuS + server) / (r.cpuWallS * r.cores);
        const double sold = static_cast<double>(std::max(1LL, r.clients[ClientCount::Sold] - r.lateOrders));
        f.insert(QStringLiteral("client_cpu_ms_per_order"), 1000.0 * r.clientCpuS / sold);
        if (r.serverCpuS >= 0.0)
            f.insert(QStringLiteral("server_cpu_ms_per_order"), 1000.0 * r.serverCpuS / sold);
        f.insert(QStringLiteral("cpu_busy"), busy);
        f.insert(QStringLiteral("cores"), r.cores);
    }
    return busy;
}

// The row lock: held for so long per commit, one row passes at most 1/hold commits a second.
// An unsafe baseline does not hold its lock from the read to the commit: no ceiling to name.
// True when the run came close enough to that ceiling to be bound by it.
bool addRowLock(const StrategyResult& r, QStringList& sentences, QJsonObject& f)
{
    if (!(r.safe && r.measuredLockHolds > 0 && r.lockHoldMs > 0.0))
        return false;
    const double perCommit = std::max(1.0,
        static_cast<double>(r.clients[ClientCount::Sold] - r.lateOrders)
            / static_cast<double>(r.measuredLockHolds));
    const double rowCeiling = 1000.0 / r.lockHoldMs * perCommit;
    const double share = busiestRowShare(r);
    const double ceiling = rowCeiling / share;
    const double reach = r.ordersPerS / ceiling;
    f.insert(QStringLiteral("lock_hold_ms"), r.lockHoldMs);
    f.insert(QStringLiteral("orders_per_commit"), perCommit);
    f.insert(QStringLiteral("busiest_row_share"), share);
    f.insert(QStringLiteral("row_ceiling_orders_per_s"), rowCeiling);
    f.insert(QStringLiteral("ceiling_orders_per_s"), ceiling);
    f.insert(QStringLiteral("reach"), reach);
    const bool lockBound = reach >= kLockBoundReach;
    const QString held = perCommit > 1.05
        ? tr("each commit held its row lock %1 ms for %2 orders")
              .arg(millis(r.lockHoldMs), number(perCommit, 1))
        : tr("each order held its row lock %1 ms, from the locking statement to the commit")
              .arg(millis(r.lockHoldMs));
    const QString share_ = share < 0.999 ? tr(" (with %1 on the busiest row, %2 orders/s in all)")
                                               .arg(shareOfOrders(share), number(ceiling, 0))
                                         : QString();
    if (lockBound) {
        sentences << tr("Row-lock serialisation: %1, so one row passes at most %2 orders/s%3; the run "
                        "reached %4 % of that.")
                         .arg(held, number(rowCeiling, 0), share_, percent(std::min(reach, 1.0)));
    } else {
        sentences << tr("The row lock is not the bound: %1, which would allow %2 orders/s%3; the run "
                        "reached %4 % of that.")
                         .arg(held, number(rowCeiling, 0), share_, percent(reach));
    }
    // The simulated network: every statement between the lock and the commit crosses it.
    if (const double rtt = r.experiment.rttMs; rtt > 0.0) {
        const double roundTrips = r.lockHoldMs / rtt;
        f.insert(QStringLiteral("round_trips_held"), roundTrips);
        sentences << tr("With a %1 ms network round trip, that hold is %2 round trips: each statement "
                        "after the locking "
                        "one crosses the network while the row stays locked.")
                         .arg(number(rtt, rtt < 1.0 ? 2 : 1), number(roundTrips, 1));
    }
    return lockBound;
}

void addCpuBound(const StrategyResult& r, double busy, QStringList& sentences, const QJsonObject& f)
{
    QString perOrder = tr("%1 ms of the lab's CPU")
                           .arg(millis(f.value(QStringLiteral("client_cpu_ms_per_order")).toDouble()));
    if (r.serverCpuS >= 0.0)
        perOrder += tr(" and %1 ms of the server's")
                        .arg(millis(f.value(QStringLiteral("server_cpu_ms_per_order")).toDouble()));
    sentences << tr("The machine's CPU is the bound: %1 % of %2 cores were busy, %3 per order.")
                     .arg(percent(std::min(busy, 1.0)), QString::number(r.cores), perOrder);
}

// What the strategy itself adds: lost updates, retries, the queue, refusals with stock left.
void addStrategyFigures(const StrategyResult& r, QStringList& sentences, QJsonObject& f)
{
    if (!r.safe) {
        f.insert(QStringLiteral("lost_updates"), static_cast<double>(r.lostUpdates));
        f.insert(QStringLiteral("oversold"), static_cast<double>(r.oversold));
        if (r.lostUpdates > 0 || r.oversold > 0)
            sentences << tr(
                "An unsafe baseline: nothing holds the row from the read to the write, so concurrent orders "
                "overwrite each other's stock: %1 updates were lost and %2 units oversold in this run.")
                             .arg(r.lostUpdates)
                             .arg(r.oversold);
        else
            sentences << tr(
                "An unsafe baseline: nothing holds the row from the read to the write; this time no two "
                "orders overlapped badly enough to lose an update.");
    }
    if (r.strategy == QLatin1String("optimistic") && r.clients[ClientCount::Retries] > 0) {
        const double perOrder = static_cast<double>(r.clients[ClientCount::Retries])
            / static_cast<double>(std::max(1LL, r.clients[ClientCount::Sold]));
        f.insert(QStringLiteral("retries_per_order"), perOrder);
        QString text = tr("%1 retries per sold order: each version conflict is a transaction done again.")
                           .arg(number(perOrder, 1));
        if (r.clients[ClientCount::Failed] > 0)
            text += tr(" %1 orders gave up after %2 conflicts.")
                        .arg(r.clients[ClientCount::Failed])
                        .arg(r.experiment.maxRetries);
        sentences << text;
    }
    if (r.queueWaitMs > 0.0) {
        f.insert(QStringLiteral("queue_wait_ms"), r.queueWaitMs);
        sentences << tr("Orders waited %1 ms in the queue and %2 ms in the transaction.")
                         .arg(millis(r.queueWaitMs), millis(r.lockHoldMs));
    }
    if (r.strategy == QLatin1String("slotted-partitioned") || r.strategy == QLatin1String("slotted-routed")) {
        // Counted by the clients at each refusal: the SKU's slots together still held the order.
        f.insert(QStringLiteral("refused_with_stock"),
            static_cast<double>(r.clients[ClientCount::RefusedWithStock]));
        f.insert(QStringLiteral("rebalances"), static_cast<double>(r.clients[ClientCount::Rebalances]));
        if (r.clients[ClientCount::RefusedWithStock] > 0)
            sentences << tr(
                "%1 orders were refused while the SKU's slots together still held enough for them.")
                             .arg(r.clients[ClientCount::RefusedWithStock]);
        if (r.clients[ClientCount::Rebalances] > 0)
            sentences << tr("%1 rebalances moved stock between the slots instead of refusing an order.")
                             .arg(r.clients[ClientCount::Rebalances]);
    }
    if (r.strategy == QLatin1String("redis-split"))
        RedisExplanation::addTo(r, sentences, f);
}

// What rolled transactions back, and what happened after the last unit sold.
void addRollbacksAndSellOut(const StrategyResult& r, double orders, QStringList& sentences, QJsonObject& f)
{
    if (r.deadlocks > 0 || r.lockWaitTimeouts > 0) {
        const double perThousand = 1000.0 * static_cast<double>(r.deadlocks + r.lockWaitTimeouts) / orders;
        f.insert(QStringLiteral("deadlocks_and_timeouts_per_1000_orders"), perThousand);
        sentences << tr(
            "%1 deadlocks and %2 lock wait timeouts, %3 per 1,000 orders: each rolled a transaction back.")
                         .arg(r.deadlocks)
                         .arg(r.lockWaitTimeouts)
                         .arg(number(perThousand, 1));
    }
    if (r.soldOut()) {
        sentences << tr(
            "It sold out at %1 s; the %2 attempts after that found no stock and are left out of the rates.")
                         .arg(number(r.soldOutS, 2))
                         .arg(r.attemptsAfterSoldOut);
    }
}

} // namespace

double busiestRowShare(const StrategyResult& r)
{
    const double share = skuShare(r.experiment);
    return usesSlots(r.strategy) ? share / std::max(1, r.experiment.slotsPerSku) : share;
}

QString boundKey(Bound bound)
{
    switch (bound) {
    case Bound::RowLock:
        return QStringLiteral("row-lock");
    case Bound::Cpu:
        return QStringLiteral("cpu");
    case Bound::Certification:
        return QStringLiteral("certification");
    case Bound::Other:
        return QStringLiteral("other");
    case Bound::None:
        break;
    }
    return QStringLiteral("none");
}

QString number(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

QString millis(double ms)
{
    return number(ms, ms < 1.0 ? 3 : ms < 10.0 ? 2 : ms < 100.0 ? 1 : 0);
}

namespace {

// Every statement of every strategy crosses the simulated network, or none does: said in every
// explanation, since every rate depends on it. The row lock's sentence has said it already.
void addNetwork(const StrategyResult& r, Explained& out)
{
    if (out.figures.contains(QStringLiteral("round_trips_held")))
        return;
    const double rtt = r.experiment.rttMs;
    out.figures.insert(QStringLiteral("rtt_ms"), rtt);
    if (!out.text.isEmpty())
        out.text += QLatin1Char(' ');
    out.text += (rtt > 0.0
            ? tr("Every statement crossed a %1 ms network round trip.").arg(number(rtt, rtt < 1.0 ? 2 : 1))
            : tr("No network was simulated: statements crossed only the machine's loopback."));
}

// The inventory workload's sentences: the bound first, then what the strategy adds.
Explained ofInventory(const StrategyResult& r)
{
    Explained out;
    QStringList sentences;
    QJsonObject& f = out.figures;
    const double busy = addMachine(r, f);
    const bool cpuBound = busy >= kCpuBoundBusy;
    // On a multi-primary cluster the aborts can be the story: the row lock's ceiling is then beside the
    // point.
    const bool certificationBound = ClusterExplanation::addTo(r, sentences, f);
    const bool lockBound = !certificationBound && addRowLock(r, sentences, f);
    if (cpuBound && !lockBound && !certificationBound)
        addCpuBound(r, busy, sentences, f);
    // A hot row well short of its ceiling, with cores to spare: the time between two holders
    // (the server waking the next waiter, its reply reaching a client thread) is not in the
    // client-side hold, and on a busy machine it can be as long as the hold itself.
    const double reach = f.value(QStringLiteral("reach")).toDouble();
    if (!lockBound && !cpuBound && f.value(QStringLiteral("busiest_row_share")).toDouble() >= 0.5
        && reach >= 0.2)
        sentences << tr("The rest is the hand-over between holders: waking the next waiter and its round "
                        "trip, which the hold "
                        "time does not include.");
    out.bound = certificationBound ? Bound::Certification
        : lockBound                ? Bound::RowLock
        : cpuBound                 ? Bound::Cpu
                                   : Bound::Other;
    addStrategyFigures(r, sentences, f);
    addRollbacksAndSellOut(r, std::max(1.0, r.ordersPerS * r.measuredS()), sentences, f);
    f.insert(QStringLiteral("bound"), boundKey(out.bound));
    out.text = sentences.join(QLatin1Char(' '));
    return out;
}

} // namespace

Explained of(const StrategyResult& r)
{
    if (!r.error.isEmpty() || r.clients[ClientCount::Sold] <= 0)
        return {};
    Explained out = r.experiment.workload == WorkloadKind::Claim ? ClaimExplanation::of(r) : ofInventory(r);
    addNetwork(r, out);
    return out;
}

} // namespace ResultExplanation
