#include "app/results/boundsentence.h"

#include "app/results/resultexplanation.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace BoundSentence {

namespace {

using BoundModel::Ceiling;
using BoundModel::Term;
using ResultExplanation::millis;
using ResultExplanation::number;

QString tr(const char* text)
{
    return QCoreApplication::translate("BoundSentence", text);
}

QString percentOf(double reach)
{
    return number(100.0 * reach, 0);
}

QString rowLock(const Ceiling& c)
{
    const double holdsPerOrder = c.term(Term::HoldsPerOrder);
    QString held;
    if (holdsPerOrder > 1.05)
        held = tr("every sale took %1 turns on the row (an attempt that lost held it until its ROLLBACK), "
                  "each holding it %2 ms")
                   .arg(number(holdsPerOrder, 1), millis(c.term(Term::HoldMs)));
    else if (holdsPerOrder < 0.95)
        held = tr("each commit held its row lock %1 ms for %2 orders")
                   .arg(millis(c.term(Term::HoldMs)), number(1.0 / holdsPerOrder, 1));
    else
        held = tr("each order held its row lock %1 ms, from the locking statement to the commit")
                   .arg(millis(c.term(Term::HoldMs)));
    const QString handOver = c.term(Term::HandOversPerHold) >= 0.05
        ? tr(", and the lock took %1 ms more to reach the next waiter").arg(millis(c.term(Term::HandOverMs)))
        : tr(", and hardly any holder waited for another");
    const double share = c.term(Term::BusiestRowShare);
    const QString spread = share < 0.999
        ? tr(" (with %1 % of orders on the busiest row, %2 orders/s in all)")
              .arg(number(100.0 * share, share < 0.1 ? 1 : 0), number(c.ordersPerS, 0))
        : QString();
    return tr(
        "Row-lock serialisation: %1%2, so one row passes at most %3 orders/s%4; the run reached %5 % of "
        "that.")
        .arg(held, handOver, number(c.term(Term::RowCeilingOrdersPerS), 0), spread, percentOf(c.reach));
}

QString serverRowLock(const Ceiling& c)
{
    if (c.has(Term::Looks)) // PostgreSQL: no count of lock waits, only looks
        return tr(
            "The row lock inside the server is the bound: the lab found a transaction waiting for it in "
            "%1 % of its %2 looks at the server (PostgreSQL counts no lock waits), so the row was never "
            "free for long and passed %3 orders/s (the run reached %4 % of a row that is always busy). "
            "The lock is taken and released inside one statement, where the client cannot time it.")
            .arg(number(100.0 * c.term(Term::WaitedShare), 0), number(c.term(Term::Looks), 0),
                number(c.ordersPerS * c.reach, 0), percentOf(c.reach));
    return tr(
        "The row lock inside the server is the bound: %1 % of orders waited for it, %2 ms each by the "
        "server's own count, so the row was never free for long and passed %3 orders/s (the run reached "
        "%4 % of a row that is always busy). The lock is taken and released inside one statement, where "
        "the client cannot time it.")
        .arg(number(100.0 * c.term(Term::WaitedShare), 0), millis(c.term(Term::ServerLockWaitMsPerOrder)),
            number(c.ordersPerS * c.reach, 0), percentOf(c.reach));
}

QString writer(const Ceiling& c)
{
    return tr(
        "The queue's writer is the bound: the busiest writer takes %1 % of the orders and spent %2 ms per "
        "batch of %3 orders (its round trips, statements and commit), so it passes at most %4 orders/s; "
        "the run reached %5 % of that.")
        .arg(number(100.0 * c.term(Term::BusiestWriterShare), 0), millis(c.term(Term::BatchMs)),
            number(c.term(Term::OrdersPerBatch), 1), number(c.ordersPerS, 0), percentOf(c.reach));
}

QString cpu(const Ceiling& c)
{
    QString perOrder = tr("%1 ms of the lab's CPU").arg(millis(c.term(Term::ClientCpuMsPerOrder)));
    if (c.has(Term::ServerCpuMsPerOrder))
        perOrder += tr(" and %1 ms of the server's").arg(millis(c.term(Term::ServerCpuMsPerOrder)));
    return tr("The machine's CPU is the bound: %1 % of %2 cores were busy, %3 per order, which allow %4 "
              "orders/s; the run reached %5 % of that.")
        .arg(number(100.0 * std::min(1.0, c.term(Term::CpuBusy)), 0), QString::number(c.term(Term::Cores)),
            perOrder, number(c.ordersPerS, 0), percentOf(c.reach));
}

// The busiest shared resource of a run bound by its clients or its arrivals.
QString unsaturated(const QList<Ceiling>& all)
{
    const Ceiling* busiest = nullptr;
    for (const Ceiling& c : all) {
        if (c.resource != Bound::Clients && c.resource != Bound::Arrival
            && (!busiest || c.reach > busiest->reach))
            busiest = &c;
    }
    if (!busiest)
        return QString();
    return tr(" No shared resource was saturated: %1 was at %2 % of its ceiling of %3 orders/s.")
        .arg(boundName(busiest->resource), percentOf(busiest->reach), number(busiest->ordersPerS, 0));
}

} // namespace

QString of(const Ceiling& bound, const QList<Ceiling>& all, const StrategyResult& r)
{
    QString text;
    switch (bound.resource) {
    case Bound::RowLock:
        text = rowLock(bound);
        break;
    case Bound::ServerRowLock:
        text = serverRowLock(bound);
        break;
    case Bound::Writer:
        text = writer(bound);
        break;
    case Bound::Cpu:
        text = cpu(bound);
        break;
    case Bound::Arrival:
        text
            = tr("The arrival rate is the bound: orders arrived at %1 a second and the run completed %2 % of "
                 "that rate.")
                  .arg(number(r.experiment.rate, 0), percentOf(bound.reach))
            + unsaturated(all);
        break;
    case Bound::Clients: {
        // An order of two SKUs or a claimed batch sells several lines, and the rates count lines.
        const double lines = bound.term(Term::LinesPerOrder);
        const QString clients = QString::number(bound.term(Term::Clients));
        text = std::abs(lines - 1.0) < 0.05
            ? tr("The clients are the bound: %1 clients, each waiting %2 ms for its order before it sends "
                 "the next, allow %3 orders/s; the run reached %4 % of that.")
                  .arg(clients, millis(bound.term(Term::OrderMs)), number(bound.ordersPerS, 0),
                      percentOf(bound.reach))
            : tr("The clients are the bound: %1 clients, each waiting %2 ms for its order before it sends "
                 "the next and selling %3 order lines per order on average, allow %4 order lines/s; the run "
                 "reached %5 % of that.")
                  .arg(clients, millis(bound.term(Term::OrderMs)), number(lines, 2),
                      number(bound.ordersPerS, 0), percentOf(bound.reach));
        text += unsaturated(all);
        break;
    }
    case Bound::None: // not a resource the model measures a ceiling of
    case Bound::Certification:
    case Bound::Other:
        break;
    }
    // An open loop keeps its schedule whatever bounds it: what it could not send is said.
    for (const Ceiling& c : all) {
        if (const double backlog = c.term(Term::BacklogAtEnd); c.resource == Bound::Arrival && backlog > 0)
            text += tr(
                " The server fell behind: %1 orders were due and not yet sent when the run stopped; their "
                "latency would count from when they were due, and they are in no figure.")
                        .arg(number(backlog, 0));
    }
    if (bound.reach < BoundModel::kBoundReach)
        text += tr(
            " The model falls short: no ceiling it measures was reached beyond %1 %, so %2 % of the time "
            "went to something the lab does not measure.")
                    .arg(percentOf(bound.reach), number(100.0 * (1.0 - bound.reach), 0));
    return text;
}

QString timeSplit(const OrderTimeSplit& split, const ClientCounts& window, TimedUnit unit)
{
    using Part = OrderTimeSplit::Part;
    if (!split.known() || split.orderMs <= 0.0)
        return QString();
    const double roundTrips
        = static_cast<double>(window[ClientCount::Statements]) / static_cast<double>(split.orders);
    const std::vector<std::pair<Part, QString>> names {
        { Part::LabWait, tr("%1 ms waiting in the lab (its queue or an open-loop backlog)") },
        { Part::Network,
            tr("%1 ms crossing the network (%2 round trips)")
                .arg(QStringLiteral("%1"), number(roundTrips, 1)) },
        { Part::LateWake, tr("%1 ms waking late from the network's sleeps (a busy machine)") },
        { Part::LockWait, tr("%1 ms waiting for a row lock") },
        { Part::Execute, tr("%1 ms executing") },
        { Part::Commit, tr("%1 ms committing") },
        { Part::Redis, tr("%1 ms in Redis") },
        { Part::Backoff, tr("%1 ms backing off before a retry") },
        { Part::Work, tr("%1 ms of work inside the transaction") },
        { Part::Unaccounted, tr("%1 ms that no clock saw (the lab's own CPU, threads waiting to run)") },
    };
    std::vector<std::pair<double, QString>> items;
    for (const auto& [p, name] : names) {
        const double ms = split.ms(p);
        if (ms >= 0.02 * split.orderMs)
            items.emplace_back(ms, name.arg(millis(ms)));
    }
    std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    QStringList parts;
    for (const auto& item : items)
        parts << item.second;
    const QString where = unit == TimedUnit::Batch ? tr("Where a batch's %1 ms went: %2.")
                                                   : tr("Where an order's %1 ms went: %2.");
    return where.arg(millis(split.orderMs), parts.join(QStringLiteral(", ")));
}

} // namespace BoundSentence
