#pragma once

#include "app/core/strategyresult.h"
#include "app/core/sweepplan.h"

#include <QString>

// A strategy's orders/s predicted before it runs, from a calibration: the same strategy and
// experiment run by one client for a moment, which times on this server and network what an
// order costs when nothing waits (its round trips, statements and commit, how long it holds its
// row, the CPU it takes). The model then puts the experiment's clients on the resources they
// share: the busiest rows, the queue's writer and the machine's cores as queues, with exact
// mean value analysis for a closed loop, and the arrival rate for an open one.
namespace RatePrediction {

struct Prediction {
    double ordersPerS = -1.0; // -1: nothing to predict from
    QString bound; // the resource the model found busiest: "row-lock", "writer", "cpu", "clients", "arrival"
};

// The calibration run of `experiment`: one client, long enough to time some hundreds of orders.
Experiment calibrationExperiment(const Experiment& experiment);
Prediction predict(const StrategyResult& calibration, const Experiment& target);

// What a plan's calibration runs: each strategy once, with one client, on its first cell's experiment.
QList<RunCell> calibrationCells(const QList<RunCell>& cells);

// The prediction for one cell of a plan, from its strategy's calibration.
struct ForCell {
    QString strategy;
    int clients = 0;
    Prediction prediction;
    QString why; // when there is nothing to predict from: the calibration's error, or none timed
};
// One per distinct strategy and client count of `cells`, in the plan's order.
QList<ForCell> forCells(const QList<RunCell>& cells, const QList<StrategyResult>& calibrations);

} // namespace RatePrediction
