#pragma once

#include "app/core/bound.h"
#include "app/core/experiment.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// One strategy on one experiment: the unit a run is made of. A plain run is one cell per
// strategy and repetition; a sweep is strategies x repetitions x thread counts (x slots or
// SKU counts).
struct RunCell {
    QString strategy;
    Experiment experiment;
    int repetition = 1; // 1..experiment.repeat
    // The rate predicted for it from a calibration, when there is one (-1: none).
    double predictedOrdersPerS = -1.0;
    Bound predictedBound = Bound::None;

    // A plain run: each strategy on the same experiment, in the order given, experiment.repeat
    // times, interleaved (A B C A B C), so that a drift of the machine hits every strategy alike.
    static QList<RunCell> plainRun(const Experiment& experiment, const QStringList& strategies);
};

// What a sweep varies. Every cell runs on fresh data; the order is dimension value, thread
// count, repetition, strategy, so that a scaling curve fills in from left to right for every
// strategy, and the repetitions of one point are interleaved as in a plain run.
struct SweepPlan {
    Q_DECLARE_TR_FUNCTIONS(SweepPlan)
public:
    enum class Dimension { None, Slots, Skus };

    QList<int> threads;
    Dimension dimension = Dimension::None;
    QList<std::int64_t> values; // slots or SKU counts, when dimension is not None

    QList<RunCell> cells(const Experiment& base, const QStringList& strategies) const;
    qsizetype cellCount(qsizetype strategies, int repeat = 1) const;

    // "1,4,16,64": positive whole numbers, comma-separated, at most 64 of them.
    static std::optional<QList<std::int64_t>> parseList(const QString& text, QString* error);
    // The plan as a person gives it on either front: the client counts and, unless
    // `dimension` is None, that dimension's values, each a list as parseList reads it. No limit
    // beyond parseList's: validate() applies the experiment's, the same for both fronts.
    // nullopt with `error`, and `bad` saying which of the two lists it is about.
    enum class List { Clients, Values };
    static std::optional<SweepPlan> parse(
        const QString& clients, Dimension dimension, const QString& values, List* bad, QString* error);
    // Every cell's experiment validated for the strategies whose `needs` are given; one
    // message per distinct problem.
    QStringList validate(const Experiment& base, const StrategyNeeds& needs) const;
};

QString dimensionName(SweepPlan::Dimension dimension);
