#include "app/results/claimexplanation.h"

#include "app/results/boundsentence.h"
#include "app/results/resultfilekeys.h"

#include <QCoreApplication>

#include <algorithm>

namespace ClaimExplanation {

namespace {

// A rate within half of one-batch-at-a-time's ceiling is bound by it; one well above it
// (half as much again) can only come from batches locked at the same time.
constexpr double kSerialReach = 0.5;
constexpr double kSideBySide = 1.5;

QString tr(const char* text)
{
    return QCoreApplication::translate("ClaimExplanation", text);
}

using ResultExplanation::millis;
using ResultExplanation::number;

// A batch claimed by a locking read keeps its rows locked to the commit; when every worker's
// read starts at the same first pending rows, batches pass one at a time. True when the run was
// bound by that.
bool addBatches(const StrategyResult& r, double batch, QStringList& sentences, QJsonObject& f)
{
    if (!(r.measuredLockHolds > 0 && r.lockHoldMs > 0.0))
        return false;
    const double ceiling = 1000.0 / r.lockHoldMs * batch;
    const double reach = r.ordersPerS / ceiling;
    ResultExplanation::repeat<&StrategyResult::lockHoldMs>(r, f);
    f.insert(QStringLiteral("tasks_per_batch"), batch);
    f.insert(QStringLiteral("one_batch_at_a_time_tasks_per_s"), ceiling);
    f.insert(QStringLiteral("reach"), reach);
    if (reach > kSideBySide) {
        sentences << tr("Batches ran side by side: each kept its %1 tasks locked %2 ms, which one batch "
                        "at a time would cap "
                        "at %3 tasks/s; the run reached %4 tasks/s, %5 times that.")
                         .arg(number(batch, 1), millis(r.lockHoldMs), number(ceiling, 0),
                             number(r.ordersPerS, 0), number(reach, 1));
    } else if (reach >= kSerialReach) {
        sentences << tr("Batches took turns: each kept its %1 tasks locked %2 ms, work and round trips "
                        "included, and the "
                        "next worker waited for the same rows; one batch at a time allows %3 tasks/s, "
                        "and the run reached %4 % of that.")
                         .arg(number(batch, 1), millis(r.lockHoldMs), number(ceiling, 0),
                             number(100.0 * std::min(reach, 1.0), 0));
    } else {
        sentences << tr("Each batch kept its %1 tasks locked %2 ms; one batch at a time would allow %3 "
                        "tasks/s, and the run "
                        "reached %4 % of that: the time went elsewhere.")
                         .arg(number(batch, 1), millis(r.lockHoldMs), number(ceiling, 0),
                             number(100.0 * reach, 0));
    }
    return reach <= kSideBySide && reach >= kSerialReach;
}

// When no batch kept its rows locked across the work (the claim by UPDATE), or batches did not
// take turns, a worker's batch is a cycle of its statements, its work and its round trips, and
// the workers over that cycle are the rate. The bound is the cycle's largest share: the row
// locks the claims queue for (as the server's lock view saw them, which a statement's own
// clock counts as executing), the workers' own time (work, round trips), or the statements.
Bound addCycle(const StrategyResult& r, double batch, double tasks, QStringList& sentences, QJsonObject& f)
{
    using Part = OrderTimeSplit::Part;
    const OrderTimeSplit split = OrderTimeSplit::of(r.windowClients);
    if (!split.known() || split.orderMs <= 0.0)
        return Bound::Other;
    const double workers = r.experiment.threads;
    const double ceiling = workers * batch * 1000.0 / split.orderMs;
    const double lockWaitMs = std::max(split.ms(Part::LockWait), 1000.0 * r.clientLockWaitS / tasks * batch);
    const double ownMs = split.ms(Part::Work) + split.ms(Part::Network) + split.ms(Part::LabWait);
    f.insert(QStringLiteral("batch_cycle_ms"), split.orderMs);
    f.insert(QStringLiteral("workers_tasks_per_s"), ceiling);
    f.insert(ResultFileKeys::kTimeSplit, split.toJson());
    Bound bound = Bound::Other;
    if (lockWaitMs >= 0.5 * split.orderMs) {
        bound = Bound::RowLock;
        sentences << tr(
            "Claims queued for row locks: %1 ms of each batch's %2 ms went waiting for rows another "
            "claim held, so %3 workers completed at most %4 tasks/s; the run reached %5.")
                         .arg(millis(lockWaitMs), millis(split.orderMs), number(workers, 0),
                             number(ceiling, 0), number(r.ordersPerS, 0));
    } else if (ownMs >= 0.5 * split.orderMs) {
        bound = Bound::Clients;
        sentences << tr("The workers were bound by their own time: %1 ms of each batch's %2 ms was work and "
                        "round trips, so %3 workers complete at most %4 tasks/s, and more workers would "
                        "complete more; the run reached %5.")
                         .arg(millis(ownMs), millis(split.orderMs), number(workers, 0), number(ceiling, 0),
                             number(r.ordersPerS, 0));
    } else {
        sentences << tr("Each batch of %1 tasks took %2 ms, most of it in the server's statements, so %3 "
                        "workers complete at most %4 tasks/s; the run reached %5.")
                         .arg(number(batch, 1), millis(split.orderMs), number(workers, 0), number(ceiling, 0),
                             number(r.ordersPerS, 0));
    }
    if (const QString where
        = BoundSentence::timeSplit(split, r.windowClients, BoundSentence::TimedUnit::Batch);
        !where.isEmpty())
        sentences << where;
    return bound;
}

// `said`: the bound's sentence already gave the waits; what the isolation adds is still told.
void addLockWaits(const StrategyResult& r, double tasks, bool said, QStringList& sentences, QJsonObject& f)
{
    // The claim by UPDATE holds no lock past its statement, but waits for its own.
    const double waitPerTask = 1000.0 * r.clientLockWaitS / tasks;
    f.insert(QStringLiteral("lock_wait_ms_per_task"), waitPerTask);
    if (r.measuredLockHolds == 0 && waitPerTask > 0.0) {
        QString text = said
            ? QString()
            : tr("Claims waited %1 ms for row locks per task completed.").arg(millis(waitPerTask));
        // What the sessions ran under, read back from the server: the experiment may leave it to the server.
        const QString isolation = r.knobs.value(QStringLiteral("transaction_isolation"));
        if (isolation == QLatin1String("REPEATABLE READ") || isolation == QLatin1String("SERIALIZABLE"))
            text += tr(" Under %1 a claim's scan also locks the gaps between the rows it reads, so claims "
                       "queue behind "
                       "each other; at READ COMMITTED only the claimed rows are locked.")
                        .arg(isolation);
        if (!text.trimmed().isEmpty())
            sentences << text.trimmed();
    }
}

void addKilledWorkers(const StrategyResult& r, QStringList& sentences, QJsonObject& f)
{
    if (r.workersKilled <= 0)
        return;
    ResultExplanation::repeat<&StrategyResult::workersKilled>(r, f);
    if (r.measuredLockHolds > 0)
        sentences << tr("The lab killed %1 workers' connections: their transactions rolled back, and "
                        "their tasks were "
                        "pending again at once.")
                         .arg(r.workersKilled);
    else
        sentences << tr("The lab killed %1 workers' connections: the sweeper gave back %2 claims older "
                        "than %3 s, and %4 "
                        "tasks were still stranded with a dead worker at the end.")
                         .arg(r.workersKilled)
                         .arg(r.clients[ClientCount::TasksReleased])
                         .arg(number(static_cast<double>(r.experiment.claimTimeoutMs) / 1000.0, 1))
                         .arg(std::max(0LL, r.strandedTasks));
}

} // namespace

// Named without its namespace, so that lupdate files the sentences below under this one.
using ResultExplanation::Explained;

Explained of(const StrategyResult& r)
{
    Explained out;
    if (!r.error.isEmpty() || r.clients[ClientCount::Sold] <= 0)
        return out;
    QStringList sentences;
    QJsonObject& f = out.figures;
    const double tasks = static_cast<double>(std::max(1LL, r.clients[ClientCount::Sold] - r.lateOrders));
    const double batch = r.measuredLockHolds > 0 ? tasks / static_cast<double>(r.measuredLockHolds)
                                                 : static_cast<double>(r.experiment.batch);
    out.bound = addBatches(r, batch, sentences, f) ? Bound::RowLock : addCycle(r, batch, tasks, sentences, f);
    addLockWaits(r, tasks, out.bound == Bound::RowLock, sentences, f);
    addKilledWorkers(r, sentences, f);
    ResultExplanation::repeat(r, ClientCount::DoubleClaims, f);
    if (r.clients[ClientCount::DoubleClaims] > 0)
        sentences << tr(
            "%1 tasks were claimed while another live worker still held them: a batch's work outlasted the "
            "claim timeout, and the sweeper handed its tasks to a second worker.")
                         .arg(r.clients[ClientCount::DoubleClaims]);
    else
        sentences << tr("No task was claimed by two live workers at once.");
    if (r.soldOut())
        sentences << tr("Every task was done at %1 s.").arg(number(r.soldOutS, 2));
    f.insert(QStringLiteral("bound"), boundKey(out.bound));
    out.text = sentences.join(QLatin1Char(' '));
    return out;
}

} // namespace ClaimExplanation
