#pragma once

#include "app/core/ordertimesplit.h"
#include "app/results/boundmodel.h"

#include <QString>

// The sentences that name what bounds a run, and where an order's time went, from the
// ceilings and the time split measured in that run.
namespace BoundSentence {

// The bound, its ceiling and the run's reach of it, with the terms it was computed from;
// for the clients, also the busiest shared resource that was not saturated.
QString of(
    const BoundModel::Ceiling& bound, const QList<BoundModel::Ceiling>& all, const StrategyResult& result);
// "Where an order's 10.0 ms went: 4.6 ms crossing the network (4.3 round trips), …"; for the
// claim workload, whose clients time a batch: "Where a batch's …".
enum class TimedUnit { Order, Batch };
QString timeSplit(const OrderTimeSplit& split, const ClientCounts& window, TimedUnit unit = TimedUnit::Order);

} // namespace BoundSentence
