#include "app/core/resultfigures.h"

#include <QCoreApplication>

namespace {

using R = StrategyResult;
using S = MetricsSample;
using N = NodeFigures;
using C = ClusterCounters;

constexpr Figure<R> kResult[] = {
    // The selling window and the stop line.
    figure<&R::durationS>("duration_s"),
    figure<&R::measuredFromS>("measured_from_s"),
    figure<&R::soldOutS>("sold_out_s", Unmeasured::Null)
        .shown(QT_TRANSLATE_NOOP("Figure", "sold out"), QT_TRANSLATE_NOOP("Figure", "s"), 2),
    { "measured_s", Unmeasured::Never, [](const R& r) { return r.measuredS(); }, nullptr },
    figure<&R::lateOrders>("late_orders"),
    figure<&R::attemptsAfterSoldOut>("attempts_after_sold_out"),
    figure<&R::lockWaitsAfterSoldOut>("lock_waits_after_sold_out", Unmeasured::Null),
    figure<&R::lateDeadlocks>("late_deadlocks"),
    // The experiment's figures the rates depend on: its clients and its network round trip.
    Figure<R> { "threads", Unmeasured::Never, [](const R& r) { return double(r.experiment.threads); },
        nullptr, QT_TRANSLATE_NOOP("Figure", "clients") }
        .reading<&R::experiment, &Experiment::threads>(),
    Figure<R> { "rtt_ms", Unmeasured::Never, [](const R& r) { return r.experiment.rttMs; }, nullptr }
        .reading<&R::experiment, &Experiment::rttMs>(),
    // The closing audit.
    figure<&R::sold>("sold", Unmeasured::UnlessAudited).shown(QT_TRANSLATE_NOOP("Figure", "sold")),
    figure<&R::remaining>("remaining", Unmeasured::UnlessAudited),
    figure<&R::oversold>("oversold", Unmeasured::UnlessAudited)
        .shown(QT_TRANSLATE_NOOP("Figure", "oversold")),
    figure<&R::lostUpdates>("lost_updates", Unmeasured::UnlessAudited),
    figure<&R::unrecordedDecrements>("unrecorded_decrements", Unmeasured::UnlessAudited),
    figure<&R::orderRows>("order_rows", Unmeasured::UnlessAudited),
    figure<&R::acknowledgedMissing>("acknowledged_missing", Unmeasured::UnlessAudited),
    figure<&R::strangerRows>("stranger_rows", Unmeasured::UnlessAudited),
    // The claim workload.
    figure<&R::workersKilled>("workers_killed").shown(QT_TRANSLATE_NOOP("Figure", "killed")),
    figure<&R::strandedTasks>("tasks_stranded", Unmeasured::Null)
        .shown(QT_TRANSLATE_NOOP("Figure", "stranded")),
    // Rates and latencies over the measured window.
    figure<&R::ordersPerS>("orders_per_s")
        .shown(QT_TRANSLATE_NOOP("Figure", "orders"), QT_TRANSLATE_NOOP("Figure", "/s"), 0),
    figure<&R::attemptsPerS>("attempts_per_s"),
    figure<&R::p50Ms>("p50_ms").shown(
        QT_TRANSLATE_NOOP("Figure", "p50"), QT_TRANSLATE_NOOP("Figure", "ms"), 2),
    figure<&R::p95Ms>("p95_ms").shown(
        QT_TRANSLATE_NOOP("Figure", "p95"), QT_TRANSLATE_NOOP("Figure", "ms"), 2),
    figure<&R::p99Ms>("p99_ms").shown(
        QT_TRANSLATE_NOOP("Figure", "p99"), QT_TRANSLATE_NOOP("Figure", "ms"), 2),
    figure<&R::maxMs>("max_ms"),
    // Locks: the clients' time waiting, the server's counts (PostgreSQL keeps none of them).
    figure<&R::clientLockWaitS>("client_lock_wait_s"),
    figure<&R::lockWaits>("lock_waits", Unmeasured::Null).shown(QT_TRANSLATE_NOOP("Figure", "lock waits")),
    figure<&R::lockTimeMs>("lock_time_ms", Unmeasured::Null),
    figure<&R::deadlocks>("deadlocks").shown(QT_TRANSLATE_NOOP("Figure", "deadlocks")),
    figure<&R::lockWaitTimeouts>("lock_wait_timeouts").shown(QT_TRANSLATE_NOOP("Figure", "timeouts")),
    figure<&R::longestLockQueue>("longest_lock_queue"),
    // What explains the rate.
    figure<&R::lockHoldMs>("lock_hold_ms"),
    figure<&R::measuredLockHolds>("lock_holds"),
    figure<&R::queueWaitMs>("queue_wait_ms"),
    figure<&R::clientCpuS>("client_cpu_s", Unmeasured::MinusOne),
    figure<&R::serverCpuS>("server_cpu_s", Unmeasured::MinusOne),
    figure<&R::cpuWallS>("cpu_wall_s"),
    figure<&R::cores>("cores"),
    { "client_threads", Unmeasured::Never,
        [](const R& r) { return double(clientThreadCount(r.experiment, r.cores)); }, nullptr },
    figure<&R::predictedOrdersPerS>("predicted_orders_per_s", Unmeasured::Null)
        .shown(QT_TRANSLATE_NOOP("Figure", "predicted")),
};

constexpr Figure<S> kSample[] = {
    figure<&S::elapsedS>("t_s"),
    figure<&S::intervalS>("interval_s"),
    figure<&S::ordersPerS>("orders_per_s"),
    figure<&S::attemptsPerS>("attempts_per_s"),
    figure<&S::p50Ms>("p50_ms"),
    figure<&S::p95Ms>("p95_ms"),
    figure<&S::p99Ms>("p99_ms"),
    figure<&S::maxMs>("max_ms"),
    figure<&S::clientLockWaitMsPerS>("client_lock_wait_ms_per_s"),
    figure<&S::rowLockWaits>("row_lock_waits", Unmeasured::Null),
    figure<&S::rowLockTimeMs>("row_lock_time_ms", Unmeasured::Null),
    figure<&S::waitingNow>("waiting_now", Unmeasured::MinusOne),
    figure<&S::backlog>("backlog", Unmeasured::MinusOne),
    figure<&S::deadlocks>("deadlocks"),
    figure<&S::deadlocksTotal>("deadlocks_total"),
    figure<&S::audit, &AuditResult::sold>("audit_sold"),
    figure<&S::audit, &AuditResult::remaining>("audit_remaining"),
    figure<&S::audit, &AuditResult::oversold>("audit_oversold"),
    figure<&S::audit, &AuditResult::lostUpdates>("audit_lost_updates"),
    figure<&S::audit, &AuditResult::negativeSkus>("audit_negative_skus"),
    // Every sample has Redis's figures, so that the CSV's columns (the first row's keys) carry
    // them: only the strategies that keep stock in Redis fill them in.
    figure<&S::redisCommands>("redis_commands"),
    figure<&S::redisScriptCalls>("redis_script_calls"),
    figure<&S::redisScriptUsec>("redis_script_usec"),
};

constexpr Figure<N> kNode[] = {
    figure<&N::node>("node"),
    figure<&N::clients>("clients"),
    figure<&N::certFailures>("cert_failures"),
    figure<&N::bfAborts>("bf_aborts"),
    figure<&N::deadlocks>("deadlocks"),
    figure<&N::flowControlPausedS>("flow_control_paused_s"),
    figure<&N::maxRecvQueue>("max_recv_queue"),
    figure<&N::maxSendQueue>("max_send_queue"),
    figure<&N::longestApplierStallS>("longest_applier_stall_s"),
    figure<&N::applierStallsEnded>("applier_stalls_ended"),
    figure<&N::leftAtS>("left_at_s", Unmeasured::MinusOne),
    // The node's own audit, once it had applied every write set.
    figure<&N::audit, &AuditResult::remaining>("remaining", Unmeasured::UnlessAudited),
    figure<&N::audit, &AuditResult::sold>("sold", Unmeasured::UnlessAudited),
    figure<&N::audit, &AuditResult::orderRows>("order_rows", Unmeasured::UnlessAudited),
    figure<&N::audit, &AuditResult::oversold>("oversold", Unmeasured::UnlessAudited),
};

// A sample's Galera counters: their sums over the nodes, and each node's.
constexpr Figure<C> kClusterCounters[] = {
    figure<&C::certFailures>("cert_failures"),
    figure<&C::bfAborts>("bf_aborts"),
    figure<&C::flowControlPausedNs>("flow_control_paused_ns"),
    figure<&C::recvQueue>("recv_queue"),
    figure<&C::sendQueue>("send_queue"),
    figure<&C::localCommits>("local_commits"),
};

} // namespace

std::span<const Figure<StrategyResult>> resultFigures()
{
    return kResult;
}

std::span<const Figure<MetricsSample>> sampleFigures()
{
    return kSample;
}

std::span<const Figure<NodeFigures>> nodeFigures()
{
    return kNode;
}

std::span<const Figure<ClusterCounters>> clusterCounterFigures()
{
    return kClusterCounters;
}

const Figure<StrategyResult>* resultFigure(const char* key)
{
    for (const Figure<StrategyResult>& figure : kResult) {
        if (qstrcmp(figure.key, key) == 0)
            return &figure;
    }
    return nullptr;
}
