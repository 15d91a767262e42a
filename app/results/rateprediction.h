#pragma once

#include "app/core/strategyresult.h"
#include "app/core/sweepplan.h"

#include <QHash>
#include <QString>

#include <optional>

// A strategy's orders/s predicted before it runs, from a calibration: the same strategy and
// experiment run by one client for a moment, which times on this server and network what an
// order costs when nothing waits (its round trips, statements and commit, how long it holds its
// row, the CPU it takes). The model then puts the experiment's clients on the resources they
// share: the busiest rows, the queue's writer and the machine's cores as queues, with exact
// mean value analysis for a closed loop, and the arrival rate for an open one.
namespace RatePrediction {

struct Prediction {
    double ordersPerS = -1.0; // -1: nothing to predict from
    Bound bound = Bound::None; // the resource the model found busiest: RowLock, Writer, Cpu, Clients, Arrival
};

// The calibration run of `experiment`: one client, long enough to time some hundreds of orders,
// with at least kCalibrationStock units per SKU, which no calibration sells out.
inline constexpr std::int64_t kCalibrationStock = 1'000'000'000;
Experiment calibrationExperiment(const Experiment& experiment);
// The same with `clients` clients, to time what an order costs the CPU on busy cores: one client
// wakes idle cores for each statement, which several clients in flight share. A strategy that
// locks inside a statement is timed longer (see locksInsideStatement).
Experiment busyCalibrationExperiment(const QString& strategy, const Experiment& experiment, int clients);
// How many clients time the busy cores for a target of `targetClients`: two per core, at most
// the target's own.
int busyCalibrationClients(int targetClients);
// A strategy that takes and releases its row lock inside one statement (the stored procedure):
// no client times the hold, and the row's cycle at load (each release waking the next waiter
// on busy cores) is several times the lone hold and grows with the waiters, so its busy
// calibration runs the target's clients (at most kMostLoadedCalibrationClients) and times the
// row's cycle there.
bool locksInsideStatement(const QString& strategy);
inline constexpr int kMostLoadedCalibrationClients = 256;
int busyCalibrationClients(const QString& strategy, int targetClients);

// What one strategy's calibration timed: one client alone and, when the target has more, a few
// clients on busy cores (absent: the one client's CPU stands for it).
struct Calibration {
    StrategyResult alone;
    std::optional<StrategyResult> busy;
};
Prediction predict(const Calibration& calibration, const Experiment& target);
Prediction predict(const StrategyResult& alone, const Experiment& target);
// Each strategy's calibration among `results`, the runs calibrationCells planned.
QHash<QString, Calibration> byStrategy(const QList<StrategyResult>& results);

// What a plan's calibration runs: each strategy with one client on its first cell's experiment
// and, when a cell has more clients, with busyCalibrationClients of them.
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
