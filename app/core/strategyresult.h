#pragma once

#include "app/core/acknowledgedorders.h"
#include "app/core/auditresult.h"
#include "app/core/bound.h"
#include "app/core/clientcounts.h"
#include "app/core/deadlockaccount.h"
#include "app/core/deadlockrecord.h"
#include "app/core/experiment.h"
#include "app/core/lockfigures.h"
#include "app/core/measuredfigures.h"
#include "app/core/metricssample.h"
#include "app/core/nodefigures.h"
#include "app/core/observingcost.h"
#include "app/core/runlabel.h"
#include "app/core/stopreason.h"
#include "app/core/unresolvedorders.h"
#include "app/core/verdict.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <memory>

class RunTimeline;

// What the tables showed once a lost server was back (RecoveryAudit reads them).
struct RecoveredTables {
    bool valid = false;
    QString whyNot; // when the audit could not run, what it could say
    AuditResult audit;
    long long acknowledgedMissing = 0; // acknowledged orders not in the orders table
    long long strangerRows = 0; // order rows no client placed
    // The orders whose reply was lost with the server, and the lines of them the server kept.
    long long unresolvedOrders = 0;
    long long committedOrders = 0;
    long long committedRows = 0;
    long long committedUnits = 0;
};

// Everything the lab reports about one strategy once it has finished.

struct StrategyResult {
    Q_DECLARE_TR_FUNCTIONS(StrategyResult)
public:
    int runId = 0;
    QString strategy;
    // The server it ran on, as "MariaDB 10.11.6" or "PostgreSQL 15.18": what tells one engine's
    // run of a strategy from another's when both are compared.
    QString server;
    bool safe = true;
    // The strategy keeps its stock in front of the database (Redis): units taken there whose
    // order was lost between the two steps are stranded, not sold twice.
    bool stockInFront = false;
    QString error; // set when the strategy could not run to its end
    // Set when the closing audit could not run (the server stopped answering it): the clients'
    // figures stand, and sold, remaining, oversold and order rows are unknown, not zero.
    QString auditIncomplete;
    StopReason stopReason = StopReason::NotStopped;
    // The server went away mid-run: there is no final audit, and `acknowledged` holds what a
    // RecoveryAudit must find once the server is back.
    bool serverLost = false;
    std::shared_ptr<const AcknowledgedOrders> acknowledged;
    // Orders whose outcome no client could learn, for the lookup once the server answers again.
    std::shared_ptr<const UnresolvedOrders> unresolvedOrders;
    // Every worker's last seconds before the stop line, for the hot-row timeline; not in files.
    std::shared_ptr<const RunTimeline> timeline;
    double durationS = 0.0; // from the start to the stop line, when the clients were told to stop
    double measuredFromS = 0.0; // rates, latencies and lock figures start here (after the warm-up)
    // When the last unit sold, if every SKU sold out before the stop line (-1 if not): the
    // rates end there, and what the clients did afterwards is counted apart.
    double soldOutS = -1.0;
    Experiment experiment; // the experiment this strategy ran with (a sweep varies it per cell)
    int repetition = 1; // which of the experiment's `repeat` runs of this strategy, from 1

    long long sold = 0; // units, from the final audit
    long long remaining = 0;
    long long oversold = 0;
    long long lostUpdates = 0;
    long long unrecordedDecrements = 0;
    long long orderRows = 0; // order rows found by the final audit
    QList<InvariantCheck> invariants; // a strategy file's own, as the final audit ran them
    // Found by the audit after a lost server came back: acknowledged orders missing from the
    // table, and rows no client placed. Equal numbers of each leave every count agreeing.
    long long acknowledgedMissing = 0;
    long long strangerRows = 0;
    // What the clients counted, orders that ended after the stop line included. A claim's
    // double claims (tasks taken while another live worker held them) must stay 0.
    ClientCounts clients;
    // Claim workload: worker connections the lab killed, and tasks still claimed after the run by
    // workers that died (the sweeper had not given them back yet; -1 when not counted).
    long long workersKilled = 0;
    long long strandedTasks = -1;
    long long lateOrders
        = 0; // sold after the stop line by orders already under way: audited, not in the rates
    long long attemptsAfterSoldOut = 0; // attempts that could only find no stock, left out of the rates
    long long lockWaitsAfterSoldOut = 0; // the server's row lock waits in that time

    double ordersPerS = 0.0;
    double attemptsPerS = 0.0;
    double p50Ms = 0.0;
    double p95Ms = 0.0;
    double p99Ms = 0.0;
    double maxMs = 0.0;
    double clientLockWaitS = 0.0;

    long long lockWaits = 0; // Innodb_row_lock_waits during the strategy; -1: not counted (PostgreSQL)
    long long lockTimeMs = 0; // -1 as lockWaits
    long long deadlocks = 0;
    long long lockWaitTimeouts = 0; // 1205 seen by clients
    // What explains the rate, over the same window as the rates.
    double lockHoldMs = 0.0; // mean time a committed transaction held its first lock until the commit
    long long measuredLockHolds = 0; // committed transactions that took a lock, in the window
    double queueWaitMs = 0.0; // queued: mean time an order waited for a writer
    ClientCounts windowClients; // the clients' counts over the same window: holds, hand-overs, times
    // What the lab predicted for this run from a one-client calibration (-1: no prediction).
    double predictedOrdersPerS = -1.0;
    Bound predictedBound = Bound::None;
    double clientCpuS = -1.0; // CPU time of the lab's process (-1: unknown)
    double serverCpuS = -1.0; // CPU time of the embedded server (-1: unknown or not embedded)
    double cpuWallS = 0.0; // the wall time both CPU figures cover
    int cores = 0; // CPUs of the machine
    long long lateDeadlocks
        = 0; // among the orders that finished after the stop line (recorded, not counted above)

    QStringList errorMessages; // every distinct error that ended an order, with its count

    QMap<QString, QString> knobs; // server settings the strategy ran under
    QList<DeadlockRecord> deadlockRecords; // as captured (the first LockFigures::kMostKept)
    DeadlockAccount deadlockAccount; // over the whole run, late orders included
    ObservingCost observing; // what the lab's own looks asked of the server, over the whole run
    int longestLockQueue = 0; // most waiters seen behind one transaction
    QString inspectorError; // why the lock inspector could not look, if it could not

    QList<MetricsSample> series;
    QList<NodeFigures> nodes; // a cluster's nodes, node 1 first; empty on a single server

    // The clients' count matches the orders table exactly: nothing lost, nothing twice.
    bool soldOut() const { return soldOutS >= 0.0; }
    // The seconds the rates are over: from the end of the warm-up to the sell-out or the stop line.
    double measuredS() const { return std::max(0.0, (soldOut() ? soldOutS : durationS) - measuredFromS); }
    bool audited() const { return auditIncomplete.isEmpty(); }
    // Comparable only when every order's outcome is known: an order without reply may or may not be a row.
    bool clientsAgree() const
    {
        return audited() && clients[ClientCount::Unresolved] == 0 && clients[ClientCount::SoldUnits] == sold
            && clients[ClientCount::Sold] == orderRows && acknowledgedMissing == 0 && strangerRows == 0;
    }
    // Why the verdict could not be checked in full: the audit did not run, or some orders' outcome is
    // unknown.
    QString incompleteBecause() const;
    // The orders without reply, looked up in the orders table: `committed` of the `orders`
    // committed, with `rows` lines of `units` units. They join the clients' counts, and the
    // rest count as failed.
    void settleUnresolved(long long orders, long long committed, long long rows, long long units);
    // What a valid closing audit counted in the tables: sold, remaining and the anomalies.
    void takeAudit(const AuditResult& audit);
    // What the measurement window measured: the rates, the lock figures and what explains them.
    void takeMeasured(const MeasuredFigures& measured);
    // What the run's watch on its locks saw: the longest queue, the deadlocks and their account.
    void takeLocks(const LockFigures& locks);
    // Where and why it ran: its repetition, its server, its prediction.
    void takeLabel(const RunLabel& label);
    // A run that lost its server, completed with what the server kept once it was back: its
    // audit, the orders without reply settled, and the loss kept among its messages rather than
    // as its error.
    void takeRecovery(const RecoveredTables& tables);
    bool anomaly() const { return oversold > 0 || lostUpdates > 0 || unrecordedDecrements > 0; }
    // The first invariant the final audit found rows for, or null.
    const InvariantCheck* brokenInvariant() const;
    Verdict verdict() const;
    QString verdictText() const { return ::verdictText(verdict()); }
    QString verdictLabel() const { return ::verdictLabel(verdict()); }
    // Shown in red: an error, an anomaly, or counts that disagree (see isBad(Verdict)).
    bool isBad() const { return ::isBad(verdict()); }
    // A safe strategy broke the lab's promise, or any strategy its own invariant: the command
    // line exits with status 3.
    bool failsSafety() const
    {
        const Verdict v = verdict();
        return (safe || v == Verdict::InvariantBroken) && isSafetyFailure(v);
    }

private:
    // redis-split's shortfall: stranded units when the counts agree, else what they say.
    Verdict strandedOr() const;
};
Q_DECLARE_METATYPE(StrategyResult)
