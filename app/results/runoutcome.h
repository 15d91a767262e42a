#pragma once

#include "app/core/strategyresult.h"

#include <QList>
#include <QStringList>

// What a finished run comes to, worked out once for both fronts: the comparison sentence of
// each experiment it ran, and how it ended. The command line prints it and turns the ending
// into its exit status; the window shows it in its status line.
class RunOutcome {
    Q_DECLARE_TR_FUNCTIONS(RunOutcome)

public:
    enum class Ending {
        Passed, // every strategy ran to its end and its audit held
        Incomplete, // a strategy failed, lost its server, or could not be audited
        Unsafe, // a safe strategy broke the lab's promise (oversold, lost or doubled an order)
    };

    // `unrun`: why the plan stopped before all of it ran (a side-by-side run's next server could
    // not be run on), which leaves the run incomplete; empty when it all ran.
    static RunOutcome of(const QList<StrategyResult>& results, const QString& unrun = QString());

    Ending ending() const { return m_ending; }
    // One sentence per experiment with something to compare, in the order they first ran.
    const QStringList& comparisons() const { return m_comparisons; }
    // The safe strategies that broke their promise, each once, in the order they ran.
    const QStringList& unsafeStrategies() const { return m_unsafe; }
    // The ending in words: the strategies that broke their promise or could not be checked.
    QString endingText() const;

private:
    Ending m_ending = Ending::Passed;
    int m_finished = 0; // strategies with a result
    QStringList m_comparisons;
    QStringList m_unsafe; // the safe strategies that broke their promise
    QStringList m_incomplete; // the strategies that failed or were not fully checked
    QString m_unrun; // why the rest of the plan did not run
};
