#pragma once

#include "app/core/deadlockrecord.h"
#include "app/core/experiment.h"
#include "app/core/metricssample.h"
#include "app/core/strategyresult.h"

#include <QString>

// A result with every field set to a value of its own, for tst_resultfiles and tst_resultcsv:
// a field the writer leaves out, or writes under another field's key, reads back wrong.
namespace ResultFileHelpers {

// The experiment of knownResult(): every field away from its default.
inline Experiment knownExperiment()
{
    Experiment e;
    e.skus = 3;
    e.initialStock = 2500;
    e.slotsPerSku = 8;
    e.threads = 24;
    e.skew = SkewKind::HotSet;
    e.hotPercent = 75.0;
    e.hotSkus = 2;
    e.qtyMin = 2;
    e.qtyMax = 5;
    e.stop = StopKind::Orders;
    e.durationMs = 20000;
    e.totalOrders = 40000;
    e.timeLimitMs = 90000;
    e.warmupMs = 1500;
    e.delayMs = 0.5;
    e.isolation = Isolation::ReadCommitted;
    e.arrival = ArrivalMode::Open;
    e.rate = 750.0;
    e.seed = 42;
    e.batch = 8;
    e.writers = 3;
    e.maxRetries = 9;
    e.sampleIntervalMs = 100;
    e.repeat = 3;
    e.deadlockDetect = KnobSwitch::Off;
    e.lockWaitTimeoutS = 5;
    e.flushLogAtCommit = 2;
    e.bufferPoolMb = 256;
    e.database = QStringLiteral("lab_known");
    return e;
}

// Every client count and error class with a value of its own, from `base` on.
inline ClientCounts knownCounts(long long base)
{
    ClientCounts counts;
    for (std::size_t i = 0; i < kClientCountCount; ++i)
        counts[static_cast<ClientCount>(i)] = base + static_cast<long long>(i);
    for (std::size_t i = 0; i < kErrorClassCount; ++i)
        counts.errors()[i] = base + 100 + static_cast<long long>(i);
    return counts;
}

// Each count and error read back as written; the first that differs is logged by its name. A
// result's totals leave out the counts it keeps only over its window (`totals`).
inline bool sameCounts(const ClientCounts& read, const ClientCounts& written, bool totals = false)
{
    for (const ClientCountName& name : clientCountNames()) {
        if (totals && !name.resultKey)
            continue;
        if (read[name.count] != written[name.count]) {
            qWarning("%s: read %lld, written %lld", name.sampleKey, read[name.count], written[name.count]);
            return false;
        }
    }
    if (read.errors() != written.errors()) {
        qWarning("the error counts differ");
        return false;
    }
    return true;
}

// One sample with a value of its own in every field the writer writes, so that a field
// left out, or written under another field's key, reads back wrong.
inline MetricsSample knownSample()
{
    MetricsSample s;
    s.runId = 9;
    s.strategy = QStringLiteral("pessimistic");
    s.elapsedS = 0.5;
    s.intervalS = 0.25;
    s.ordersPerS = 810.5;
    s.attemptsPerS = 820.25;
    s.p50Ms = 1.125;
    s.p95Ms = 2.25;
    s.p99Ms = 3.375;
    s.maxMs = 4.5;
    s.clientLockWaitMsPerS = 55.5;
    s.serverStatsValid = true;
    s.rowLockWaits = 807;
    s.rowLockTimeMs = 808;
    s.waitingNow = 809;
    s.backlog = 1234;
    s.deadlocks = 810;
    s.deadlocksTotal = 811;
    s.redisStatsValid = true;
    s.redisCommands = 817;
    s.redisScriptCalls = 818;
    s.redisScriptUsec = 819;
    s.audit.valid = true;
    s.audit.sold = 812;
    s.audit.remaining = 813;
    s.audit.oversold = 814;
    s.audit.lostUpdates = 815;
    s.audit.negativeSkus = 816;
    s.clients = knownCounts(2000);
    s.clusterStatsValid = true;
    s.cluster.certFailures = 831;
    s.cluster.bfAborts = 832;
    s.cluster.flowControlPausedNs = 833;
    s.cluster.recvQueue = 834;
    s.cluster.sendQueue = 835;
    s.cluster.localCommits = 836;
    // Two nodes: the second taken down, its counts the last it gave.
    ClusterCounters first;
    first.certFailures = 841;
    first.bfAborts = 842;
    first.flowControlPausedNs = 843;
    first.recvQueue = 844;
    first.sendQueue = 845;
    first.localCommits = 846;
    ClusterCounters second;
    second.bfAborts = 852;
    second.localCommits = 856;
    second.answered = false;
    s.nodes = { first, second };
    return s;
}

// Likewise for a strategy's summary. The error holds a password, which must leave masked;
// the error messages hold a comma and quotes, which the CSV must quote.
inline StrategyResult knownResult()
{
    StrategyResult r;
    r.runId = 9;
    r.strategy = QStringLiteral("pessimistic");
    r.server = QStringLiteral("MariaDB 10.11.6");
    r.safe = false;
    r.error = QStringLiteral("lost mysql://lab:hunter2@db.example:3307/lockbench at order 12");
    r.stopReason = StopReason::TimeLimitReached;
    r.repetition = 2;
    r.durationS = 12.5;
    r.measuredFromS = 1.75;
    r.soldOutS = 9.25;
    r.experiment = knownExperiment();
    r.sold = 5001;
    r.remaining = 5002;
    r.oversold = 5003;
    r.lostUpdates = 5004;
    r.unrecordedDecrements = 5005;
    r.orderRows = 5006;
    r.acknowledgedMissing = 5007;
    r.strangerRows = 5008;
    r.workersKilled = 5022;
    r.strandedTasks = 5023;
    r.clients = knownCounts(6000);
    r.windowClients = knownCounts(8000);
    r.predictedOrdersPerS = 7777.5;
    r.predictedBound = Bound::RowLock;
    NodeFigures node;
    node.node = 2;
    node.endpoint = QStringLiteral("h2:3307");
    node.clients = 11;
    node.statsValid = true;
    node.certFailures = 701;
    node.bfAborts = 702;
    node.flowControlPausedS = 0.25;
    node.maxRecvQueue = 703;
    node.maxSendQueue = 704;
    node.stateAtEnd = QStringLiteral("synced");
    node.audit.valid = true;
    node.audit.remaining = 705;
    node.audit.sold = 706;
    node.audit.orderRows = 707;
    node.disagreement = QStringLiteral("node 2 holds 705 units of stock");
    r.nodes << node;
    r.lateOrders = 5015;
    r.attemptsAfterSoldOut = 5016;
    r.lockWaitsAfterSoldOut = 5017;
    r.ordersPerS = 1234.5;
    r.attemptsPerS = 2345.25;
    r.p50Ms = 1.5;
    r.p95Ms = 2.75;
    r.p99Ms = 3.125;
    r.maxMs = 40.0625;
    r.clientLockWaitS = 6.5;
    r.lockWaits = 7001;
    r.lockTimeMs = 7002;
    r.deadlocks = 7003;
    r.lockWaitTimeouts = 7004;
    r.lateDeadlocks = 7005;
    r.lockHoldMs = 0.625;
    r.measuredLockHolds = 7006;
    r.queueWaitMs = 3.25;
    r.clientCpuS = 1.5;
    r.serverCpuS = 2.5;
    r.cpuWallS = 10.75;
    r.cores = 2;
    r.errorMessages << QStringLiteral("3× error 1213: Deadlock found")
                    << QStringLiteral("1× error 1064: a, \"quoted\" message");
    r.knobs.insert(QStringLiteral("innodb_deadlock_detect"), QStringLiteral("OFF"));
    r.knobs.insert(QStringLiteral("innodb_lock_wait_timeout"), QStringLiteral("5"));
    r.longestLockQueue = 13;
    r.inspectorError = QStringLiteral("no PROCESS privilege");
    DeadlockRecord d;
    d.strategy = QStringLiteral("pessimistic");
    d.elapsedS = 7.25;
    d.when = QStringLiteral("2026-11-21 23:18:57");
    d.victim = 2;
    d.transactions
        = { { QStringLiteral("11"), 5, QStringLiteral("SELECT 1 FOR UPDATE"),
                QStringLiteral("RECORD LOCKS x"), QStringLiteral("inventory, SKU 1: X lock on the row") },
              { QStringLiteral("12"), 6, QStringLiteral("SELECT 2 FOR UPDATE"),
                  QStringLiteral("RECORD LOCKS y"), QString() } };
    r.deadlockRecords << d;
    MetricsSample later = knownSample();
    later.elapsedS = 0.75;
    later.clients[ClientCount::Sold] = 901;
    later.serverStatsValid = false;
    later.redisStatsValid = false;
    later.audit.valid = false;
    later.nodes.clear();
    r.series << knownSample() << later;
    return r;
}

} // namespace ResultFileHelpers
