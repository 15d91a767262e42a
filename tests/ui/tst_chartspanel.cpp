// The live charts without a server: what a sample becomes on the Throughput tab, including
// the run so short that its only sample covers a few milliseconds.
#include "app/report/chartexporter.h"
#include "strategies/strategyregistry.h"
#include "tests/support/sampleresults.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/comparisonpanel.h"
#include "ui/charts/exportablechartview.h"
#include "ui/charts/legendstrip.h"
#include "ui/charts/metricchart.h"
#include "ui/charts/oversellview.h"
#include "ui/charts/timelinepanel.h"
#include "ui/charts/timelineview.h"
#include "ui/charts/timesplitpanel.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>

namespace {

const QString kOrders = QStringLiteral("Orders per second");

// Until the charts have drawn every sample given so far: the repaint after the next one begins
// after them all.
void waitUntilDrawn(ChartsPanel& panel)
{
    QSignalSpy drawn(&panel, &ChartsPanel::drawn);
    QVERIFY(drawn.wait(5000));
    QVERIFY(drawn.count() > 1 || drawn.wait(5000));
}

MetricsSample sample(const QString& strategy, double elapsedS, double intervalS, double ordersPerS)
{
    MetricsSample s;
    s.strategy = strategy;
    s.elapsedS = elapsedS;
    s.intervalS = intervalS;
    s.ordersPerS = ordersPerS;
    s.attemptsPerS = ordersPerS;
    return s;
}

} // namespace

class TestChartsPanel : public QObject {
    Q_OBJECT

private slots:
    void theTimeSplitNamesEveryPartOfEachBar();
    void strategiesOfOneColourAreToldApartInTheStrip();
    void theTimelineShowsTheLatestRunsLanes();
    void runShorterThanOneSampleStillDrawsItsPoint()
    {
        ChartsPanel panel;
        panel.startRun(2000);
        // Queued sold 2,000 units in 25 ms: its one sample is the whole run.
        panel.addSample(sample(QStringLiteral("queued"), 0.025, 0.025, 80000));
        MetricChart* orders = panel.chart(kOrders);
        QTRY_COMPARE(orders->pointCount(QStringLiteral("queued")), 1);
        QVERIFY(orders->pointsShown(QStringLiteral("queued"))); // a line of one point draws nothing
    }

    // Four charts to a tab leave the value axis some 60 pixels: 0 to 5000 in steps of 1000 would
    // give each label less height than it takes, and Qt Charts would cut every one to "...".
    void aSmallChartLabelsItsAxisWhole_data()
    {
        QTest::addColumn<int>("rate");
        QTest::newRow("hundreds") << 320;
        QTest::newRow("thousands") << 3200;
        QTest::newRow("tens of thousands") << 32000;
    }
    void aSmallChartLabelsItsAxisWhole()
    {
        QFETCH(int, rate);
        ChartsPanel panel;
        panel.resize(680, 300); // the Throughput tab's charts at the window's default size
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.startRun(100000);
        for (int i = 1; i <= 8; ++i)
            panel.addSample(sample(QStringLiteral("pessimistic"), 0.25 * i, 0.25, rate + 10 * i));
        MetricChart* orders = panel.chart(kOrders);
        QTRY_COMPARE(orders->pointCount(QStringLiteral("pessimistic")), 8);
        QTest::qWait(100); // the layout the range asks for
        QStringList labels;
        for (const QGraphicsItem* item : orders->scene()->items()) {
            if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item); text && text->isVisible())
                labels << text->toPlainText();
        }
        const QString all = labels.join(QLatin1String(" | "));
        QVERIFY2(!all.contains(QLatin1String("...")) && !all.contains(QChar(0x2026)), qPrintable(all));
        // The top of the axis is labelled, as a whole number.
        const auto* axis = qobject_cast<QValueAxis*>(orders->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QVERIFY2(labels.contains(QString::number(axis->max(), 'f', 0)), qPrintable(all));
    }

    // A range set while the chart was too small for more than its ends (a tab not yet shown)
    // does not hold the axis to two ticks once the chart has room and its range grows.
    void aGrownAxisLabelsItsMiddleAgain()
    {
        ChartsPanel panel;
        panel.startRun(100000);
        for (int i = 1; i <= 4; ++i)
            panel.addSample(sample(QStringLiteral("pessimistic"), 0.25 * i, 0.25, 320 + i));
        MetricChart* orders = panel.chart(kOrders);
        QTRY_COMPARE(orders->pointCount(QStringLiteral("pessimistic")), 4);
        panel.resize(680, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        for (int i = 5; i <= 8; ++i)
            panel.addSample(sample(QStringLiteral("pessimistic"), 0.25 * i, 0.25, 3200 + i));
        QTRY_COMPARE(orders->pointCount(QStringLiteral("pessimistic")), 8);
        const auto* axis = qobject_cast<QValueAxis*>(orders->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QTRY_VERIFY2(axis->tickCount() >= 3,
            qPrintable(QStringLiteral("%1 ticks on %2 px of plot")
                           .arg(axis->tickCount())
                           .arg(orders->chart()->plotArea().height())));
    }

    void shortLastSampleOfALongerRunIsLeftOut()
    {
        ChartsPanel panel;
        panel.startRun(100000);
        for (int i = 1; i <= 4; ++i)
            panel.addSample(sample(QStringLiteral("pessimistic"), 0.25 * i, 0.25, 3000 + i));
        // The run's end, 10 ms after the last full sample: a rate over 10 ms says little.
        panel.addSample(sample(QStringLiteral("pessimistic"), 1.01, 0.01, 90000));
        MetricChart* orders = panel.chart(kOrders);
        QTRY_COMPARE(orders->pointCount(QStringLiteral("pessimistic")), 4);
        QVERIFY(!orders->pointsShown(QStringLiteral("pessimistic"))); // enough points to join
    }

    // A reader can ask a line for its value, zoom into a time span and come back, and a
    // zoomed chart is not pulled back by the samples that keep arriving.
    void hoverNamesTheValueAndZoomHoldsAgainstNewSamples()
    {
        ChartsPanel panel;
        panel.resize(1000, 700);
        panel.show();
        panel.startRun(100000, 10.0);
        for (int i = 1; i <= 8; ++i)
            panel.addSample(sample(QStringLiteral("pessimistic"), 0.25 * i, 0.25, 400 + i));
        MetricChart* orders = panel.chart(kOrders);
        QTRY_COMPARE(orders->pointCount(QStringLiteral("pessimistic")), 8);
        const QString text = orders->pointText(QStringLiteral("pessimistic"), QPointF(1.02, 404.1));
        QCOMPARE(text, QStringLiteral("pessimistic\nt = 1.00 s\n404 orders/s"));

        QVERIFY(!orders->zoomed());
        QWheelEvent in(orders->chart()->plotArea().center(),
            orders->mapToGlobal(orders->chart()->plotArea().center().toPoint()), QPoint(), QPoint(0, 120),
            Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(orders->viewport(), &in);
        QVERIFY(orders->zoomed());
        auto* time = static_cast<QValueAxis*>(orders->chart()->axes(Qt::Horizontal).first());
        QVERIFY(time->max() - time->min() < 10.0);
        const double min = time->min();
        const double max = time->max();
        for (int i = 9; i <= 80; ++i) // past the planned length: unzoomed, the axis would grow
            panel.addSample(sample(QStringLiteral("pessimistic"), 0.25 * i, 0.25, 4000 + i));
        waitUntilDrawn(panel);
        QCOMPARE(time->min(), min);
        QCOMPARE(time->max(), max);
        orders->resetZoom();
        QVERIFY(!orders->zoomed());
        QVERIFY(time->max() >= 20.0); // back to the whole run, which has grown
    }

    // The Scaling tab draws the latest row's experiment, its curves only when it ran at two
    // thread counts or more, and says what it left out.
    void scalingShowsOneExperimentUnlessAsked()
    {
        ComparisonPanel panel;
        panel.resize(1000, 700);
        QList<SourcedResult> rows = SampleResults::sweep(); // conditional and naive at 1, 4, 16 threads
        StrategyResult other = SampleResults::make(QStringLiteral("pessimistic"), 8, 640.0);
        other.experiment.initialStock = 500;
        rows.prepend({ QString(), other });
        panel.setSources(rows);
        QTRY_VERIFY(panel.shownText().startsWith(QLatin1String("This experiment: ")));
        QVERIFY(panel.shownText().contains(QLatin1String("1 other experiment hidden")));
        QVERIFY(panel.curvesShown());
        const auto names = [&] {
            QStringList found;
            for (QAbstractSeries* series : panel.scalingView()->chart()->series()) {
                if (!series->name().isEmpty())
                    found << series->name();
            }
            found.sort();
            return found;
        };
        QCOMPARE(names(), (QStringList { QStringLiteral("conditional"), QStringLiteral("naive") }));
        panel.everyExperiment()->setChecked(true);
        QVERIFY(names().contains(QStringLiteral("pessimistic")));
        panel.everyExperiment()->setChecked(false);

        // The latest row alone at one thread count: no curve to draw, the bars take the tab.
        panel.setSources({ { QString(), other } });
        QTRY_VERIFY(!panel.curvesShown());
        QVERIFY(!panel.shownText().contains(QLatin1String("hidden")));
    }

    // A run that ends on its stock: the time axes end at the longest line's next half second,
    // and a chart with no line yet (no 3572, say) takes the same axis, not one from 0 to 1.
    void timeAxesEndTogetherWhereTheLinesDo()
    {
        ChartsPanel panel;
        panel.startRun(100000);
        for (int i = 1; i <= 11; ++i)
            panel.addSample(sample(QStringLiteral("pessimistic"), 0.25 * i, 0.25, 300 + i));
        StrategyResult result;
        result.strategy = QStringLiteral("pessimistic");
        panel.strategyFinished(result);
        MetricChart* orders = panel.chart(kOrders);
        MetricChart* other = panel.chart(QStringLiteral("Other errors per second"));
        QCOMPARE(orders->timeEnd(), 3.0); // 2.75 s, to the next half second
        QVERIFY(other->lineNames().isEmpty());
        QCOMPARE(other->timeEnd(), 3.0);
    }

    void aStrategysSecondRunIsALineOfItsOwnNamedOnceInTheLegend()
    {
        // Two runs of queued in one plan (a repetition or a sweep cell): the second starts at
        // t = 0 again on a line of its own, instead of joining the first one's end to its start.
        ChartsPanel panel;
        panel.startRun(100000);
        for (int run = 1; run <= 2; ++run) {
            panel.strategyStarted(QStringLiteral("queued"));
            for (int i = 1; i <= 4; ++i)
                panel.addSample(sample(QStringLiteral("queued"), 0.25 * i, 0.25, 1000 * run + i));
        }
        MetricChart* orders = panel.chart(kOrders);
        QTRY_COMPARE(orders->pointCount(QStringLiteral("queued")), 4);
        QTRY_COMPARE(orders->pointCount(QStringLiteral("queued (2)")), 4);
        // As an exported chart draws its legend: the strategy named, its second run not.
        waitUntilDrawn(panel);
        const QByteArray svg = ChartExporter::svg(orders->chart(), QSize(1200, 700));
        QVERIFY(svg.contains("queued"));
        QVERIFY(!svg.contains("queued (2)"));
    }

    // Nine strategies' verdicts and names wrap above the oversell chart: the tab never asks
    // for more width than a projector has, and no name is cut.
    void oversellBadgesWrapForEveryStrategy()
    {
        ChartsPanel panel;
        panel.startRun(100000);
        const QStringList ids = { QStringLiteral("pessimistic"), QStringLiteral("optimistic"),
            QStringLiteral("conditional"), QStringLiteral("slotted"), QStringLiteral("slotted-partitioned"),
            QStringLiteral("queued"), QStringLiteral("naive"), QStringLiteral("two-sku-random"),
            QStringLiteral("two-sku-sorted") };
        for (const QString& id : ids) {
            panel.strategyStarted(id);
            MetricsSample s = sample(id, 0.5, 0.25, 100.0);
            s.audit.valid = true;
            s.audit.sold = 50;
            s.audit.oversold = id == QLatin1String("naive") ? 7 : 0;
            panel.addSample(s);
        }
        OversellView* oversell = panel.oversell();
        QVERIFY2(oversell->minimumSizeHint().width() < 640,
            qPrintable(QString::number(oversell->minimumSizeHint().width())));
        QVERIFY(oversell->badgeFailed(QStringLiteral("naive")));
        QCOMPARE(oversell->badgeText(QStringLiteral("naive")), QStringLiteral("✗ naive: oversold 7"));
        const QString badges = oversell->findChild<QLabel*>(QStringLiteral("oversellBadges"))->text();
        for (const QString& id : ids) {
            QVERIFY2(badges.contains(id), qPrintable(id));
            QVERIFY(oversell->strip()->strategies().contains(id));
        }
        QVERIFY(!oversell->chart()->chart()->legend()->isVisible());
    }

    // A strategy that loses updates without overselling (it reads the stock, then writes back
    // what it computed) is said to lose them, live and at its end: not "oversold 0".
    void lostUpdatesAreSaidAsLostUpdates()
    {
        ChartsPanel panel;
        panel.startRun(100000);
        const QString id = QStringLiteral("conditional");
        panel.strategyStarted(id);
        MetricsSample s = sample(id, 0.5, 0.25, 100.0);
        s.audit.valid = true;
        s.audit.sold = 50;
        s.audit.lostUpdates = 12;
        panel.addSample(s);
        OversellView* oversell = panel.oversell();
        QVERIFY(oversell->badgeFailed(id));
        QCOMPARE(oversell->badgeText(id), QStringLiteral("✗ conditional: 12 lost updates"));
        StrategyResult r = SampleResults::make(id, 32, 1000.0);
        r.lostUpdates = 12;
        r.oversold = 0;
        QCOMPARE(r.verdict(), Verdict::LostUpdates);
        panel.strategyFinished(r);
        QCOMPARE(oversell->badgeText(id), QStringLiteral("✗ conditional: FAIL: lost updates"));
    }

    void deadlocksAtHighRatesAreOneMarkPerQuarterSecond()
    {
        ChartsPanel panel;
        panel.startRun(100000);
        DeadlockRecord deadlock;
        deadlock.strategy = QStringLiteral("two-sku-random");
        for (int i = 0; i < 400; ++i) { // 200 a second for 2 s
            deadlock.elapsedS = i * 0.005;
            panel.addDeadlock(deadlock);
        }
        QTRY_COMPARE(panel.chart(kOrders)->markerCount(), 8);
        // Each square counts the deadlocks it stands for.
        QCOMPARE(panel.chart(kOrders)->markerText(0.1), QStringLiteral("50 deadlocks from 0.00 s to 0.25 s"));
        QCOMPARE(panel.chart(kOrders)->markerText(1.8), QStringLiteral("50 deadlocks from 1.75 s to 2.00 s"));
        deadlock.elapsedS = 5.1;
        panel.addDeadlock(deadlock);
        QCOMPARE(panel.chart(kOrders)->markerText(5.0), QStringLiteral("1 deadlock from 5.00 s to 5.25 s"));
    }

    void redisFiguresAreDrawnOnlyForTheStrategyThatMeasuredThem()
    {
        ChartsPanel panel;
        panel.startRun(100000);
        for (int i = 1; i <= 3; ++i) {
            panel.addSample(sample(QStringLiteral("pessimistic"), 0.5 * i, 0.5, 300.0));
            MetricsSample s = sample(QStringLiteral("redis-split"), 0.5 * i, 0.5, 9000.0);
            s.redisStatsValid = true;
            s.redisCommands = 13500 * i; // grows, to tell the points apart
            s.redisScriptCalls = 4500;
            s.redisScriptUsec = 4500 * 6;
            s.clients[ClientCount::RedisRoundTrips]
                = 4500LL * i; // cumulative, like the other client counters
            s.clients[ClientCount::RedisRoundTripNs] = 4500LL * i * 250'000;
            panel.addSample(s);
        }
        MetricChart* commands = panel.chart(QStringLiteral("Redis commands per second"));
        MetricChart* script = panel.chart(QStringLiteral("Redis time inside a take script"));
        MetricChart* trip = panel.chart(QStringLiteral("Client round trip of a take script"));
        QVERIFY(commands && script && trip);
        waitUntilDrawn(panel);
        for (MetricChart* chart : { commands, script, trip })
            QCOMPARE(chart->lineNames(), QStringList { QStringLiteral("redis-split") });
        QCOMPARE(commands->pointCount(QStringLiteral("redis-split")), 3);
        QCOMPARE(commands->points(QStringLiteral("redis-split")).last().y(), 13500.0 * 3 / 0.5);
        QCOMPARE(script->points(QStringLiteral("redis-split")).last().y(), 6.0); // µs per script
        QCOMPARE(trip->points(QStringLiteral("redis-split")).last().y(), 0.25); // ms per round trip
    }

    // Eleven tabs overflow the row at 1280x720: Redis's and the cluster's wait for a line.
    void tabsOfRedisAndClustersWaitForSomethingToDraw()
    {
        ChartsPanel panel;
        const auto shown = [&panel](const char* text) {
            for (int i = 0; i < panel.count(); ++i)
                if (panel.tabText(i) == QLatin1String(text))
                    return panel.isTabVisible(i);
            qFatal("no tab %s", text);
        };
        for (const char* tab : { "Redis", "Cluster", "Replication" })
            QVERIFY2(!shown(tab), tab);
        QVERIFY(shown("Throughput") && shown("Hot-row timeline"));
        panel.startRun(100000);
        panel.addSample(sample(QStringLiteral("pessimistic"), 0.5, 0.5, 300.0));
        waitUntilDrawn(panel);
        QVERIFY(!shown("Redis"));
        MetricsSample s = sample(QStringLiteral("redis-split"), 0.5, 0.5, 9000.0);
        s.redisStatsValid = true;
        s.redisCommands = 13500;
        panel.addSample(s);
        QTRY_VERIFY(shown("Redis"));
        QVERIFY(!shown("Cluster") && !shown("Replication"));
        // A lesson step that asks for a cluster chart opens its tab.
        QVERIFY(panel.showChart(QStringLiteral("cluster-orders-per-second")));
        QVERIFY(shown("Cluster"));
        QCOMPARE(panel.tabText(panel.currentIndex()), QStringLiteral("Cluster"));
    }

    void everyNameStaysWholeAboveSmallChartsAndInExports()
    {
        // Seven strategies on a chart 400 px wide: the chart's own legend would elide them;
        // the tab's strip lists each whole, and an exported chart carries every name.
        ChartsPanel panel;
        panel.resize(820, 500);
        panel.startRun(100000);
        const QStringList ids = { QStringLiteral("pessimistic"), QStringLiteral("optimistic"),
            QStringLiteral("conditional"), QStringLiteral("slotted"), QStringLiteral("slotted-partitioned"),
            QStringLiteral("queued"), QStringLiteral("naive") };
        for (const QString& id : ids) {
            panel.strategyStarted(id);
            for (int i = 1; i <= 3; ++i)
                panel.addSample(sample(id, 0.25 * i, 0.25, 100.0 * i));
        }
        QList<LegendStrip*> strips = panel.findChildren<LegendStrip*>();
        strips.removeAll(
            panel.comparison()->findChild<LegendStrip*>()); // the Scaling tab's, for finished runs
        strips.removeAll(panel.timeSplit()->findChild<LegendStrip*>()); // the parts of an order's time
        strips.removeAll(panel.timeline()->findChild<LegendStrip*>()); // a lane's phases
        QCOMPARE(strips.size(), 8); // one per grid tab, and the oversell chart's
        for (const LegendStrip* strip : strips) {
            QCOMPARE(strip->strategies(), ids);
            QVERIFY(strip->wordWrap());
            for (const QString& id : ids)
                QVERIFY2(strip->text().contains(id.toHtmlEscaped()), qPrintable(strip->text()));
        }
        MetricChart* orders = panel.chart(kOrders);
        QVERIFY(!orders->chart()->legend()->isVisible());
        waitUntilDrawn(panel);
        const QByteArray svg = ChartExporter::svg(orders->chart(), QSize(1200, 700));
        for (const QString& id : ids)
            QVERIFY2(svg.contains(id.toUtf8()), qPrintable(id));
        QVERIFY(!orders->chart()->legend()->isVisible()); // back as it was in the window
    }
};

// A second unsafe strategy is red as naive is, drawn with another line: the strip's mark before
// each name shows its line, so the two names are not two red squares.
void TestChartsPanel::strategiesOfOneColourAreToldApartInTheStrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("unsafe.sql"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "\\strategy my-unsafe\n\\title Mine, unsafe\n\\safe no\nBEGIN;\n"
        "UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku;\n"
        "INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);\nCOMMIT;\n\\sold\n");
    file.close();
    QString error;
    QCOMPARE(StrategyRegistry::addFile(path, &error), QStringLiteral("my-unsafe"));
    LegendStrip strip;
    strip.setStrategies(
        { QStringLiteral("pessimistic"), QStringLiteral("naive"), QStringLiteral("my-unsafe") });
    const auto markOf = [&](const QString& name) {
        const QRegularExpression mark(
            QStringLiteral("<span style=\"color:([^\"]+)\">([^<]+)</span>&nbsp;%1(&nbsp;| |$)").arg(name));
        const QRegularExpressionMatch found = mark.match(strip.text());
        return found.hasMatch() ? found.captured(1) + found.captured(2) : QString();
    };
    const QString naive = markOf(QStringLiteral("naive"));
    const QString mine = markOf(QStringLiteral("my-unsafe"));
    QVERIFY2(!naive.isEmpty() && !mine.isEmpty(), qPrintable(strip.text()));
    QVERIFY2(naive != mine, qPrintable(strip.text()));
    QCOMPARE(markOf(QStringLiteral("pessimistic")).section(QLatin1Char('#'), -1), QStringLiteral("9632;"));
}

// After the default run: each strategy's bar split into the parts its clients timed, every
// part named whole in the strip above, the order's time in the bar's label.
void TestChartsPanel::theTimeSplitNamesEveryPartOfEachBar()
{
    QList<SourcedResult> sources;
    for (const QString& id : { QStringLiteral("pessimistic"), QStringLiteral("queued") }) {
        StrategyResult r = SampleResults::make(id, 32, 1000.0);
        ClientCounts& w = r.windowClients;
        w[ClientCount::OrdersTimed] = 1000;
        w[ClientCount::OrderNs] = 1000 * 32'000'000LL;
        w[ClientCount::Statements] = 5000;
        w[ClientCount::NetworkNs] = 1000 * 5'000'000LL;
        w[ClientCount::LockStatements] = 1000;
        w[ClientCount::LockStatementNs] = 1000 * 26'000'000LL;
        w[ClientCount::ServerNs] = w[ClientCount::LockStatementNs];
        sources << SourcedResult { QString(), r };
    }
    TimeSplitPanel panel;
    panel.resize(640, 400);
    panel.setSources(sources);
    const QString strip = panel.findChild<LegendStrip*>()->text();
    for (const char* part : { "network", "lock wait", "untimed" })
        QVERIFY2(strip.contains(QString::fromUtf8(part).replace(QLatin1Char(' '), QStringLiteral("&nbsp;"))),
            qPrintable(strip));
    QVERIFY2(!strip.contains(QLatin1String("commit")), qPrintable(strip)); // no time spent there
    auto* axis = qobject_cast<QBarCategoryAxis*>(panel.view()->chart()->axes(Qt::Vertical).value(0));
    QVERIFY(axis);
    QVERIFY2(axis->categories().contains(QStringLiteral("pessimistic (32.0 ms)")),
        qPrintable(axis->categories().join(QLatin1Char('|'))));
    QVERIFY(!panel.view()->chart()->legend()->isVisible()); // the strip names the parts
}

// Two clients that hold the row in turn and a writer: the caption counts the holders at once,
// and the lanes zoom like the other charts.
void TestChartsPanel::theTimelineShowsTheLatestRunsLanes()
{
    constexpr std::int64_t kMs = 1'000'000;
    TimelineLane first;
    TimelineLane second;
    TimelineLane writer(TimelineLane::Role::Writer);
    for (TimelineLane* lane : { &first, &second, &writer })
        lane->setCapacity(100);
    first.record(TimelinePhase::Holding, 0, 4 * kMs);
    second.record(TimelinePhase::LockWait, 0, 4 * kMs);
    second.record(TimelinePhase::Holding, 4 * kMs, 8 * kMs);
    writer.record(TimelinePhase::Holding, 2 * kMs, 6 * kMs);
    StrategyResult held = SampleResults::make(QStringLiteral("pessimistic"), 16, 100.0);
    held.timeline = std::make_shared<const RunTimeline>(
        RunTimeline::collect({ &first, &second, &writer }, 0, 10 * kMs));
    const StrategyResult without = SampleResults::make(QStringLiteral("queued"), 16, 200.0);

    ChartsPanel panel;
    panel.resize(900, 500);
    panel.show();
    QVERIFY(panel.showChart(QStringLiteral("timeline")));
    TimelinePanel* timeline = panel.timeline();
    timeline->setSources({ { QString(), held }, { QString(), without } });
    QCOMPARE(timeline->runChoice()->count(), 1); // a result without lanes is not offered
    QVERIFY2(timeline->caption().contains(QLatin1String("at most 2 held a row at once, at most 1 waited")),
        qPrintable(timeline->caption()));
    TimelineView* view = timeline->view();
    QCOMPARE(view->lanesShown(), 3);
    QCOMPARE(view->shown(), std::make_pair(0.0, 10000.0));
    // The wheel zooms around the pointer, the arrow keys pan, Home shows everything again.
    QWheelEvent wheel(QPointF(view->width() / 2.0, view->height() / 2.0), view->mapToGlobal(QPoint()), {},
        QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view, &wheel);
    const auto [from, to] = view->shown();
    QVERIFY2(to - from < 9000.0 && from > 0.0, qPrintable(QStringLiteral("%1 to %2").arg(from).arg(to)));
    QTest::keyClick(view, Qt::Key_Right);
    QVERIFY(view->shown().first > from);
    QTest::keyClick(view, Qt::Key_Home);
    QCOMPARE(view->shown(), std::make_pair(0.0, 10000.0));
    timeline->setSources({});
    QCOMPARE(view->timeline(), nullptr);
    QVERIFY(!timeline->runChoice()->isEnabled());
}

QTEST_MAIN(TestChartsPanel)
#include "tst_chartspanel.moc"
