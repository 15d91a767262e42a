#pragma once

#include "app/core/sourcedresult.h"

#include <QList>

class QChart;

// Where each strategy's orders spent their time: one bar per result, split into the parts the
// clients' clocks measured (waiting in the lab, the network, row-lock waits, executing,
// committing, Redis, back-off, work inside the transaction, and what no clock saw), each as a
// share of the order's mean time, which the bar's label gives. Results from files written
// before the lab measured the split are left out.
namespace TimeSplitChart {

QChart* of(const QList<SourcedResult>& sources);
// Whether any of `sources` has a time split to draw.
bool anyMeasured(const QList<SourcedResult>& sources);

} // namespace TimeSplitChart
