// Export and reports without a server: charts to PNG (size and DPI), SVG (every series) and
// PDF; CSV and the results file round-trip; the report holds the table and every chart.
#include "app/report/chartexporter.h"
#include "app/report/chartfactory.h"
#include "app/report/reportwriter.h"
#include "app/report/resultreader.h"
#include "app/report/resultwriter.h"

#include <QChart>
#include <QJsonDocument>
#include <QLogValueAxis>
#include <QtTest>

#include <memory>

namespace {

StrategyResult makeResult(const QString& strategy, int threads, double ordersPerS)
{
    StrategyResult r;
    r.runId = 1;
    r.strategy = strategy;
    r.safe = strategy != QLatin1String("naive");
    r.experiment.threads = threads;
    r.stopReason = StopReason::DurationReached;
    r.durationS = 5.0;
    r.measuredFromS = 1.0;
    r.ordersPerS = ordersPerS;
    r.attemptsPerS = ordersPerS * 1.5;
    r.p50Ms = 1.25 * threads;
    r.p95Ms = 2.5 * threads;
    r.p99Ms = 3.75 * threads;
    r.maxMs = 9.5 * threads;
    r.sold = static_cast<long long>(ordersPerS * 5);
    r.orderRows = r.sold;
    r.clientSoldOrders = r.sold;
    r.clientSoldUnits = r.sold;
    r.remaining = 100000 - r.sold;
    r.oversold = strategy == QLatin1String("naive") ? 17 : 0;
    r.lostUpdates = r.oversold;
    r.lockWaits = 40 * threads;
    r.deadlocks = threads > 1 ? 2 : 0;
    r.retries = 3;
    r.errors[static_cast<std::size_t>(ErrorClass::Deadlock)] = r.deadlocks;
    r.errorMessages << QStringLiteral("1× error 1064: a, \"quoted\" message");
    r.knobs.insert(QStringLiteral("innodb_deadlock_detect"), QStringLiteral("ON"));
    r.knobs.insert(QStringLiteral("innodb_lock_wait_timeout"), QStringLiteral("50"));
    DeadlockRecord d;
    d.strategy = strategy;
    d.elapsedS = 2.5;
    d.when = QStringLiteral("2026-11-21 23:18:57");
    d.victim = 2;
    d.transactions = { { QStringLiteral("11"), 5, QStringLiteral("SELECT 1 FOR UPDATE"), QStringLiteral("RECORD LOCKS x") },
        { QStringLiteral("12"), 6, QStringLiteral("SELECT 2 FOR UPDATE"), QStringLiteral("RECORD LOCKS y") } };
    r.deadlockRecords << d;
    for (int i = 1; i <= 8; ++i) {
        MetricsSample s;
        s.runId = 1;
        s.strategy = strategy;
        s.elapsedS = 0.25 * i;
        s.intervalS = 0.25;
        s.ordersPerS = ordersPerS + i;
        s.sold = 100 * i;
        s.soldUnits = 100 * i;
        s.p99Ms = 1.5 * i;
        s.rowLockWaits = 3 * i;
        s.serverStatsValid = true;
        s.audit.valid = i % 2 == 0;
        s.audit.sold = 100 * i;
        s.errors[static_cast<std::size_t>(ErrorClass::Deadlock)] = i;
        r.series << s;
    }
    return r;
}

QList<SourcedResult> sweepSources()
{
    QList<SourcedResult> sources;
    for (int threads : { 1, 4, 16 }) {
        sources.append({ QString(), makeResult(QStringLiteral("conditional"), threads, 1000.0 * threads) });
        sources.append({ QString(), makeResult(QStringLiteral("naive"), threads, 1500.0 * threads) });
    }
    return sources;
}

ResultWriter::RunInfo runInfo()
{
    ResultWriter::RunInfo info;
    info.serverUrl = QStringLiteral("mysql://lab:***@db:3306/lockbench");
    info.serverVersion = QStringLiteral("10.11.19-MariaDB");
    info.embedded = false;
    info.experiment.skus = 3;
    return info;
}

QList<StrategyResult> results(const QList<SourcedResult>& sources)
{
    QList<StrategyResult> list;
    for (const SourcedResult& source : sources)
        list << source.result;
    return list;
}

} // namespace

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
        std::unique_ptr<QChart> chart(ChartFactory::ordersVersusThreads(sweepSources()));
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
        // sweepSources() spans 1,000 to 24,000 orders/s (24x): a linear axis reads well.
        std::unique_ptr<QChart> close(ChartFactory::ordersVersusThreads(sweepSources()));
        QCOMPARE(close->axes(Qt::Vertical).size(), 1);
        QCOMPARE(close->axes(Qt::Vertical).first()->type(), QAbstractAxis::AxisTypeValue);
        // Batching at 100,000 orders/s beside row locking at 200: 500x apart, a log scale.
        QList<SourcedResult> far;
        for (int threads : { 1, 4, 16 }) {
            far.append({ QString(), makeResult(QStringLiteral("queued"), threads, 100000.0) });
            far.append({ QString(), makeResult(QStringLiteral("pessimistic"), threads, 200.0) });
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

    void svgHoldsEverySeries()
    {
        QTemporaryDir dir;
        const QList<SourcedResult> sources = sweepSources();
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
                QVERIFY2(svg.contains(series->name().toUtf8()), qPrintable(named.name + QLatin1String(": ") + series->name()));
            QVERIFY(chart->series().size() >= 2);
        }
    }

    void pdfOpensWithTheRequestedPageSize()
    {
        QTemporaryDir dir;
        std::unique_ptr<QChart> chart(ChartFactory::p99VersusThreads(sweepSources()));
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

    void resultsFileRoundTrips()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.json"));
        const QList<StrategyResult> written = results(sweepSources());
        QString error;
        QVERIFY(ResultWriter::writeJson(path, runInfo(), written, &error));
        const std::optional<ResultReader::RunFile> read = ResultReader::load(path, &error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(read->results.size(), written.size());
        QCOMPARE(read->info.serverVersion, runInfo().serverVersion);
        QCOMPARE(read->results[2].experiment.threads, 4);
        QCOMPARE(read->results[1].deadlockRecords.first().transactions[1].statement, QStringLiteral("SELECT 2 FOR UPDATE"));
        // Everything written is read back: writing again gives the same document.
        QCOMPARE(ResultWriter::toJson(read->info, read->results), ResultWriter::toJson(runInfo(), written));
    }

    void brokenResultsFileIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"strategies\": 3}");
        file.close();
        QString error;
        QVERIFY(!ResultReader::load(path, &error));
        QVERIFY(error.contains(QLatin1String("not a lockbench results file")));
        QVERIFY(!ResultReader::load(dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY(error.contains(QLatin1String("cannot read")));
    }

    void csvRoundTrips()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.csv"));
        const QList<StrategyResult> written = results(sweepSources());
        QString error;
        QVERIFY(ResultWriter::writeCsv(path, written, &error));
        QFile summary(ResultWriter::summaryCsvPath(path));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(summary.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), written.size() + 1);
        // A small CSV reader: quoted fields may hold commas and doubled quotes.
        const auto fields = [](const QString& line) {
            QStringList out;
            QString current;
            bool quoted = false;
            for (qsizetype i = 0; i < line.size(); ++i) {
                const QChar c = line[i];
                if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                    current += c;
                    ++i;
                } else if (c == QLatin1Char('"')) {
                    quoted = !quoted;
                } else if (c == QLatin1Char(',') && !quoted) {
                    out << current;
                    current.clear();
                } else {
                    current += c;
                }
            }
            out << current;
            return out;
        };
        const QStringList header = fields(lines.first());
        for (int row = 0; row < written.size(); ++row) {
            const QStringList values = fields(lines[row + 1]);
            QCOMPARE(values.size(), header.size());
            const QJsonObject expected = ResultWriter::summaryJson(written[row]);
            for (int column = 0; column < header.size(); ++column) {
                const QString key = header[column];
                if (key.startsWith(QLatin1String("errors_")))
                    continue;
                const QJsonValue value = expected.value(key);
                if (value.isDouble())
                    QCOMPARE(values[column].toDouble(), value.toDouble());
                else if (value.isString())
                    QCOMPARE(values[column], value.toString());
            }
        }
        QFile series(path);
        QVERIFY(series.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(series.readAll()).count(QLatin1Char('\n')), 1 + 6 * 8);
    }

    void reportHoldsTableAndEveryChart()
    {
        const QList<SourcedResult> sources = sweepSources();
        const QString html = ReportWriter::html({ runInfo(), sources });
        QVERIFY(html.contains(QLatin1String("10.11.19-MariaDB")));
        QVERIFY(html.contains(QLatin1String("innodb_deadlock_detect=ON")));
        QVERIFY(!html.contains(QLatin1String("<?xml"))); // SVG inlined, not as separate documents
        const qsizetype charts = ChartFactory::reportCharts(sources).size();
        QCOMPARE(html.count(QLatin1String("<svg")), charts);
        for (const SourcedResult& source : sources) {
            const QString row = QStringLiteral("<td>%1</td><td>this run</td><td>%2</td><td>%3</td>")
                                    .arg(source.result.strategy)
                                    .arg(source.result.experiment.threads)
                                    .arg(source.result.ordersPerS, 0, 'f', 0);
            QVERIFY2(html.contains(row), qPrintable(row));
        }
        QVERIFY(html.contains(QLatin1String("lost updates (unsafe baseline)")) || html.contains(QLatin1String("oversold (unsafe baseline)")));

        QTemporaryDir dir;
        QString error;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        QVERIFY2(ReportWriter::write(pdf, { runInfo(), sources }, &error), qPrintable(error));
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().startsWith("%PDF-"));
        QVERIFY(!ReportWriter::write(dir.filePath(QStringLiteral("report.txt")), { runInfo(), sources }, &error));
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
