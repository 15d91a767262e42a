#pragma once

#include "app/core/sourcedresult.h"
#include "app/results/resultwriter.h"

#include <QList>

// Results made up by tests of the report layer, without a server: every figure set, so that
// charts, tables and files have something distinct to show.
namespace SampleResults {

StrategyResult make(const QString& strategy, int threads, double ordersPerS);
// conditional and naive at 1, 4 and 16 threads: a small sweep.
QList<SourcedResult> sweep();
ResultWriter::RunInfo runInfo();
QList<StrategyResult> results(const QList<SourcedResult>& sources);

} // namespace SampleResults
