#include "app/results/spreadcolumns.h"

#include <QCoreApplication>

#include <iterator>

namespace SpreadColumns {

namespace {

struct Spec {
    Column column;
    const char* header;
    const char* toolTip;
    int decimals; // -1: text
};

// Headers and explanations are marked for translation; the context is "SpreadColumns".
constexpr Spec kSpecs[] = {
    { Column::Strategy, QT_TRANSLATE_NOOP("SpreadColumns", "strategy"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The strategy."), -1 },
    { Column::Threads, QT_TRANSLATE_NOOP("SpreadColumns", "clients"),
        QT_TRANSLATE_NOOP("SpreadColumns", "Clients, each with its own connection."), 0 },
    { Column::Runs, QT_TRANSLATE_NOOP("SpreadColumns", "runs"),
        QT_TRANSLATE_NOOP("SpreadColumns", "Runs of the strategy that finished with figures."), 0 },
    { Column::OrdersMedian, QT_TRANSLATE_NOOP("SpreadColumns", "orders/s median"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The median of the runs' committed orders per second."), 0 },
    { Column::OrdersRange, QT_TRANSLATE_NOOP("SpreadColumns", "min–max"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The lowest and the highest orders per second of the runs."), 0 },
    { Column::OrdersInterval, QT_TRANSLATE_NOOP("SpreadColumns", "interval of the median"),
        QT_TRANSLATE_NOOP("SpreadColumns",
            "Distribution-free interval of the median orders per second (order statistics), with its "
            "confidence: 95 % from six runs on; below that, min–max at the confidence it reaches."),
        0 },
    { Column::P99Median, QT_TRANSLATE_NOOP("SpreadColumns", "p99 ms median"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The median of the runs' 99th percentile order latency."), 2 },
    { Column::P99Range, QT_TRANSLATE_NOOP("SpreadColumns", "p99 min–max"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The lowest and the highest p99 latency of the runs."), 2 },
    { Column::NotSeparableFrom, QT_TRANSLATE_NOOP("SpreadColumns", "not separable from"),
        QT_TRANSLATE_NOOP("SpreadColumns",
            "Strategies on the same experiment whose interval overlaps this one's: these runs cannot rank "
            "them."),
        -1 },
    { Column::OrdersSpread, QT_TRANSLATE_NOOP("SpreadColumns", "orders/s median (min–max)"),
        QT_TRANSLATE_NOOP("SpreadColumns",
            "Over every run of this strategy on this experiment: the median orders per second, and the "
            "lowest "
            "and highest."),
        0 },
};

constexpr bool inColumnOrder()
{
    for (std::size_t i = 0; i < std::size(kSpecs); ++i) {
        if (static_cast<std::size_t>(kSpecs[i].column) != i)
            return false;
    }
    return true;
}
static_assert(inColumnOrder(), "kSpecs lists the columns in the order of the Column enum");

const Spec& spec(Column column)
{
    return kSpecs[static_cast<int>(column)];
}

QString figure(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

} // namespace

QList<Column> of(Table table)
{
    switch (table) {
    case Table::Console:
        return { Column::Strategy, Column::Threads, Column::Runs, Column::OrdersMedian, Column::OrdersRange,
            Column::OrdersInterval, Column::P99Median, Column::P99Range };
    case Table::Report:
        return { Column::Strategy, Column::Threads, Column::Runs, Column::OrdersMedian, Column::OrdersRange,
            Column::OrdersInterval, Column::P99Median, Column::P99Range, Column::NotSeparableFrom };
    }
    return {};
}

QString header(Column column)
{
    return QCoreApplication::translate("SpreadColumns", spec(column).header);
}

QString toolTip(Column column)
{
    return QCoreApplication::translate("SpreadColumns", spec(column).toolTip);
}

bool isNumber(Column column)
{
    return spec(column).decimals >= 0;
}

QString range(const Spread& spread, int decimals)
{
    if (spread.n == 0)
        return QStringLiteral("-");
    return figure(spread.min, decimals) + QStringLiteral("–") + figure(spread.max, decimals);
}

QString interval(const Spread& spread, int decimals)
{
    if (!spread.hasInterval())
        return QStringLiteral("-");
    return QStringLiteral("%1–%2 (%3 %)")
        .arg(figure(spread.ciLow, decimals), figure(spread.ciHigh, decimals),
            QString::number(spread.level * 100.0, 'g', 4));
}

QString text(Column column, const RepeatSummary& s)
{
    const int decimals = spec(column).decimals;
    switch (column) {
    case Column::Strategy:
        return s.strategy;
    case Column::Threads:
        return QString::number(s.experiment.threads);
    case Column::Runs:
        return QString::number(s.n());
    case Column::OrdersMedian:
        return s.n() > 0 ? figure(s.ordersPerS.median, decimals) : QStringLiteral("-");
    case Column::OrdersRange:
        return range(s.ordersPerS, decimals);
    case Column::OrdersInterval:
        return interval(s.ordersPerS, decimals);
    case Column::P99Median:
        return s.n() > 0 ? figure(s.p99Ms.median, decimals) : QStringLiteral("-");
    case Column::P99Range:
        return range(s.p99Ms, decimals);
    case Column::NotSeparableFrom:
        return s.notSeparableFrom.join(QStringLiteral(", "));
    case Column::OrdersSpread:
        if (s.n() == 0)
            return QStringLiteral("-");
        if (s.n() == 1)
            return figure(s.ordersPerS.median, decimals);
        return QStringLiteral("%1 (%2)").arg(
            figure(s.ordersPerS.median, decimals), range(s.ordersPerS, decimals));
    }
    return {};
}

QString notSeparableLine(const QList<RepeatSummary>& summaries)
{
    const QStringList pairs = RepeatSummary::notSeparablePairs(summaries);
    if (pairs.isEmpty())
        return {};
    return QCoreApplication::translate("SpreadColumns", "not separable (orders/s intervals overlap): %1")
        .arg(pairs.join(QStringLiteral(", ")));
}

} // namespace SpreadColumns
