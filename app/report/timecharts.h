#pragma once

#include "app/core/sourcedresult.h"
#include "app/results/timemetric.h"

#include <QList>

class QChart;

// Finished results over their elapsed time, one line per result (so that a sweep's cells and
// a strategy's repetitions are lines of their own, never one line jumping back to the start).
// Each function returns a new QChart the caller owns.
namespace TimeCharts {

QChart* of(const QList<SourcedResult>& sources, const TimeMetric& metric);
// The Errors tab's last chart: 1020, 3572 and lost connections, one dash pattern per code.
// Null when none of the results had any.
QChart* otherErrors(const QList<SourcedResult>& sources);
// The Oversell tab: units sold by the audit's count, with the stock there was.
QChart* soldUnits(const QList<SourcedResult>& sources);

} // namespace TimeCharts
