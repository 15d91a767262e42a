#pragma once

#include "app/core/bound.h"
#include "app/core/strategyresult.h"

#include <QJsonObject>
#include <QList>

#include <map>
#include <optional>

// The ceilings a run's own measurements put on its rate, one per resource that orders share
// or wait for, and the one that bounds it. Each ceiling is the rate at which that resource
// would be busy all the time: a hot row, its holds and the hand-overs between its holders;
// a row held inside the server (a stored procedure's); the queue's busiest writer; the
// machine's cores; the arrival rate of an open loop; and, in a closed loop, the clients
// themselves, each waiting for its order before it sends the next.
namespace BoundModel {

// The measured terms a ceiling is computed from: the model writes them, the sentences and the
// prediction read them, and the JSON names them by termKey().
enum class Term {
    HoldMs, // a row's hold, from the locking statement to the COMMIT or ROLLBACK
    HoldsPerOrder,
    RolledBackHolds,
    HandOverMs, // from a holder's end to the lock reaching the next waiter
    HandOversPerHold,
    RowMsPerOrder,
    BusiestRowShare,
    RowCeilingOrdersPerS, // one row, before the skew spreads orders over rows
    WaitedShare, // the share of orders (or of the sampler's looks) that waited for the row
    Looks,
    ServerLockWaitMsPerOrder,
    WriterMsPerOrder,
    OrdersPerBatch,
    BatchMs,
    BusiestWriterShare,
    Writers,
    ClientCpuMsPerOrder,
    ServerCpuMsPerOrder,
    Cores,
    CpuBusy,
    OfferedOrdersPerS,
    BacklogAtEnd,
    Clients,
    OrderMs,
    LinesPerOrder,
};
const char* termKey(Term term); // "hold_ms", …

struct Ceiling {
    Bound resource = Bound::Clients; // one of RowLock, ServerRowLock, Writer, Cpu, Arrival, Clients
    double ordersPerS = 0.0;
    double reach = 0.0; // the run's rate over the ceiling
    std::map<Term, double> terms;

    double term(Term term) const;
    bool has(Term term) const { return terms.contains(term); }
    QJsonObject termsJson() const;
};

// A shared resource that reached this share of its ceiling bounds the run.
inline constexpr double kBoundReach = 0.8;

QList<Ceiling> ceilings(const StrategyResult& result);
// The busiest shared resource when it reached kBoundReach, else the arrival rate (open loop)
// or the clients (closed loop); nullopt when nothing was measured.
std::optional<Ceiling> bound(const QList<Ceiling>& ceilings);

// The share of orders on the busiest locked row: a SKU's share under the skew, split over its
// slots for the strategies that lock one slot at a time.
double busiestRowShare(const StrategyResult& result);
// The share of orders that the busiest of the queue's writers takes (a SKU belongs to writer
// sku % writers).
double busiestWriterShare(const Experiment& experiment);

} // namespace BoundModel
