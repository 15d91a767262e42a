#pragma once

#include "app/core/strategyresult.h"

#include <QList>
#include <QString>
#include <QStringList>

// The comparison a class should take away from rows run on one experiment, in plain words:
// "queued sold 28× as fast as pessimistic on one hot SKU (2,410 against 86 orders/s)." The
// baseline is pessimistic when it ran, else the slowest safe strategy; the faster side is the
// fastest safe strategy (an unsafe baseline's rate counts orders it should have refused).
// A strategy that ran several times counts with its median.
namespace ComparisonSentence {

// Empty unless at least two safe strategies ran with figures on the same experiment.
QString of(const QList<StrategyResult>& rows);
// One sentence per experiment the rows ran, in the order each experiment first ran; the
// experiments with nothing to compare say nothing.
QStringList ofEachExperiment(const QList<StrategyResult>& rows);
// The sentence of the last row's experiment: the window's, under its results. Run on two servers,
// it compares the engines instead (EngineComparison), a line per strategy.
QString ofLatestExperiment(const QList<StrategyResult>& rows);

} // namespace ComparisonSentence
