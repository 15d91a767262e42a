#include "app/core/repeatsummary.h"

#include "app/core/resultfigures.h"

#include <algorithm>

namespace {

bool sameGroup(const RepeatSummary& summary, const SourcedResult& row)
{
    return summary.source == row.source && summary.strategy == row.result.strategy
        && summary.experiment == row.result.experiment;
}

// Pairs are only compared on one experiment from one source: a strategy at 4 threads is not
// ranked against another at 64.
void markNotSeparable(QList<RepeatSummary>& summaries)
{
    QList<bool> done(summaries.size(), false);
    for (qsizetype first = 0; first < summaries.size(); ++first) {
        if (done[first])
            continue;
        QList<qsizetype> members;
        for (qsizetype i = first; i < summaries.size(); ++i) {
            if (summaries[i].source == summaries[first].source
                && summaries[i].experiment == summaries[first].experiment) {
                members.append(i);
                done[i] = true;
            }
        }
        QList<Spread> spreads;
        for (const qsizetype member : members)
            spreads.append(summaries[member].ordersPerS);
        for (const auto& [a, b] : notSeparable(spreads)) {
            RepeatSummary& left = summaries[members[a]];
            RepeatSummary& right = summaries[members[b]];
            left.notSeparableFrom.append(right.strategy);
            right.notSeparableFrom.append(left.strategy);
        }
    }
}

} // namespace

std::span<const RepeatSummary::SpreadFigure> RepeatSummary::spreadFigures()
{
    static const SpreadFigure figures[] = {
        { resultFigureOf<&StrategyResult::ordersPerS>(), &RepeatSummary::ordersPerS },
        { resultFigureOf<&StrategyResult::p99Ms>(), &RepeatSummary::p99Ms },
    };
    return figures;
}

QList<RepeatSummary> RepeatSummary::of(const QList<SourcedResult>& results)
{
    QList<RepeatSummary> summaries;
    QList<QList<QList<double>>> values; // per summary, per spread figure, the runs' values
    for (int index = 0; index < results.size(); ++index) {
        const SourcedResult& row = results[index];
        qsizetype at = 0;
        while (at < summaries.size() && !sameGroup(summaries[at], row))
            ++at;
        if (at == summaries.size()) {
            summaries.append({ row.source, row.result.strategy, row.result.experiment, {}, {}, {}, {} });
            values.append(QList<QList<double>>(static_cast<qsizetype>(spreadFigures().size())));
        }
        summaries[at].rows.append(index);
        if (!row.result.error.isEmpty())
            continue;
        for (std::size_t f = 0; f < spreadFigures().size(); ++f)
            values[at][static_cast<qsizetype>(f)].append(spreadFigures()[f].figure->get(row.result));
    }
    for (qsizetype i = 0; i < summaries.size(); ++i) {
        for (std::size_t f = 0; f < spreadFigures().size(); ++f)
            summaries[i].*spreadFigures()[f].spread = Spread::of(values[i][static_cast<qsizetype>(f)]);
    }
    markNotSeparable(summaries);
    return summaries;
}

bool RepeatSummary::anyRepeated(const QList<RepeatSummary>& summaries)
{
    return std::any_of(
        summaries.begin(), summaries.end(), [](const RepeatSummary& s) { return s.rows.size() > 1; });
}

QStringList RepeatSummary::notSeparablePairs(const QList<RepeatSummary>& summaries)
{
    QStringList pairs;
    // In a sweep a pair is named with the point it was run at.
    const bool severalExperiments = std::any_of(summaries.begin(), summaries.end(),
        [&](const RepeatSummary& s) { return s.experiment != summaries.first().experiment; });
    for (qsizetype i = 0; i < summaries.size(); ++i) {
        for (const QString& other : summaries[i].notSeparableFrom) {
            // Each pair once: from the summary that comes first.
            qsizetype j = i + 1;
            while (j < summaries.size()
                && !(summaries[j].strategy == other && summaries[j].source == summaries[i].source
                    && summaries[j].experiment == summaries[i].experiment))
                ++j;
            if (j == summaries.size())
                continue;
            QString pair = QStringLiteral("%1 ~ %2").arg(summaries[i].strategy, other);
            if (severalExperiments) {
                const Experiment& e = summaries[i].experiment;
                pair += QStringLiteral(" (threads=%1 skus=%2 slots=%3)")
                            .arg(e.threads)
                            .arg(e.skus)
                            .arg(e.slotsPerSku);
            }
            if (!summaries[i].source.isEmpty())
                pair += QStringLiteral(" [%1]").arg(summaries[i].source);
            pairs << pair;
        }
    }
    return pairs;
}
