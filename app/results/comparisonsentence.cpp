#include "app/results/comparisonsentence.h"

#include "strategies/strategyregistry.h"

#include "app/results/enginecomparison.h"
#include "app/results/resultexplanation.h"
#include "app/results/resultwriter.h"

#include <QCoreApplication>
#include <QMap>

#include <algorithm>

namespace ComparisonSentence {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ComparisonSentence", text);
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

QString where(const Experiment& e)
{
    if (e.workload == WorkloadKind::Claim)
        return tr("on one table of %1 tasks").arg(e.tasks);
    return e.skus == 1 ? tr("on one hot SKU") : tr("on %1 SKUs").arg(e.skus);
}

} // namespace

QString of(const QList<StrategyResult>& rows)
{
    if (rows.isEmpty())
        return {};
    const Experiment& experiment = rows.first().experiment;
    QMap<QString, QList<double>> rates; // safe strategies with figures, on the first row's experiment
    QStringList order;
    for (const StrategyResult& row : rows) {
        // A rate is compared only where the sales were true: a strategy that broke its promise
        // sold what it did not have.
        if (!row.safe || row.failsSafety() || !row.error.isEmpty() || row.ordersPerS <= 0.0
            || !(row.experiment == experiment))
            continue;
        if (!rates.contains(row.strategy))
            order << row.strategy;
        rates[row.strategy].append(row.ordersPerS);
    }
    if (rates.size() < 2)
        return {};
    QMap<QString, double> medians;
    for (auto it = rates.cbegin(); it != rates.cend(); ++it)
        medians.insert(it.key(), median(it.value()));
    const auto byRate
        = [&](const QString& a, const QString& b) { return medians.value(a) < medians.value(b); };
    const QString fastest = *std::max_element(order.cbegin(), order.cend(), byRate);
    const auto textbook = std::find_if(order.cbegin(), order.cend(), [&](const QString& id) {
        return id != fastest && StrategyRegistry::traitsOf(id).comparisonBaseline;
    });
    QString baseline
        = textbook != order.cend() ? *textbook : *std::min_element(order.cbegin(), order.cend(), byRate);
    if (baseline == fastest)
        return {};
    const double fast = medians.value(fastest);
    const double slow = medians.value(baseline);
    const double factor = fast / slow;
    const bool tasks = experiment.workload == WorkloadKind::Claim;
    const QString unit = tasks ? tr("tasks/s") : tr("orders/s");
    const QString rates2
        = tr("(%1 against %2 %3)")
              .arg(ResultExplanation::number(fast, 0), ResultExplanation::number(slow, 0), unit);
    if (factor < 1.1)
        return tr("%1 and %2 ran at about the same rate %3 %4.")
            .arg(fastest, baseline, where(experiment), rates2);
    const QString times = ResultExplanation::number(factor, factor >= 10.0 ? 0 : 1);
    return (
        tasks ? tr("%1 completed tasks %2× as fast as %3 %4 %5.") : tr("%1 sold %2× as fast as %3 %4 %5."))
        .arg(fastest, times, baseline, where(experiment), rates2);
}

QString ofLatestExperiment(const QList<StrategyResult>& rows)
{
    if (rows.isEmpty())
        return QString();
    QList<StrategyResult> same;
    for (const StrategyResult& row : rows) {
        if (row.experiment == rows.last().experiment)
            same.append(row);
    }
    // One experiment on two servers compares the engines, strategy by strategy: comparing the
    // strategies across them would set one server's rates against the other's.
    if (ResultWriter::spansServers(same))
        return EngineComparison::sentences(same).join(QLatin1Char('\n'));
    return of(same);
}

QStringList ofEachExperiment(const QList<StrategyResult>& rows)
{
    QList<Experiment> experiments;
    for (const StrategyResult& row : rows) {
        if (!experiments.contains(row.experiment))
            experiments.append(row.experiment);
    }
    QStringList sentences;
    for (const Experiment& experiment : experiments) {
        QList<StrategyResult> same;
        for (const StrategyResult& row : rows) {
            if (row.experiment == experiment)
                same.append(row);
        }
        if (const QString sentence = of(same); !sentence.isEmpty())
            sentences << sentence;
    }
    return sentences;
}

} // namespace ComparisonSentence
