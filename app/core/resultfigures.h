#pragma once

#include "app/core/figure.h"
#include "app/core/metricssample.h"
#include "app/core/nodefigures.h"
#include "app/core/strategyresult.h"

#include <span>

// The figures of a result, of a sample and of a cluster node, each table listing every number
// the files keep of it under its one name (the clients' counts have their own table,
// clientCountNames()). A figure added is a row here.
std::span<const Figure<StrategyResult>> resultFigures();
std::span<const Figure<MetricsSample>> sampleFigures();
std::span<const Figure<NodeFigures>> nodeFigures();
std::span<const Figure<ClusterCounters>> clusterCounterFigures();

// The row of resultFigures() with this key; null when there is none.
const Figure<StrategyResult>* resultFigure(const char* key);
// The row of resultFigures() that reads this member (or member of a member): how code names a
// figure, its key spelled in its row alone.
template <auto... Members> const Figure<StrategyResult>* resultFigureOf()
{
    return figureOf<Members...>(resultFigures());
}
