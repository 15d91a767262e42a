#include "app/report/chartfactory.h"

#include "app/core/experimentfields.h"
#include "app/report/strategycolors.h"

#include <QStackedBarSeries>
#include <QBarSet>
#include <QBarCategoryAxis>
#include <QChart>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMap>
#include <QValueAxis>

#include <algorithm>
#include <limits>
#include <cmath>

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
    const QJsonObject fields = ExperimentFields::toJson(withoutThreads);
    return source.result.strategy + QLatin1Char('|') + source.source + QLatin1Char('|')
        + QString::fromUtf8(QJsonDocument(fields).toJson(QJsonDocument::Compact));
}

QChart* versusThreads(const QList<SourcedResult>& sources, const QString& title, const QString& unit,
                      double (*value)(const StrategyResult&))
{
    QChart* chart = newChart(title);
    auto* xAxis = new QLogValueAxis;
    xAxis->setBase(2);
    xAxis->setTitleText(QObject::tr("client threads (log scale)"));
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
    double maxThreads = 2;
    double maxY = 1;
    double minY = std::numeric_limits<double>::infinity();
    QList<QLineSeries*> lines;
    QMap<QString, int> variants;
    for (auto it = groups.begin(); it != groups.end(); ++it) {
        QList<const SourcedResult*> cells = it.value();
        std::sort(cells.begin(), cells.end(), [](const auto* a, const auto* b) { return a->result.experiment.threads < b->result.experiment.threads; });
        auto* series = new QLineSeries;
        const SourcedResult& first = *cells.first();
        QString name = ChartFactory::lineName(first, false);
        if (linesPerStrategy.value(first.result.strategy + QLatin1Char('|') + first.source) > 1) {
            const Experiment& e = first.result.experiment;
            name += QStringLiteral(" [run #%1, skus=%2 slots=%3 delay=%4ms]").arg(first.result.runId).arg(e.skus).arg(e.slotsPerSku).arg(e.delayMs);
        }
        series->setName(name);
        series->setPen(penFor(first.result.strategy, variants[first.result.strategy]++));
        series->setPointsVisible(true);
        for (const auto* cell : cells) {
            const double y = value(cell->result);
            series->append(cell->result.experiment.threads, y);
            maxThreads = std::max(maxThreads, static_cast<double>(cell->result.experiment.threads));
            maxY = std::max(maxY, y);
            minY = std::min(minY, y);
        }
        chart->addSeries(series);
        series->attachAxis(xAxis);
        lines.append(series);
    }
    xAxis->setRange(1, std::pow(2.0, std::ceil(std::log2(maxThreads))));
    // Strategies a hundred times apart (batching against row locking) flatten all but the top
    // line on a linear axis: past a factor of 30, the values go on a log scale.
    QAbstractAxis* yAxis = nullptr;
    if (minY > 0 && maxY / minY >= 30) {
        auto* logAxis = new QLogValueAxis;
        logAxis->setBase(10);
        logAxis->setTitleText(QObject::tr("%1 (log scale)").arg(unit));
        logAxis->setLabelFormat(minY >= 1 ? QStringLiteral("%.0f") : QStringLiteral("%g"));
        logAxis->setRange(std::pow(10.0, std::floor(std::log10(minY))), std::pow(10.0, std::ceil(std::log10(maxY))));
        yAxis = logAxis;
    } else {
        auto* linearAxis = new QValueAxis;
        linearAxis->setTitleText(unit);
        linearAxis->setRange(0, maxY * 1.1);
        linearAxis->applyNiceNumbers();
        linearAxis->setLabelFormat(linearAxis->max() >= 20 ? QStringLiteral("%.0f") : QStringLiteral("%.2g"));
        yAxis = linearAxis;
    }
    chart->addAxis(yAxis, Qt::AlignLeft);
    for (QLineSeries* series : std::as_const(lines))
        series->attachAxis(yAxis);
    return chart;
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
    return versusThreads(sources, QObject::tr("Orders per second against client threads"), QObject::tr("orders/s"),
                         [](const StrategyResult& r) { return r.ordersPerS; });
}

QChart* p99VersusThreads(const QList<SourcedResult>& sources)
{
    return versusThreads(sources, QObject::tr("p99 latency against client threads"), QObject::tr("ms"),
                         [](const StrategyResult& r) { return r.p99Ms; });
}

QChart* lockWaitsVersusThreads(const QList<SourcedResult>& sources)
{
    return versusThreads(sources, QObject::tr("Server row-lock waits per second against client threads"), QObject::tr("waits/s"),
                         [](const StrategyResult& r) {
                             const double measured = r.measuredS();
                             return measured > 0 ? static_cast<double>(r.lockWaits) / measured : 0.0;
                         });
}

QChart* ordersByStrategy(const QList<SourcedResult>& sources)
{
    QChart* chart = newChart(QObject::tr("Orders per second by strategy"));
    // One category per result; a stacked series with one set per result, zero elsewhere,
    // gives every bar its strategy's colour and its own label on the axis.
    QSet<int> threadCounts;
    for (const SourcedResult& source : sources)
        threadCounts.insert(source.result.experiment.threads);
    QStringList categories;
    for (const SourcedResult& source : sources)
        categories << lineName(source, threadCounts.size() > 1);
    auto* series = new QStackedBarSeries;
    double maxY = 1;
    for (qsizetype i = 0; i < sources.size(); ++i) {
        auto* set = new QBarSet(categories[i]);
        for (qsizetype j = 0; j < sources.size(); ++j)
            set->append(i == j ? sources[i].result.ordersPerS : 0.0);
        set->setColor(StrategyColors::of(sources[i].result.strategy));
        series->append(set);
        maxY = std::max(maxY, sources[i].result.ordersPerS);
    }
    chart->addSeries(series);
    chart->legend()->setVisible(false);
    auto* xAxis = new QBarCategoryAxis;
    xAxis->append(categories);
    xAxis->setLabelsAngle(categories.size() > 4 ? -40 : 0);
    auto* yAxis = new QValueAxis;
    yAxis->setTitleText(QObject::tr("orders/s"));
    yAxis->setRange(0, maxY * 1.1);
    yAxis->applyNiceNumbers();
    yAxis->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    series->attachAxis(xAxis);
    series->attachAxis(yAxis);
    return chart;
}

QChart* overTime(const QList<SourcedResult>& sources, const QString& title, const QString& unit, double (*value)(const MetricsSample&))
{
    QChart* chart = newChart(title);
    auto* xAxis = new QValueAxis;
    xAxis->setTitleText(QObject::tr("elapsed s"));
    auto* yAxis = new QValueAxis;
    yAxis->setTitleText(unit);
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    QSet<int> threadCounts;
    for (const SourcedResult& source : sources)
        threadCounts.insert(source.result.experiment.threads);
    double maxX = 1;
    double maxY = 1;
    QMap<QString, int> variants;
    for (const SourcedResult& source : sources) {
        if (source.result.series.isEmpty())
            continue;
        auto* series = new QLineSeries;
        series->setName(lineName(source, threadCounts.size() > 1));
        series->setPen(penFor(source.result.strategy, variants[source.result.strategy]++));
        for (const MetricsSample& sample : source.result.series) {
            if (sample.intervalS < 0.1) // a last sample of a few ms is too short for a rate
                continue;
            const double y = value(sample);
            series->append(sample.elapsedS, y);
            maxX = std::max(maxX, sample.elapsedS);
            maxY = std::max(maxY, y);
        }
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
    xAxis->setRange(0, std::ceil(maxX));
    xAxis->applyNiceNumbers();
    xAxis->setLabelFormat(QStringLiteral("%g"));
    yAxis->setRange(0, maxY * 1.1);
    yAxis->applyNiceNumbers();
    yAxis->setLabelFormat(yAxis->max() >= 20 ? QStringLiteral("%.0f") : QStringLiteral("%.2g"));
    return chart;
}

QList<NamedChart> reportCharts(const QList<SourcedResult>& sources)
{
    QList<NamedChart> charts;
    charts.append({ QStringLiteral("orders-over-time"), overTime(sources, QObject::tr("Orders per second"), QObject::tr("orders/s"),
                                                                 [](const MetricsSample& s) { return s.ordersPerS; }) });
    charts.append({ QStringLiteral("p99-over-time"), overTime(sources, QObject::tr("p99 latency"), QObject::tr("ms"),
                                                              [](const MetricsSample& s) { return s.p99Ms; }) });
    charts.append({ QStringLiteral("lock-waits-over-time"),
        overTime(sources, QObject::tr("Server row-lock waits per second"), QObject::tr("waits/s"),
                 [](const MetricsSample& s) { return s.intervalS > 0 ? static_cast<double>(s.rowLockWaits) / s.intervalS : 0.0; }) });
    charts.append({ QStringLiteral("sold-over-time"), overTime(sources, QObject::tr("Units sold (audit)"), QObject::tr("units"),
                                                               [](const MetricsSample& s) {
                                                                   return static_cast<double>(s.audit.valid ? s.audit.sold : s.soldUnits);
                                                               }) });
    QSet<int> threadCounts;
    for (const SourcedResult& source : sources)
        threadCounts.insert(source.result.experiment.threads);
    if (threadCounts.size() > 1) {
        charts.append({ QStringLiteral("orders-vs-threads"), ordersVersusThreads(sources) });
        charts.append({ QStringLiteral("p99-vs-threads"), p99VersusThreads(sources) });
        charts.append({ QStringLiteral("lock-waits-vs-threads"), lockWaitsVersusThreads(sources) });
    } else {
        charts.append({ QStringLiteral("orders-by-strategy"), ordersByStrategy(sources) });
    }
    return charts;
}

} // namespace ChartFactory
