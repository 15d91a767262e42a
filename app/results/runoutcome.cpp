#include "app/results/runoutcome.h"

#include "app/results/comparisonsentence.h"

RunOutcome RunOutcome::of(const QList<StrategyResult>& results, const QString& unrun)
{
    RunOutcome outcome;
    outcome.m_unrun = unrun;
    outcome.m_finished = static_cast<int>(results.size());
    outcome.m_comparisons = ComparisonSentence::ofEachExperiment(results);
    for (const StrategyResult& result : results) {
        if (result.failsSafety()) {
            if (!outcome.m_unsafe.contains(result.strategy))
                outcome.m_unsafe << result.strategy;
        } else if (!result.error.isEmpty() || result.serverLost
            || result.verdict() == Verdict::AuditIncomplete) {
            if (!outcome.m_incomplete.contains(result.strategy))
                outcome.m_incomplete << result.strategy;
        }
    }
    outcome.m_ending = !outcome.m_unsafe.isEmpty()                      ? Ending::Unsafe
        : !outcome.m_incomplete.isEmpty() || !outcome.m_unrun.isEmpty() ? Ending::Incomplete
                                                                        : Ending::Passed;
    return outcome;
}

QString RunOutcome::endingText() const
{
    const QString separator = QStringLiteral(", ");
    switch (m_ending) {
    case Ending::Passed:
        return m_finished == 0 ? tr("no strategy finished") : tr("every strategy audited");
    case Ending::Incomplete:
        if (m_incomplete.isEmpty())
            return tr("not all run (%1)").arg(m_unrun);
        return tr("not all checked (%1)").arg(m_incomplete.join(separator));
    case Ending::Unsafe:
        return tr("a promise broken (%1)").arg(m_unsafe.join(separator));
    }
    return QString();
}
