#include "app/core/sweepplan.h"

#include "app/core/quotedvalue.h"

#include <algorithm>
#include <limits>

namespace {

constexpr qsizetype kMaxListValues = 64; // distinct values in one sweep list

} // namespace

QList<RunCell> RunCell::plainRun(const Experiment& experiment, const QStringList& strategies)
{
    QList<RunCell> cells;
    // Validation refuses a repeat out of range; the clamp only keeps such a value from
    // building a huge list before it is refused.
    const int repeat = std::clamp(experiment.repeat, 1, kMaxRepeat);
    for (int repetition = 1; repetition <= repeat; ++repetition) {
        for (const QString& strategy : strategies)
            cells.append({ strategy, experiment, repetition });
    }
    return cells;
}

QList<RunCell> SweepPlan::cells(const Experiment& base, const QStringList& strategies) const
{
    QList<RunCell> result;
    const QList<std::int64_t> outer = dimension == Dimension::None ? QList<std::int64_t> { 0 } : values;
    for (const std::int64_t value : outer) {
        for (const int count : threads) {
            Experiment point = base;
            point.threads = count;
            if (dimension == Dimension::Slots) // beyond int: validate() still names the limit
                point.slotsPerSku
                    = static_cast<int>(std::min<std::int64_t>(value, std::numeric_limits<int>::max()));
            else if (dimension == Dimension::Skus)
                point.skus = value;
            result.append(RunCell::plainRun(point, strategies));
        }
    }
    return result;
}

qsizetype SweepPlan::cellCount(qsizetype strategies, int repeat) const
{
    return threads.size() * strategies * std::max(1, repeat)
        * (dimension == Dimension::None ? 1 : values.size());
}

std::optional<QList<std::int64_t>> SweepPlan::parseList(const QString& text, QString* error)
{
    QList<std::int64_t> values;
    const QStringList parts = text.split(QLatin1Char(','));
    for (const QString& part : parts) {
        // "1,,4" or "1,4," is more likely a slip than a short list: refused, as a single
        // value with white space around it is.
        if (part.isEmpty()) {
            if (parts.size() == 1)
                break;
            *error = tr("%1 has an empty item; lists look like 1,4,16,64").arg(QuotedValue::quoted(text));
            return std::nullopt;
        }
        if (part != part.trimmed()) {
            *error = tr("%1 has white space around it; lists look like 1,4,16,64")
                         .arg(QuotedValue::quoted(part));
            return std::nullopt;
        }
        bool ok = false;
        const qlonglong value = part.toLongLong(&ok);
        if (!ok || value < 1) {
            *error = tr("%1 is not a positive whole number (lists look like 1,4,16,64)")
                         .arg(QuotedValue::quoted(part));
            return std::nullopt;
        }
        if (!values.contains(value))
            values.append(value);
        if (values.size() > kMaxListValues) {
            *error = tr("at most %1 values").arg(kMaxListValues);
            return std::nullopt;
        }
    }
    if (values.isEmpty()) {
        *error = tr("needs at least one value, e.g. 1,4,16,64");
        return std::nullopt;
    }
    return values;
}

std::optional<SweepPlan> SweepPlan::parse(
    const QString& clients, Dimension dimension, const QString& values, List* bad, QString* error)
{
    SweepPlan plan;
    const auto counts = parseList(clients, error);
    if (!counts) {
        *bad = List::Clients;
        return std::nullopt;
    }
    for (const std::int64_t count : *counts) // beyond int: validate() still names the limit
        plan.threads << static_cast<int>(std::min<std::int64_t>(count, std::numeric_limits<int>::max()));
    if (dimension == Dimension::None)
        return plan;
    const auto parsed = parseList(values, error);
    if (!parsed) {
        *bad = List::Values;
        return std::nullopt;
    }
    plan.dimension = dimension;
    plan.values = *parsed;
    return plan;
}

QStringList SweepPlan::validate(const Experiment& base, const StrategyNeeds& needs) const
{
    // A cell's experiment does not depend on its strategy, so the needs of all the chosen
    // strategies together refuse what each cell's own strategy would; a message names them.
    QStringList problems;
    // The repetitions of a cell share its experiment: each is checked once.
    Experiment once = base;
    once.repeat = 1;
    for (const RunCell& cell : cells(once, { QString() })) {
        Experiment checked = cell.experiment;
        checked.repeat = base.repeat;
        for (const FieldError& error : validateExperiment(checked, needs)) {
            const QString line = QStringLiteral("--%1: %2").arg(error.field, error.message);
            if (!problems.contains(line))
                problems << line;
        }
    }
    return problems;
}

QString dimensionName(SweepPlan::Dimension dimension)
{
    switch (dimension) {
    case SweepPlan::Dimension::Slots:
        return QStringLiteral("slots");
    case SweepPlan::Dimension::Skus:
        return QStringLiteral("skus");
    case SweepPlan::Dimension::None:
        break;
    }
    return QStringLiteral("none");
}
