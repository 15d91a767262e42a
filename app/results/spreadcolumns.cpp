#include "app/results/spreadcolumns.h"

#include "app/core/figure.h"

#include <QCoreApplication>

#include <iterator>

namespace SpreadColumns {

namespace {

// What a column shows of a spread figure, or that it shows something else.
enum class Shows { Other, Median, Range, Interval, MedianRange };

struct Spec {
    Column column;
    const char* header; // "%1" stands for the figure's heading
    const char* toolTip;
    Spread RepeatSummary::*
        spread; // the spread shown (RepeatSummary::spreadFigures()); null for another column
    Shows shows;
};

// Headers and explanations are marked for translation; the context is "SpreadColumns".
constexpr Spec kSpecs[] = {
    { Column::Strategy, QT_TRANSLATE_NOOP("SpreadColumns", "strategy"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The strategy."), nullptr, Shows::Other },
    { Column::Threads, QT_TRANSLATE_NOOP("SpreadColumns", "clients"),
        QT_TRANSLATE_NOOP("SpreadColumns", "Clients, each with its own connection."), nullptr, Shows::Other },
    { Column::Runs, QT_TRANSLATE_NOOP("SpreadColumns", "runs"),
        QT_TRANSLATE_NOOP("SpreadColumns", "Runs of the strategy that finished with figures."), nullptr,
        Shows::Other },
    { Column::OrdersMedian, QT_TRANSLATE_NOOP("SpreadColumns", "%1 median"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The median of the runs' committed orders per second."),
        &RepeatSummary::ordersPerS, Shows::Median },
    { Column::OrdersRange, QT_TRANSLATE_NOOP("SpreadColumns", "min–max"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The lowest and the highest orders per second of the runs."),
        &RepeatSummary::ordersPerS, Shows::Range },
    { Column::OrdersInterval, QT_TRANSLATE_NOOP("SpreadColumns", "interval of the median"),
        QT_TRANSLATE_NOOP("SpreadColumns",
            "Distribution-free interval of the median orders per second (order statistics), with its "
            "confidence: 95 % from six runs on; below that, min–max at the confidence it reaches."),
        &RepeatSummary::ordersPerS, Shows::Interval },
    { Column::P99Median, QT_TRANSLATE_NOOP("SpreadColumns", "%1 median"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The median of the runs' 99th percentile order latency."),
        &RepeatSummary::p99Ms, Shows::Median },
    { Column::P99Range, QT_TRANSLATE_NOOP("SpreadColumns", "%1 min–max"),
        QT_TRANSLATE_NOOP("SpreadColumns", "The lowest and the highest p99 latency of the runs."),
        &RepeatSummary::p99Ms, Shows::Range },
    { Column::NotSeparableFrom, QT_TRANSLATE_NOOP("SpreadColumns", "not separable from"),
        QT_TRANSLATE_NOOP("SpreadColumns",
            "Strategies on the same experiment whose interval overlaps this one's: these runs cannot rank "
            "them."),
        nullptr, Shows::Other },
    { Column::OrdersSpread, QT_TRANSLATE_NOOP("SpreadColumns", "%1 median (min–max)"),
        QT_TRANSLATE_NOOP("SpreadColumns",
            "Over every run of this strategy on this experiment: the median orders per second, and the "
            "lowest and highest."),
        &RepeatSummary::ordersPerS, Shows::MedianRange },
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

// The spread figure a column shows, or null.
const RepeatSummary::SpreadFigure* spreadOf(Column column)
{
    const Spread RepeatSummary::*shown = spec(column).spread;
    for (const RepeatSummary::SpreadFigure& spread : RepeatSummary::spreadFigures()) {
        if (shown && spread.spread == shown)
            return &spread;
    }
    return nullptr;
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
    const QString format = QCoreApplication::translate("SpreadColumns", spec(column).header);
    const RepeatSummary::SpreadFigure* spread = spreadOf(column);
    return spread && format.contains(QLatin1String("%1")) ? format.arg(spread->figure->heading()) : format;
}

QString toolTip(Column column)
{
    return QCoreApplication::translate("SpreadColumns", spec(column).toolTip);
}

bool isNumber(Column column)
{
    return spreadOf(column) || column == Column::Threads || column == Column::Runs;
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

namespace {

QString spreadText(Shows shows, const Spread& spread, int decimals)
{
    if (spread.n == 0)
        return QStringLiteral("-");
    switch (shows) {
    case Shows::Median:
        return figure(spread.median, decimals);
    case Shows::Range:
        return range(spread, decimals);
    case Shows::Interval:
        return interval(spread, decimals);
    case Shows::MedianRange:
        if (spread.n == 1)
            return figure(spread.median, decimals);
        return QStringLiteral("%1 (%2)").arg(figure(spread.median, decimals), range(spread, decimals));
    case Shows::Other:
        break;
    }
    return {};
}

} // namespace

QString text(Column column, const RepeatSummary& s)
{
    if (const RepeatSummary::SpreadFigure* spread = spreadOf(column))
        return spreadText(spec(column).shows, s.*spread->spread, spread->figure->decimals);
    switch (column) {
    case Column::Strategy:
        return s.strategy;
    case Column::Threads:
        return QString::number(s.experiment.threads);
    case Column::Runs:
        return QString::number(s.n());
    case Column::NotSeparableFrom:
        return s.notSeparableFrom.join(QStringLiteral(", "));
    default:
        return {};
    }
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
