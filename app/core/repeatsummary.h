#pragma once

#include "app/core/sourcedresult.h"
#include "app/core/spread.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <span>

template <typename Record> struct Figure;

// The runs of one strategy on one experiment from one source, summarised: the repetitions of a
// `--repeat N` run, or of one point of a sweep. Results that ended in an error carry no
// figures and are left out of n.
struct RepeatSummary {
    QString source;
    QString strategy;
    Experiment experiment;
    QList<int> rows; // indices of the results summarised, in the list given
    Spread ordersPerS;
    Spread p99Ms;
    // Strategies on the same experiment and source whose orders/s intervals overlap this
    // one's: their ranking is not separable from this strategy's.
    QStringList notSeparableFrom;

    int n() const { return ordersPerS.n; }

    // A figure whose spread over the runs is kept: its row of resultFigures() (its key, heading
    // and format) and the member that holds the spread.
    struct SpreadFigure {
        const Figure<StrategyResult>* figure;
        Spread RepeatSummary::*spread;
    };
    static std::span<const SpreadFigure> spreadFigures();

    // One summary per (source, strategy, experiment), in the order each first appears.
    static QList<RepeatSummary> of(const QList<SourcedResult>& results);
    // Whether any group has more than one run: the tables then show the spread.
    static bool anyRepeated(const QList<RepeatSummary>& summaries);
    // "pessimistic ~ conditional, …": the pairs whose orders/s cannot be told apart, once each.
    static QStringList notSeparablePairs(const QList<RepeatSummary>& summaries);
};
