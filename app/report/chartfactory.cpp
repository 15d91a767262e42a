#include "app/report/chartfactory.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/repeatsummary.h"
#include "app/report/chartexporter.h"
#include "app/report/strategycolors.h"
#include "app/report/timecharts.h"
#include "app/report/timesplitchart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QHash>
#include <QHorizontalStackedBarSeries>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMap>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

QChart* newChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(6, 6, 6, 6));
    return chart;
}

QPen penFor(const QString& strategy, int variant)
{
    static const Qt::PenStyle styles[] = { Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine };
    QPen pen(StrategyColors::of(strategy), 2.0, styles[variant % 4]);
    return pen;
}

// What makes a line in a scaling chart: strategy, source and everything in the experiment
// but the thread count, so that runs of different experiments never share a line.
QString groupKey(const SourcedResult& source)
{
    Experiment withoutThreads = source.result.experiment;
    withoutThreads.threads = 0;
    const QJsonObject fields = ExperimentJson::toJson(withoutThreads);
    return source.result.strategy + QLatin1Char('|') + source.source + QLatin1Char('|')
        + QString::fromUtf8(QJsonDocument(fields).toJson(QJsonDocument::Compact));
}

// A vertical whisker at `x` from min to max, and a thicker one over the interval of the median;
// neither takes a place in the legend, which keeps the strategies' names.
QList<QLineSeries*> whiskers(QChart* chart, double x, const Spread& spread, const QColor& color)
{
    QList<QLineSeries*> added;
    const auto segment = [&](double low, double high, qreal width) {
        auto* line = new QLineSeries;
        QColor faded = color;
        faded.setAlphaF(width > 2 ? 0.45 : 0.9);
        line->setPen(QPen(faded, width));
        line->append(x, low);
        line->append(x, high);
        chart->addSeries(line);
        for (QLegendMarker* marker : chart->legend()->markers(line))
            marker->setVisible(false);
        added.append(line);
    };
    segment(spread.min, spread.max, 1.0);
    segment(spread.ciLow, spread.ciHigh, 5.0);
    return added;
}

// A sweep line's name: the strategy's, with the run and settings when it has other lines.
QString sweepLineName(const SourcedResult& first, bool oneOfSeveral)
{
    const QString name = ChartFactory::lineName(first, false);
    if (!oneOfSeveral)
        return name;
    const Experiment& e = first.result.experiment;
    // The line's name comes last: a name with a % in it is never taken for a placeholder.
    //: A chart line's name (%5, the strategy) and the run and settings that tell it from its other
    //: lines
    return QCoreApplication::translate("ChartFactory", "%5 [run #%1, skus=%2 slots=%3 delay=%4ms]")
        .arg(first.result.runId)
        .arg(e.skus)
        .arg(e.slotsPerSku)
        .arg(e.delayMs)
        .arg(name);
}

// The extent of a sweep's points, for its axes.
struct SweepExtent {
    double maxThreads = 2;
    double maxY = 1;
    double minY = std::numeric_limits<double>::infinity();
};

// One line through the medians of a group's points, with whiskers where points repeat.
QList<QLineSeries*> sweepLine(QChart* chart, QAbstractAxis* xAxis, QLineSeries* series,
    const QList<const SourcedResult*>& cells, double (*value)(const StrategyResult&), SweepExtent* extent)
{
    QList<QLineSeries*> lines;
    QMap<int, QList<double>> valuesAt;
    for (const auto* cell : cells)
        valuesAt[cell->result.experiment.threads].append(value(cell->result));
    for (auto point = valuesAt.begin(); point != valuesAt.end(); ++point) {
        const Spread spread = Spread::of(point.value());
        series->append(point.key(), spread.median);
        extent->maxThreads = std::max(extent->maxThreads, static_cast<double>(point.key()));
        extent->maxY = std::max(extent->maxY, spread.max);
        extent->minY = std::min(extent->minY, spread.min);
        if (spread.hasInterval())
            lines.append(whiskers(chart, point.key(), spread, series->pen().color()));
    }
    chart->addSeries(series);
    series->attachAxis(xAxis);
    lines.append(series);
    return lines;
}

// Powers of two up to 256 clients; beyond, a crowd's axis would carry 14 labels ("16384")
// that Qt cuts to "1…" at any width a report uses, so it steps by powers of ten.
void fitClientsAxis(QLogValueAxis* axis, double maxThreads)
{
    if (maxThreads > 256) {
        axis->setBase(10);
        axis->setRange(1, std::pow(10.0, std::ceil(std::log10(maxThreads))));
    } else {
        axis->setRange(1, std::pow(2.0, std::ceil(std::log2(maxThreads))));
    }
}

// Strategies a hundred times apart (batching against row locking) flatten all but the top
// line on a linear axis: past a factor of 30, the values go on a log scale.
QAbstractAxis* sweepValueAxis(const QString& unit, const SweepExtent& extent)
{
    if (extent.minY > 0 && extent.maxY / extent.minY >= 30) {
        auto* logAxis = new QLogValueAxis;
        logAxis->setBase(10);
        logAxis->setTitleText(QObject::tr("%1 (log scale)").arg(unit));
        logAxis->setLabelFormat(extent.minY >= 1 ? QStringLiteral("%.0f") : QStringLiteral("%g"));
        logAxis->setRange(std::pow(10.0, std::floor(std::log10(extent.minY))),
            std::pow(10.0, std::ceil(std::log10(extent.maxY))));
        return logAxis;
    }
    auto* linearAxis = new QValueAxis;
    linearAxis->setTitleText(unit);
    linearAxis->setRange(0, extent.maxY * 1.1);
    linearAxis->applyNiceNumbers();
    linearAxis->setLabelFormat(linearAxis->max() >= 20 ? QStringLiteral("%.0f") : QStringLiteral("%.2g"));
    return linearAxis;
}

QChart* versusThreads(const QList<SourcedResult>& sources, const QString& title, const QString& unit,
    double (*value)(const StrategyResult&))
{
    QChart* chart = newChart(title);
    auto* xAxis = new QLogValueAxis;
    xAxis->setBase(2);
    xAxis->setTitleText(QObject::tr("clients (log scale)"));
    xAxis->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(xAxis, Qt::AlignBottom);

    QMap<QString, QList<const SourcedResult*>> groups;
    for (const SourcedResult& source : sources) {
        if (source.result.error.isEmpty())
            groups[groupKey(source)].append(&source);
    }
    // A strategy with lines from several experiments: name each by the run it came from.
    QHash<QString, int> linesPerStrategy;
    for (const auto& group : groups)
        ++linesPerStrategy[group.first()->result.strategy + QLatin1Char('|') + group.first()->source];
    SweepExtent extent;
    QList<QLineSeries*> lines;
    QMap<QString, int> variants;
    for (QList<const SourcedResult*> cells : std::as_const(groups)) {
        std::sort(cells.begin(), cells.end(), [](const auto* a, const auto* b) {
            return a->result.experiment.threads < b->result.experiment.threads;
        });
        const SourcedResult& first = *cells.first();
        auto* series = new QLineSeries;
        series->setName(sweepLineName(
            first, linesPerStrategy.value(first.result.strategy + QLatin1Char('|') + first.source) > 1));
        series->setPen(penFor(first.result.strategy, variants[first.result.strategy]++));
        series->setPointsVisible(true);
        lines.append(sweepLine(chart, xAxis, series, cells, value, &extent));
    }
    fitClientsAxis(xAxis, extent.maxThreads);
    QAbstractAxis* yAxis = sweepValueAxis(unit, extent);
    chart->addAxis(yAxis, Qt::AlignLeft);
    for (QLineSeries* series : std::as_const(lines)) {
        if (series->attachedAxes().isEmpty()) // a whisker
            series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
    return chart;
}

// One bar per strategy (per client count in a sweep), at the median of its runs when they repeat.
struct Bars {
    QStringList categories;
    QList<double> heights;
    QStringList strategies;
};

Bars barsOf(const QList<SourcedResult>& sources, const QList<RepeatSummary>& summaries, bool repeated)
{
    QSet<int> threadCounts;
    for (const SourcedResult& source : sources)
        threadCounts.insert(source.result.experiment.threads);
    const bool withThreads = threadCounts.size() > 1;
    Bars bars;
    if (repeated) {
        for (const RepeatSummary& summary : summaries) {
            bars.categories << QStringLiteral("%1 (n=%2)")
                                   .arg(ChartFactory::lineName(sources[summary.rows.first()], withThreads))
                                   .arg(summary.n());
            bars.heights << summary.ordersPerS.median;
            bars.strategies << summary.strategy;
        }
        return bars;
    }
    // Its source on a line of its own ("pessimistic (MariaDB 10.11.19)" would be cut short), when
    // the bars come from more than one: the rows of one run share theirs, and a second line per
    // bar would leave a dozen strategies no room for their names.
    QSet<QString> sourceNames;
    for (const SourcedResult& source : sources)
        sourceNames.insert(source.source);
    const bool oneSource = sourceNames.size() <= 1;
    for (const SourcedResult& source : sources) {
        const QString name
            = ChartFactory::lineName({ QString(), source.result, source.fromFile }, withThreads);
        bars.categories << (source.source.isEmpty() ? ChartFactory::lineName(source, withThreads)
                : oneSource                         ? name
                                                    : name + QStringLiteral("<br>") + source.source);
        bars.heights << source.result.ordersPerS;
        bars.strategies << source.result.strategy;
    }
    return bars;
}

// QtCharts has no error bars: each bar gets lines across it, on the category axis's index
// scale. A thin one from min to max, a thick one over the interval of the median, a tick at the
// median. Returns the highest value drawn.
double drawSpreads(
    QChart* chart, const QList<RepeatSummary>& summaries, QAbstractAxis* xAxis, QAbstractAxis* yAxis)
{
    const auto line = [&](double from, double to, double at, double spread, qreal width, int alpha) {
        auto* segment = new QLineSeries;
        segment->setPen(QPen(QColor(0x33, 0x33, 0x33, alpha), width));
        segment->append(from, at - spread);
        segment->append(to, at + spread);
        chart->addSeries(segment);
        segment->attachAxis(xAxis);
        segment->attachAxis(yAxis);
    };
    double maxY = 0.0;
    for (qsizetype k = 0; k < summaries.size(); ++k) {
        const Spread& spread = summaries[k].ordersPerS;
        const auto at = static_cast<double>(summaries.size() - 1 - k);
        line(spread.min, spread.max, at, 0.0, 1.5, 255);
        line(spread.ciLow, spread.ciHigh, at, 0.0, 7.0, 110);
        line(spread.median, spread.median, at, 0.3, 2.0, 255);
        maxY = std::max(maxY, spread.max);
    }
    return maxY;
}

} // namespace

namespace ChartFactory {

QString lineName(const SourcedResult& source, bool withThreads)
{
    QString name = source.result.strategy;
    if (withThreads)
        name += QStringLiteral(" t=%1").arg(source.result.experiment.threads);
    if (!source.source.isEmpty())
        name += QStringLiteral(" (%1)").arg(source.source);
    return name;
}

QChart* ordersVersusThreads(const QList<SourcedResult>& sources)
{
    return versusThreads(sources, QObject::tr("Orders per second against clients"), QObject::tr("orders/s"),
        [](const StrategyResult& r) { return r.ordersPerS; });
}

QChart* p99VersusThreads(const QList<SourcedResult>& sources)
{
    return versusThreads(sources, QObject::tr("p99 latency against clients"), QObject::tr("ms"),
        [](const StrategyResult& r) { return r.p99Ms; });
}

QChart* lockWaitsVersusThreads(const QList<SourcedResult>& sources)
{
    QList<SourcedResult> counted; // PostgreSQL counts no lock waits: no point rather than a 0
    std::copy_if(sources.begin(), sources.end(), std::back_inserter(counted),
        [](const SourcedResult& s) { return s.result.lockWaits >= 0; });
    return versusThreads(counted, QObject::tr("Server row-lock waits per second against clients"),
        QObject::tr("waits/s"), [](const StrategyResult& r) {
            const double measured = r.measuredS();
            return measured > 0 ? static_cast<double>(r.lockWaits) / measured : 0.0;
        });
}

QChart* ordersByStrategy(const QList<SourcedResult>& sources)
{
    QChart* chart = newChart(QObject::tr("Orders per second by strategy"));
    // Repeated runs: one bar per strategy at the median, with the spread drawn over it.
    const QList<RepeatSummary> summaries = RepeatSummary::of(sources);
    const bool repeated = RepeatSummary::anyRepeated(summaries);
    Bars bars = barsOf(sources, summaries, repeated);
    // One category per bar; a stacked series with one set per bar, zero elsewhere, gives every
    // bar its strategy's colour and its own label on the axis. The bars lie on their side, so
    // that each label has the width it needs ("conditional t=16 (n=3)") instead of a bar's,
    // the first row on top, read as a table.
    auto* series = new QHorizontalStackedBarSeries;
    const qsizetype count = bars.categories.size();
    std::reverse(bars.categories.begin(), bars.categories.end());
    std::reverse(bars.heights.begin(), bars.heights.end());
    std::reverse(bars.strategies.begin(), bars.strategies.end());
    double maxY = 1;
    for (qsizetype i = 0; i < count; ++i) {
        auto* set = new QBarSet(bars.categories[i]);
        for (qsizetype j = 0; j < count; ++j)
            set->append(i == j ? bars.heights[i] : 0.0);
        set->setColor(StrategyColors::of(bars.strategies[i]));
        series->append(set);
        maxY = std::max(maxY, bars.heights[i]);
    }
    chart->addSeries(series);
    chart->legend()->setVisible(false);
    chart->setProperty(ChartExporter::kNoLegend, true); // the axis names every bar
    auto* xAxis = new QBarCategoryAxis;
    xAxis->append(bars.categories);
    auto* yAxis = new QValueAxis;
    yAxis->setTitleText(QObject::tr("orders/s"));
    chart->addAxis(xAxis, Qt::AlignLeft);
    chart->addAxis(yAxis, Qt::AlignBottom);
    series->attachAxis(xAxis);
    series->attachAxis(yAxis);
    if (repeated) {
        maxY = std::max(maxY, drawSpreads(chart, summaries, xAxis, yAxis));
        chart->setTitle(QObject::tr("Orders per second by strategy, median of the runs"));
        yAxis->setTitleText(QObject::tr("orders/s (thick: interval, thin: min–max)"));
    }
    yAxis->setRange(0, maxY * 1.1);
    yAxis->applyNiceNumbers();
    yAxis->setLabelFormat(QStringLiteral("%.0f"));
    return chart;
}

QList<NamedChart> reportCharts(const QList<SourcedResult>& sources)
{
    // The bars first: each strategy's rate, read at a glance before the lines over time.
    QList<NamedChart> charts { { QStringLiteral("orders-by-strategy"), ordersByStrategy(sources) } };
    for (const TimeMetric& metric : TimeMetric::all()) {
        QChart* chart = TimeCharts::of(sources, metric);
        if (metric.onlySomeStrategies && chart->series().isEmpty()) {
            delete chart;
            continue;
        }
        charts.append({ QLatin1String(metric.id), chart });
    }
    if (QChart* other = TimeCharts::otherErrors(sources))
        charts.append({ QStringLiteral("other-errors"), other });
    charts.append({ QStringLiteral("sold-units"), TimeCharts::soldUnits(sources) });
    QSet<int> threadCounts;
    for (const SourcedResult& source : sources)
        threadCounts.insert(source.result.experiment.threads);
    if (threadCounts.size() > 1) {
        charts.append({ QStringLiteral("orders-vs-threads"), ordersVersusThreads(sources) });
        charts.append({ QStringLiteral("p99-vs-threads"), p99VersusThreads(sources) });
        charts.append({ QStringLiteral("lock-waits-vs-threads"), lockWaitsVersusThreads(sources) });
    }
    if (TimeSplitChart::anyMeasured(sources))
        charts.append({ QStringLiteral("time-split"), TimeSplitChart::of(sources) });
    return charts;
}

} // namespace ChartFactory
