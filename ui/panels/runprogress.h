#pragma once

#include "app/core/experiment.h"
#include "app/core/metricssample.h"

#include <QCoreApplication>
#include <QString>

// How far a run of several strategies (or a sweep of many cells) has got, and what is left
// in all, for the progress bar.
class RunProgress {
    Q_DECLARE_TR_FUNCTIONS(RunProgress)

public:
    RunProgress() = default;
    RunProgress(const Experiment& experiment, int strategyCount);

    void strategyStarted(const QString& strategy);
    void update(const MetricsSample& sample);

    int percent() const; // of the whole run, 0..100
    QString text() const;

private:
    Experiment m_experiment;
    int m_strategyCount = 1;
    int m_index = -1;
    QString m_strategy;
    double m_fraction = 0.0;
    QString m_left;
};
