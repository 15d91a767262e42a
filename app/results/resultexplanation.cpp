#include "app/results/resultexplanation.h"

#include "strategies/strategyregistry.h"

#include "app/results/boundmodel.h"
#include "app/results/boundsentence.h"
#include "app/results/claimexplanation.h"
#include "app/results/clusterexplanation.h"
#include "app/results/redisexplanation.h"
#include "app/results/resultfilekeys.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <climits>
#include <cmath>

namespace ResultExplanation {

namespace {

const QLatin1String kRoundTripsHeld { "round_trips_held" };

QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("ResultExplanation", text, disambiguation, n);
}

// A strategy file's own promises: each invariant that found rows once the run was over.
void addInvariants(const StrategyResult& r, QStringList& sentences, QJsonObject& f)
{
    if (r.invariants.isEmpty())
        return;
    long long broken = 0;
    for (const InvariantCheck& check : r.invariants) {
        if (!check.broken())
            continue;
        ++broken;
        sentences << tr(
            "The invariant %1 of the strategy's file found %n row(s) that break it once the run was "
            "over; the first: %2.",
            nullptr, static_cast<int>(std::min<std::int64_t>(check.rows, INT_MAX)))
                         .arg(check.name, check.firstRow);
    }
    f.insert(QStringLiteral("invariants_broken"), static_cast<double>(broken));
}

// What the strategy itself adds: lost updates, retries, the queue, refusals with stock left.
void addStrategyFigures(const StrategyResult& r, QStringList& sentences, QJsonObject& f)
{
    if (!r.safe) {
        repeat<&StrategyResult::lostUpdates>(r, f);
        repeat<&StrategyResult::oversold>(r, f);
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
    const StrategyTraits traits = StrategyRegistry::traitsOf(r.strategy);
    if (traits.retriesConflicts && r.clients[ClientCount::Retries] > 0) {
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
        repeat<&StrategyResult::queueWaitMs>(r, f);
        sentences << tr("Orders waited %1 ms in the queue and %2 ms in the transaction.")
                         .arg(millis(r.queueWaitMs), millis(r.lockHoldMs));
    }
    if (traits.locksOneSlot) {
        // Counted by the clients at each refusal: the SKU's slots together still held the order.
        repeat(r, ClientCount::RefusedWithStock, f);
        repeat(r, ClientCount::Rebalances, f);
        if (r.clients[ClientCount::RefusedWithStock] > 0)
            sentences << tr(
                "%1 orders were refused while the SKU's slots together still held enough for them.")
                             .arg(r.clients[ClientCount::RefusedWithStock]);
        if (r.clients[ClientCount::Rebalances] > 0)
            sentences << tr("%1 rebalances moved stock between the slots instead of refusing an order.")
                             .arg(r.clients[ClientCount::Rebalances]);
    }
    if (traits.layout == StockLayout::Redis)
        RedisExplanation::addTo(r, sentences, f);
    addInvariants(r, sentences, f);
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
    if (const QString detector = r.knobs.value(QStringLiteral("deadlock_timeout"));
        r.deadlocks > 0 && !detector.isEmpty())
        sentences << tr("PostgreSQL looks for a cycle only once a waiter has waited deadlock_timeout (%1), "
                        "where InnoDB looks at once: each deadlock held its transactions at least that "
                        "long before one was rolled back.")
                         .arg(detector);
    if (const QString account = r.deadlockAccount.sentence(); !account.isEmpty())
        sentences << account;
    if (r.soldOut()) {
        sentences << tr(
            "It sold out at %1 s; the %2 attempts after that found no stock and are left out of the rates.")
                         .arg(number(r.soldOutS, 2))
                         .arg(r.attemptsAfterSoldOut);
    }
    if (const long long cancelled = r.clients[ClientCount::Cancelled]; cancelled > 0) {
        repeat(r, ClientCount::Cancelled, f);
        sentences << tr("Orders cancelled by the stop while under way: %1. Each was rolled back, so none of "
                        "them is in the orders table, the stock sold or the rates.")
                         .arg(cancelled);
    }
}

} // namespace

void repeat(const StrategyResult& r, ClientCount count, QJsonObject& figures)
{
    const ClientCountName& name = clientCountNames()[static_cast<std::size_t>(count)];
    figures.insert(QLatin1String(name.resultKey ? name.resultKey : name.sampleKey),
        static_cast<double>(r.clients[count]));
}

double busiestRowShare(const StrategyResult& r)
{
    return BoundModel::busiestRowShare(r);
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
    if (out.figures.contains(kRoundTripsHeld))
        return;
    const double rtt = r.experiment.rttMs;
    repeat<&StrategyResult::experiment, &Experiment::rttMs>(r, out.figures);
    if (!out.text.isEmpty())
        out.text += QLatin1Char(' ');
    out.text += (rtt > 0.0
            ? tr("Every statement crossed a %1 ms network round trip.").arg(number(rtt, rtt < 1.0 ? 2 : 1))
            : tr("No network was simulated: statements crossed only the machine's loopback."));
}

// The explanation's bound: a row locked inside the server is a row lock all the same.
Bound headlineOf(Bound bound)
{
    return bound == Bound::ServerRowLock ? Bound::RowLock : bound;
}

void insertAll(const QJsonObject& from, QJsonObject& into)
{
    for (auto it = from.begin(); it != from.end(); ++it)
        into.insert(it.key(), it.value());
}

// Every ceiling, with its terms, for the JSON; the bound's terms and the CPU's also at the top.
void addCeilings(
    const QList<BoundModel::Ceiling>& all, const std::optional<BoundModel::Ceiling>& bound, QJsonObject& f)
{
    QJsonObject ceilings;
    for (const BoundModel::Ceiling& c : all) {
        QJsonObject entry = c.termsJson();
        entry.insert(QStringLiteral("ceiling_orders_per_s"), c.ordersPerS);
        entry.insert(QStringLiteral("reach"), c.reach);
        ceilings.insert(boundKey(c.resource), entry);
        if (c.resource == Bound::Cpu)
            insertAll(c.termsJson(), f);
    }
    f.insert(QStringLiteral("ceilings"), ceilings);
    if (!bound)
        return;
    insertAll(bound->termsJson(), f);
    f.insert(QStringLiteral("bound_resource"), boundKey(bound->resource));
    f.insert(QStringLiteral("ceiling_orders_per_s"), bound->ordersPerS);
    f.insert(QStringLiteral("reach"), bound->reach);
}

// With the row held across the simulated network, each statement inside the hold is a round trip.
void addRoundTripsHeld(
    const StrategyResult& r, const BoundModel::Ceiling& bound, QStringList& sentences, QJsonObject& f)
{
    const double rtt = r.experiment.rttMs;
    const double holdMs = bound.term(BoundModel::Term::HoldMs);
    if (bound.resource != Bound::RowLock || rtt <= 0.0 || holdMs <= 0.0)
        return;
    const double roundTrips = holdMs / rtt;
    f.insert(kRoundTripsHeld, roundTrips);
    sentences << tr("With a %1 ms network round trip, that hold is %2 round trips: each statement after the "
                    "locking one crosses the network while the row stays locked.")
                     .arg(number(rtt, rtt < 1.0 ? 2 : 1), number(roundTrips, 1));
}

// The inventory workload's sentences: the bound first, where an order's time went, then what
// the strategy adds.
Explained ofInventory(const StrategyResult& r)
{
    Explained out;
    QStringList sentences;
    QJsonObject& f = out.figures;
    // On a multi-primary cluster the aborts can be the story: the ceilings are then beside the point.
    const bool certificationBound = ClusterExplanation::addTo(r, sentences, f);
    const QList<BoundModel::Ceiling> all = BoundModel::ceilings(r);
    const std::optional<BoundModel::Ceiling> bound = BoundModel::bound(all);
    addCeilings(all, certificationBound ? std::nullopt : bound, f);
    out.bound = certificationBound ? Bound::Certification
        : bound                    ? headlineOf(bound->resource)
                                   : Bound::Other;
    if (bound && !certificationBound) {
        sentences << BoundSentence::of(*bound, all, r);
        addRoundTripsHeld(r, *bound, sentences, f);
    }
    const OrderTimeSplit split = OrderTimeSplit::of(r.windowClients);
    if (const QString where = BoundSentence::timeSplit(split, r.windowClients); !where.isEmpty()) {
        sentences << where;
        f.insert(ResultFileKeys::kTimeSplit, split.toJson());
    }
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
