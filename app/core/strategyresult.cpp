#include "app/core/strategyresult.h"

Verdict StrategyResult::verdict() const
{
    // An anomaly the audit found stands even when the run also ended on an error.
    if (audited() && anomaly()) {
        if (oversold > 0 && experiment.workload == WorkloadKind::Claim)
            return Verdict::CompletedTwice; // each task is a stock of one: a second completion oversells it
        if (oversold > 0)
            return safe ? Verdict::Oversold : Verdict::OversoldUnsafeBaseline;
        // Stock held in front of the database: units taken there whose order was lost between
        // the two steps. Nothing was sold twice; the shelf lost them until a reconciliation.
        // Only while the clients' count and the table agree: an acknowledged order missing from
        // the table leaves the same shortfall, and is a lost order, not a stranded unit.
        if (stockInFront && lostUpdates == 0)
            return strandedOr();
        if (!safe)
            return Verdict::LostUpdatesUnsafeBaseline;
        // Stock that went down with no order row for it, and no update lost: an order the
        // server once held is gone (deleted behind the lab's back, or never written).
        if (lostUpdates == 0)
            return experiment.workload == WorkloadKind::Claim ? Verdict::DoneWithoutCompletion
                                                              : Verdict::StockWithoutOrder;
        return Verdict::LostUpdates;
    }
    // A promise the file made of its own tables, whatever it claims of the stock.
    if (audited() && brokenInvariant())
        return Verdict::InvariantBroken;
    if (clients[ClientCount::DoubleClaims] > 0)
        return Verdict::ClaimedTwice;
    if (!error.isEmpty())
        return Verdict::Error;
    if (!audited() || clients[ClientCount::Unresolved] > 0)
        return Verdict::AuditIncomplete;
    if (!clientsAgree())
        return Verdict::ClientsDisagree;
    if (!allNodesAgree(nodes))
        return Verdict::NodesDisagree;
    return safe ? Verdict::Pass : Verdict::NoAnomalyThisTime;
}

Verdict StrategyResult::strandedOr() const
{
    if (clients[ClientCount::Unresolved] > 0)
        return Verdict::AuditIncomplete;
    if (!clientsAgree())
        return Verdict::ClientsDisagree;
    return Verdict::StrandedInRedis;
}

QString StrategyResult::incompleteBecause() const
{
    if (!audited())
        return auditIncomplete;
    if (clients[ClientCount::Unresolved] > 0)
        return tr("the outcome of %1 orders could not be learned, so the clients' count cannot be "
                  "compared with the orders table")
            .arg(clients[ClientCount::Unresolved]);
    return QString();
}

void StrategyResult::takeAudit(const AuditResult& audit)
{
    sold = audit.sold;
    remaining = audit.remaining;
    oversold = audit.oversold;
    lostUpdates = audit.lostUpdates;
    unrecordedDecrements = audit.unrecordedDecrements;
    orderRows = audit.orderRows;
    invariants = audit.invariants;
}

const InvariantCheck* StrategyResult::brokenInvariant() const
{
    const auto broken = std::find_if(
        invariants.begin(), invariants.end(), [](const InvariantCheck& check) { return check.broken(); });
    return broken == invariants.end() ? nullptr : &*broken;
}

void StrategyResult::takeMeasured(const MeasuredFigures& m)
{
    measuredFromS = m.measuredFromS;
    ordersPerS = m.ordersPerS;
    attemptsPerS = m.attemptsPerS;
    p50Ms = m.p50Ms;
    p95Ms = m.p95Ms;
    p99Ms = m.p99Ms;
    maxMs = m.maxMs;
    clientLockWaitS = m.clientLockWaitS;
    lockWaits = m.lockWaits;
    lockTimeMs = m.lockTimeMs;
    deadlocks = m.deadlocks;
    lockWaitTimeouts = m.lockWaitTimeouts;
    attemptsAfterSoldOut = m.attemptsAfterSoldOut;
    lockWaitsAfterSoldOut = m.lockWaitsAfterSoldOut;
    windowClients = m.windowClients;
    measuredLockHolds = m.lockHolds;
    lockHoldMs = m.lockHoldMs;
    queueWaitMs = m.queueWaitMs;
    cores = m.cores;
    cpuWallS = m.cpuWallS;
    clientCpuS = m.clientCpuS;
    serverCpuS = m.serverCpuS;
}

void StrategyResult::takeLabel(const RunLabel& label)
{
    repetition = label.repetition;
    server = label.server;
    predictedOrdersPerS = label.predictedOrdersPerS;
    predictedBound = label.predictedBound;
}

void StrategyResult::takeRecovery(const RecoveredTables& tables)
{
    if (!error.isEmpty())
        errorMessages.prepend(error);
    error.clear();
    if (!tables.valid) {
        auditIncomplete = tables.whyNot;
        return;
    }
    auditIncomplete.clear();
    takeAudit(tables.audit);
    acknowledgedMissing = tables.acknowledgedMissing;
    strangerRows = tables.strangerRows;
    if (tables.unresolvedOrders > 0 && unresolvedOrders)
        settleUnresolved(
            tables.unresolvedOrders, tables.committedOrders, tables.committedRows, tables.committedUnits);
}

void StrategyResult::takeLocks(const LockFigures& locks)
{
    longestLockQueue = locks.longestLockQueue;
    inspectorError = locks.inspectorError;
    deadlockRecords = locks.deadlockRecords;
    deadlockAccount = locks.deadlockAccount;
}

void StrategyResult::settleUnresolved(long long orders, long long committed, long long rows, long long units)
{
    clients[ClientCount::Sold] += rows;
    clients[ClientCount::SoldUnits] += units;
    clients[ClientCount::Reconciled] += committed;
    clients[ClientCount::Failed] += orders - committed;
    clients[ClientCount::Unresolved] -= orders;
}
