#pragma once

#include "app/core/strategyresult.h"

#include <QCoreApplication>
#include <QStringList>

// One experiment run on two servers (`--server embedded,postgres`): for each strategy that ran on
// more than one, a sentence with its rate on each and what differed in the run's own figures
// (retries per order, deadlocks and how long a deadlocked order waited for the detector).
class EngineComparison {
    Q_DECLARE_TR_FUNCTIONS(EngineComparison)

public:
    static QStringList sentences(const QList<StrategyResult>& results);

private:
    static QString differences(const StrategyResult& first, const StrategyResult& other);
};
