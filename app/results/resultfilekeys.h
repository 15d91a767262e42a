#pragma once

#include "app/core/resultfigures.h"

#include <QLatin1String>

// The names a results file gives to what is not a figure (figures are named in their tables,
// resultfigures.cpp): the writer and the reader both spell them from here.
namespace ResultFileKeys {

// The file.
inline constexpr QLatin1String kVersion { "lockbench" };
inline constexpr QLatin1String kExperiment { "experiment" };
inline constexpr QLatin1String kServer { "server" };
inline constexpr QLatin1String kServerUrl { "url" };
inline constexpr QLatin1String kServerVersion { "version" };
inline constexpr QLatin1String kEmbedded { "embedded" };
inline constexpr QLatin1String kStrategies { "strategies" };
inline constexpr QLatin1String kRepeats { "repeats" };
// One strategy's entry.
inline constexpr QLatin1String kSummary { "summary" };
inline constexpr QLatin1String kSeries { "series" };
// Its summary, beside the figures (the server it ran on is kServer, a version string there).
inline constexpr QLatin1String kStrategy { "strategy" };
inline constexpr QLatin1String kSafe { "safe" };
inline constexpr QLatin1String kStockInFront { "stock_in_front" };
inline constexpr QLatin1String kVerdict { "verdict" };
inline constexpr QLatin1String kError { "error" };
inline constexpr QLatin1String kAuditIncomplete { "audit_incomplete" };
inline constexpr QLatin1String kStopReason { "stop_reason" };
inline constexpr QLatin1String kRepetition { "repetition" };
inline constexpr QLatin1String kInvariants { "invariants" };
inline constexpr QLatin1String kInvariantName { "name" };
inline constexpr QLatin1String kInvariantRows { "rows" };
inline constexpr QLatin1String kInvariantFirstRow { "first_row" };
inline constexpr QLatin1String kClientsAgree { "clients_agree" };
inline constexpr QLatin1String kClientIo { "client_io" };
inline constexpr QLatin1String kExplanation { "explanation" };
inline constexpr QLatin1String kExplanationText { "text" };
inline constexpr QLatin1String kTimeSplit { "time_split" };
inline constexpr QLatin1String kWindowCounts { "window_counts" };
inline constexpr QLatin1String kPredictedBound { "predicted_bound" };
inline constexpr QLatin1String kErrorMessages { "error_messages" };
inline constexpr QLatin1String kKnobs { "knobs" };
inline constexpr QLatin1String kInspectorError { "lock_inspector_error" };
inline constexpr QLatin1String kDeadlockRecords { "deadlock_records" };
inline constexpr QLatin1String kDeadlockAccount { "deadlock_account" };
inline constexpr QLatin1String kObserving { "observing" };
inline constexpr QLatin1String kNodes { "nodes" };
// A sample's flags: which of its figures were measured.
inline constexpr QLatin1String kServerStats { "server_stats" };
inline constexpr QLatin1String kAudited { "audited" };
inline constexpr QLatin1String kRedisStats { "redis_stats" };
inline constexpr QLatin1String kClusterStats { "cluster_stats" };
inline constexpr QLatin1String kClusterNodes { "cluster_nodes" };
// A deadlock and its transactions (kStrategy, and timeKey()).
// When a deadlock or a lock picture was seen: a sample's elapsed time, under the sample's key.
inline QLatin1String timeKey()
{
    return QLatin1String(figureOf<&MetricsSample::elapsedS>(sampleFigures())->key);
}
inline constexpr QLatin1String kWhen { "when" };
inline constexpr QLatin1String kVictim { "victim" };
inline constexpr QLatin1String kTransactions { "transactions" };
inline constexpr QLatin1String kTrxId { "trx_id" };
inline constexpr QLatin1String kThreadId { "thread_id" };
inline constexpr QLatin1String kStatement { "statement" };
inline constexpr QLatin1String kWaitingFor { "waiting_for" };
inline constexpr QLatin1String kWaitedRow { "waited_row" };
inline constexpr QLatin1String kStatementAfterCycle { "statement_after_cycle" };
// A cluster node's texts and flags (its numbers are nodeFigures()).
inline constexpr QLatin1String kEndpoint { "endpoint" };
inline constexpr QLatin1String kWsrepStats { "wsrep_stats" };
inline constexpr QLatin1String kStateAtEnd { "state_at_end" };
inline constexpr QLatin1String kLeft { "left" };
inline constexpr QLatin1String kAgrees { "agrees" };
inline constexpr QLatin1String kAuditError { "audit_error" };
inline constexpr QLatin1String kDisagreement { "disagreement" };

} // namespace ResultFileKeys
