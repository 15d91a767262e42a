// Charts and reports without a server: charts to PNG (size and DPI), SVG (every series) and
// PDF; the scaling axis; the report holds the table and every chart.
#include "app/report/chartexporter.h"
#include "app/report/chartfactory.h"
#include "app/report/reportwriter.h"
#include "tests/support/sampleresults.h"

#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QSignalSpy>
#include <QTest>
#include <QXmlStreamReader>

#include <memory>

class TestExport : public QObject {
    Q_OBJECT

private slots:
    void pngHasTheRequestedSizeAndDpi_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("dpi");
        QTest::newRow("screen") << QSize(800, 500) << 96;
        QTest::newRow("print") << QSize(2400, 1500) << 300;
        QTest::newRow("odd") << QSize(333, 211) << 72;
    }
    void pngHasTheRequestedSizeAndDpi()
    {
        QFETCH(QSize, size);
        QFETCH(int, dpi);
        QTemporaryDir dir;
        std::unique_ptr<QChart> chart(ChartFactory::ordersVersusThreads(SampleResults::sweep()));
        const QString path = dir.filePath(QStringLiteral("c.png"));
        QString error;
        QVERIFY2(ChartExporter::savePng(chart.get(), path, size, dpi, &error), qPrintable(error));
        QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), size);
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), dpi);
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 5)
            for (int x = 0; x < image.width(); x += 5)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 10); // drawn, not blank
    }

    void scalingChartGoesLogarithmicOnlyWhenStrategiesAreFarApart()
    {
        // SampleResults::sweep() spans 1,000 to 24,000 orders/s (24x): a linear axis reads well.
        std::unique_ptr<QChart> close(ChartFactory::ordersVersusThreads(SampleResults::sweep()));
        QCOMPARE(close->axes(Qt::Vertical).size(), 1);
        QCOMPARE(close->axes(Qt::Vertical).first()->type(), QAbstractAxis::AxisTypeValue);
        // Batching at 100,000 orders/s beside row locking at 200: 500x apart, a log scale.
        QList<SourcedResult> far;
        for (int threads : { 1, 4, 16 }) {
            far.append({ QString(), SampleResults::make(QStringLiteral("queued"), threads, 100000.0) });
            far.append({ QString(), SampleResults::make(QStringLiteral("pessimistic"), threads, 200.0) });
        }
        std::unique_ptr<QChart> apart(ChartFactory::ordersVersusThreads(far));
        QCOMPARE(apart->axes(Qt::Vertical).size(), 1);
        auto* axis = qobject_cast<QLogValueAxis*>(apart->axes(Qt::Vertical).first());
        QVERIFY(axis);
        QCOMPARE(axis->min(), 100.0);
        QCOMPARE(axis->max(), 100000.0);
        for (QAbstractSeries* series : apart->series())
            QCOMPARE(series->attachedAxes().size(), 2); // threads and orders/s
    }

    void aCrowdsScalingAxisStepsByPowersOfTen()
    {
        // Up to 10,000 clients: powers of two would give 15 labels ("16384") that Qt cut to
        // "1..." in a 1000x560 PNG; the axis steps by powers of ten instead.
        QList<SourcedResult> crowd;
        for (int clients : { 1, 16, 256, 1000, 4000, 10000 })
            crowd.append({ QString(), SampleResults::make(QStringLiteral("conditional"), clients, 300.0) });
        QChartView view;
        view.setChart(ChartFactory::ordersVersusThreads(crowd)); // the view owns it
        auto* axis = qobject_cast<QLogValueAxis*>(view.chart()->axes(Qt::Horizontal).first());
        QVERIFY(axis);
        QCOMPARE(axis->base(), 10.0);
        QCOMPARE(axis->max(), 10000.0);
        for (QAbstractSeries* series : view.chart()->series())
            QVERIFY(series->attachedAxes().contains(axis));
    }

    void svgHoldsEverySeries()
    {
        QTemporaryDir dir;
        const QList<SourcedResult> sources = SampleResults::sweep();
        for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(sources)) {
            std::unique_ptr<QChart> chart(named.chart);
            const QString path = dir.filePath(named.name + QStringLiteral(".svg"));
            QString error;
            QVERIFY2(ChartExporter::saveSvg(chart.get(), path, QSize(900, 500), &error), qPrintable(error));
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray svg = file.readAll();
            QXmlStreamReader xml(svg);
            while (!xml.atEnd())
                xml.readNext();
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
            QVERIFY(svg.contains("viewBox=\"0 0 900 500\""));
            for (QAbstractSeries* series : chart->series())
                QVERIFY2(svg.contains(series->name().toHtmlEscaped().toUtf8()),
                    qPrintable(named.name + QLatin1String(": ") + series->name()));
            QVERIFY(!svg.contains("…")); // no name elided
        }
    }

    void clusterChartsDrawALinePerNode()
    {
        // Three samples on three nodes; node 3 stops answering at the third.
        StrategyResult r = SampleResults::make(QStringLiteral("pessimistic"), 12, 900.0);
        r.series.clear();
        for (int i = 1; i <= 3; ++i) {
            MetricsSample s;
            s.strategy = r.strategy;
            s.elapsedS = i;
            s.intervalS = 1.0;
            s.clusterStatsValid = true;
            for (int node = 1; node <= 3; ++node) {
                ClusterCounters counters;
                counters.bfAborts = 100LL * node * i; // node N aborts 100·N a second
                counters.answered = !(node == 3 && i == 3);
                s.nodes.append(counters);
            }
            r.series.append(s);
        }
        const QList<SourcedResult> sources { { QString(), r },
            { QString(), SampleResults::make(QStringLiteral("queued"), 12, 5000.0) } };
        QMap<QString, QChart*> charts;
        for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(sources))
            charts.insert(named.name, named.chart);
        QVERIFY(charts.contains(QStringLiteral("bf-aborts")));
        QMap<QString, QLineSeries*> lines;
        for (QAbstractSeries* series : charts.value(QStringLiteral("bf-aborts"))->series())
            lines.insert(series->name(), qobject_cast<QLineSeries*>(series));
        QCOMPARE(lines.keys(),
            (QStringList { QStringLiteral("pessimistic · node 1"), QStringLiteral("pessimistic · node 2"),
                QStringLiteral("pessimistic · node 3") }));
        QCOMPARE(lines.value(QStringLiteral("pessimistic · node 2"))->at(1), QPointF(2, 200));
        QCOMPARE(lines.value(QStringLiteral("pessimistic · node 3"))->count(),
            2); // none once it stopped answering
        QCOMPARE(lines.value(QStringLiteral("pessimistic · node 1"))->pen().style(), Qt::SolidLine);
        QCOMPARE(lines.value(QStringLiteral("pessimistic · node 2"))->pen().style(), Qt::DashLine);
        QCOMPARE(lines.value(QStringLiteral("pessimistic · node 3"))->pen().style(), Qt::DotLine);
        qDeleteAll(charts);

        // A run on one server draws no cluster chart at all.
        for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(SampleResults::sweep())) {
            QVERIFY2(
                !named.name.startsWith(QLatin1String("bf-")) && named.name != QLatin1String("recv-queue"),
                qPrintable(named.name));
            delete named.chart;
        }
    }

    void pdfOpensWithTheRequestedPageSize()
    {
        QTemporaryDir dir;
        std::unique_ptr<QChart> chart(ChartFactory::p99VersusThreads(SampleResults::sweep()));
        const QString path = dir.filePath(QStringLiteral("c.pdf"));
        QString error;
        QVERIFY2(ChartExporter::savePdf(chart.get(), path, QSize(1000, 600), &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pdf = file.readAll();
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.contains("/MediaBox [0 0 1000"));
        QVERIFY(pdf.size() > 2000);
    }

    // Three runs each of two strategies, interleaved, at `threadCounts`.
    static QList<SourcedResult> repeated(const QList<int>& threadCounts)
    {
        QList<SourcedResult> sources;
        const double pessimistic[] = { 2600, 2475, 2550 };
        const double conditional[] = { 1939, 3164, 2400 };
        for (const int threads : threadCounts) {
            for (int i = 0; i < 3; ++i) {
                for (const QString& strategy :
                    { QStringLiteral("pessimistic"), QStringLiteral("conditional") }) {
                    StrategyResult r = SampleResults::make(strategy, threads,
                        (strategy == QLatin1String("pessimistic") ? pessimistic[i] : conditional[i])
                            * threads);
                    r.experiment.repeat = 3;
                    r.repetition = i + 1;
                    sources.append({ QString(), r });
                }
            }
        }
        return sources;
    }

    void repeatedRunsDrawTheirSpread()
    {
        std::unique_ptr<QChart> bars(ChartFactory::ordersByStrategy(repeated({ 8 })));
        QHorizontalStackedBarSeries* barSeries = nullptr;
        QList<QLineSeries*> spreads;
        for (QAbstractSeries* series : bars->series()) {
            barSeries = barSeries ? barSeries : qobject_cast<QHorizontalStackedBarSeries*>(series);
            if (auto* line = qobject_cast<QLineSeries*>(series))
                spreads << line;
        }
        QVERIFY(barSeries);
        QCOMPARE(barSeries->count(), 2); // one bar per strategy, at its median
        // The first strategy is the top bar: the last category.
        QCOMPARE(barSeries->barSets().last()->label(), QStringLiteral("pessimistic (n=3)"));
        QCOMPARE(barSeries->barSets().last()->at(1), 2550.0 * 8);
        QCOMPARE(spreads.size(), 2 * 3); // min–max, the interval and the median, per strategy
        // conditional's spread, across its bar (category 0): min 1939, max 3164, median 2400.
        const auto across = [&](double from, double to) {
            return std::any_of(spreads.cbegin(), spreads.cend(), [&](QLineSeries* line) {
                return line->count() == 2 && line->at(0) == QPointF(from, 0.0)
                    && line->at(1) == QPointF(to, 0.0);
            });
        };
        QVERIFY(across(1939.0 * 8, 3164.0 * 8));
        QVERIFY(std::any_of(spreads.cbegin(), spreads.cend(), [](QLineSeries* line) {
            return line->at(0).x() == 2400.0 * 8 && line->at(1).x() == 2400.0 * 8 && line->at(0).y() < 0
                && line->at(1).y() > 0;
        }));
        for (QLineSeries* line : std::as_const(spreads))
            QCOMPARE(line->attachedAxes().size(), 2);

        // A scaling chart: a line per strategy through the medians, whiskers at each point.
        std::unique_ptr<QChart> scaling(ChartFactory::ordersVersusThreads(repeated({ 1, 4 })));
        QList<QLineSeries*> named;
        int whiskers = 0;
        for (QAbstractSeries* series : scaling->series()) {
            auto* line = qobject_cast<QLineSeries*>(series);
            QVERIFY(line);
            if (line->name().isEmpty())
                ++whiskers;
            else
                named << line;
            QCOMPARE(series->attachedAxes().size(), 2);
        }
        QCOMPARE(named.size(), 2);
        QCOMPARE(named.first()->count(), 2); // one point per thread count, not per run
        QCOMPARE(whiskers, 2 * 2 * 2); // min–max and the interval, at two points, of two lines
        for (QLegendMarker* marker : scaling->legend()->markers()) {
            if (marker->label().isEmpty())
                QVERIFY(!marker->isVisible());
        }

        const QString html = ReportWriter::html({ SampleResults::runInfo(), repeated({ 8 }), std::nullopt });
        QVERIFY(html.contains(QLatin1String("<h3>Repeated runs</h3>")));
        QVERIFY(html.contains(QStringLiteral("<td class='name'>pessimistic</td><td class='num'>8</td><td "
                                             "class='num'>3</td><td class='num'>20400</td>")));
        QVERIFY(html.contains(QStringLiteral(">19800–20800</td>")));
        QVERIFY(html.contains(
            QLatin1String("not separable (orders/s intervals overlap): pessimistic ~ conditional")));
        QVERIFY(html.contains(QLatin1String("<td class='num'>1/3</td>")));
        QVERIFY(!ReportWriter::html({ SampleResults::runInfo(), SampleResults::sweep(), std::nullopt })
                     .contains(QLatin1String("Repeated runs")));
    }

    void reportHoldsTableAndEveryChart()
    {
        const QList<SourcedResult> sources = SampleResults::sweep();
        const QString html = ReportWriter::html({ SampleResults::runInfo(), sources, std::nullopt });
        QVERIFY(html.contains(QLatin1String("10.11.19-MariaDB")));
        QVERIFY(html.contains(QLatin1String("innodb_deadlock_detect=ON")));
        QVERIFY(!html.contains(QLatin1String("<?xml"))); // SVG inlined, not as separate documents
        const qsizetype charts = ChartFactory::reportCharts(sources).size();
        QCOMPARE(html.count(QLatin1String("<svg")), charts);
        for (const SourcedResult& source : sources) {
            const QString row
                = QStringLiteral("<td class='name'>%1</td><td class='num'>%2</td><td class='num'>%3</td>")
                      .arg(source.result.strategy)
                      .arg(source.result.experiment.threads)
                      .arg(source.result.ordersPerS, 0, 'f', 0);
            QVERIFY2(html.contains(row), qPrintable(row));
        }
        QVERIFY(html.contains(QLatin1String("lost updates (unsafe baseline)"))
            || html.contains(QLatin1String("oversold (unsafe baseline)")));

        QTemporaryDir dir;
        QString error;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        QVERIFY2(ReportWriter::write(pdf, { SampleResults::runInfo(), sources, std::nullopt }, &error),
            qPrintable(error));
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().startsWith("%PDF-"));
        QVERIFY(!ReportWriter::write(dir.filePath(QStringLiteral("report.txt")),
            { SampleResults::runInfo(), sources, std::nullopt }, &error));
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
