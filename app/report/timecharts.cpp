#include "app/report/timecharts.h"

#include "app/report/chartfactory.h"
#include "app/report/strategycolors.h"

#include <QChart>
#include <QCoreApplication>
#include <QLegend>
#include <QLineSeries>
#include <QMap>
#include <QSet>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace TimeCharts {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("TimeCharts", text);
}

struct Axes {
    QChart* chart;
    QValueAxis* x;
    QValueAxis* y;
    double maxX = 1;
    double maxY = 1;
    double plannedX = 0; // the runs' planned length when every one ran for a duration
};

Axes newChart(const QString& title, const QString& unit)
{
    Axes axes { new QChart, new QValueAxis, new QValueAxis };
    axes.chart->setTitle(title);
    axes.chart->legend()->setAlignment(Qt::AlignBottom);
    axes.chart->setMargins(QMargins(6, 6, 6, 6));
    axes.x->setTitleText(tr("elapsed s"));
    axes.y->setTitleText(unit);
    axes.chart->addAxis(axes.x, Qt::AlignBottom);
    axes.chart->addAxis(axes.y, Qt::AlignLeft);
    return axes;
}

void addLine(Axes& axes, QLineSeries* series, const Experiment* experiment = nullptr)
{
    if (experiment) {
        const double planned = experiment->stop == StopKind::Duration
            ? static_cast<double>(experiment->durationMs) / 1000.0
            : 0.0;
        axes.plannedX = axes.plannedX < 0 || planned == 0 ? -1 : std::max(axes.plannedX, planned);
    }
    for (const QPointF& point : series->points()) {
        axes.maxX = std::max(axes.maxX, point.x());
        axes.maxY = std::max(axes.maxY, point.y());
    }
    axes.chart->addSeries(series);
    series->attachAxis(axes.x);
    series->attachAxis(axes.y);
}

// The time axis ends where the runs did: at the planned length, or at the longest line's next
// half second when they ended on stock or orders.
QChart* finish(Axes& axes)
{
    const double end = axes.plannedX > 0 && axes.maxX <= axes.plannedX * 1.05
        ? axes.plannedX
        : std::ceil(axes.maxX * 2.0) / 2.0;
    axes.x->setRange(0, end);
    axes.x->setTickCount(std::clamp(static_cast<int>(end / std::ceil(end / 10.0)) + 1, 2, 11));
    axes.x->setLabelFormat(QStringLiteral("%g"));
    axes.y->setRange(0, axes.maxY * 1.1);
    axes.y->applyNiceNumbers();
    axes.y->setLabelFormat(axes.y->max() >= 20 ? QStringLiteral("%.0f") : QStringLiteral("%.2g"));
    return axes.chart;
}

bool severalThreadCounts(const QList<SourcedResult>& sources)
{
    QSet<int> threadCounts;
    for (const SourcedResult& source : sources)
        threadCounts.insert(source.result.experiment.threads);
    return threadCounts.size() > 1;
}

// Calls `visit(sample, before)` for each sample a chart draws: as the window, it leaves out a
// last sample of a few milliseconds, too short for a rate.
template <typename Visit> void eachDrawnSample(const StrategyResult& result, Visit visit)
{
    MetricsSample before;
    bool first = true;
    for (const MetricsSample& sample : result.series) {
        if (first || sample.intervalS >= 0.1)
            visit(sample, before);
        before = sample;
        first = false;
    }
}

} // namespace

QChart* of(const QList<SourcedResult>& sources, const TimeMetric& metric)
{
    Axes axes = newChart(metric.translatedTitle(), metric.translatedUnit());
    const bool withThreads = severalThreadCounts(sources);
    QMap<QString, int> variants;
    for (const SourcedResult& source : sources) {
        // A line per node for a per-node metric (node 0: the strategy's one line).
        QMap<int, QLineSeries*> lines;
        eachDrawnSample(source.result, [&](const MetricsSample& sample, const MetricsSample& before) {
            for (const TimeMetric::Point& point : metric.points(sample, before)) {
                QLineSeries*& series = lines[point.node];
                if (!series)
                    series = new QLineSeries;
                series->append(sample.elapsedS, point.y);
            }
        });
        const bool repeated = variants[source.result.strategy]++ > 0;
        for (auto it = lines.begin(); it != lines.end(); ++it) {
            QLineSeries* series = it.value();
            const int node = it.key();
            series->setName(ChartFactory::lineName(source, withThreads)
                + (node > 0 ? TimeMetric::nodeSuffix(node) : QString()));
            QPen pen(StrategyColors::of(source.result.strategy), 2.0,
                StrategyColors::lineStyleOf(source.result.strategy));
            if (node > 0)
                pen.setStyle(TimeMetric::nodeStyle(node));
            else if (repeated)
                pen.setStyle(Qt::DashLine); // a strategy's second line: its repetition or sweep cell
            series->setPen(pen);
            series->setPointsVisible(series->count() < 3);
            addLine(axes, series, &source.result.experiment);
        }
    }
    return finish(axes);
}

QChart* otherErrors(const QList<SourcedResult>& sources)
{
    Axes axes = newChart(TimeMetric::otherErrorsTitle(), tr("errors/s"));
    const bool withThreads = severalThreadCounts(sources);
    bool any = false;
    for (const SourcedResult& source : sources) {
        for (const TimeMetric::OtherError& other : TimeMetric::otherErrors()) {
            const auto index = static_cast<std::size_t>(other.errorClass);
            if (source.result.series.isEmpty() || source.result.series.last().clients.errors()[index] == 0)
                continue;
            auto* series = new QLineSeries;
            series->setName(ChartFactory::lineName(source, withThreads) + QLatin1String(other.suffix));
            series->setPen(QPen(StrategyColors::of(source.result.strategy), 2.0, other.style));
            eachDrawnSample(source.result, [&](const MetricsSample& sample, const MetricsSample& before) {
                series->append(sample.elapsedS,
                    TimeMetric::ratePerSecond(
                        sample.clients.errors()[index], before.clients.errors()[index], sample.intervalS));
            });
            addLine(axes, series, &source.result.experiment);
            any = true;
        }
    }
    if (!any) {
        delete axes.chart;
        return nullptr;
    }
    return finish(axes);
}

QChart* soldUnits(const QList<SourcedResult>& sources)
{
    Axes axes = newChart(tr("Oversell check: units sold against the stock there was"), tr("units"));
    const bool withThreads = severalThreadCounts(sources);
    std::int64_t stock = 0;
    for (const SourcedResult& source : sources) {
        auto* series = new QLineSeries;
        series->setName(ChartFactory::lineName(source, withThreads));
        series->setPen(QPen(StrategyColors::of(source.result.strategy), 2.0,
            StrategyColors::lineStyleOf(source.result.strategy)));
        for (const MetricsSample& sample : source.result.series)
            series->append(sample.elapsedS,
                static_cast<double>(
                    sample.audit.valid ? sample.audit.sold : sample.clients[ClientCount::SoldUnits]));
        stock = std::max(stock, source.result.experiment.skus * source.result.experiment.initialStock);
        addLine(axes, series, &source.result.experiment);
    }
    if (stock > 0) {
        auto* line = new QLineSeries;
        line->setName(tr("stock"));
        line->setPen(QPen(QColor(60, 60, 60), 1.5, Qt::DashLine));
        line->append(0, static_cast<double>(stock));
        line->append(axes.plannedX > 0 ? axes.plannedX : axes.maxX, static_cast<double>(stock));
        addLine(axes, line);
    }
    return finish(axes);
}

} // namespace TimeCharts
