#pragma once

#include "app/results/resultexplanation.h"

// The sentences for a run of the claim workload, from its own figures: how long a batch kept
// its rows locked and the pace that allows when every worker reads the same first pending rows,
// the lock waits of the claims, what the killed workers left behind and what the sweeper gave
// back, and whether any task was claimed twice.
namespace ClaimExplanation {

ResultExplanation::Explained of(const StrategyResult& result);

} // namespace ClaimExplanation
