// A person picks "Multi-primary cluster: why FOR UPDATE is not enough" in the window at 1280x720:
// the lab starts its own three-node Galera cluster, shows each node's state, runs the preset's
// strategies on it and draws the throughput and the aborts side by side on the Cluster tab; the
// result explains itself by its aborts and names every node with its own audit. Closing the
// window leaves no mariadbd behind. The screenshot is saved for a person to look at.
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/labserverpids.h"
#include "tests/ui/windowshots.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/metricchart.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/explanationview.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverpanel.h"

#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

namespace {

const QStringList kStrategies { QStringLiteral("pessimistic"), QStringLiteral("conditional"),
    QStringLiteral("queued") };

double sumOf(MetricChart* chart, const QString& line)
{
    double total = 0;
    for (const QPointF& point : chart->points(line))
        total += point.y();
    return total;
}

} // namespace

class TestClusterWindow : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;

    // The preset chosen at 1280x720: the cluster started, every node synced, its runs done.
    static void runThePreset(MainWindow& window)
    {
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready, 60000);
        window.experimentPanel()->choosePreset(
            QStringLiteral("Multi-primary cluster: why FOR UPDATE is not enough"));
        QCOMPARE(window.serverPanel()->clusterNodes(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready
                && window.ownServer().kind.clusterNodes == 3,
            120000);
        QTRY_COMPARE_WITH_TIMEOUT(window.ownServer().nodeStates,
            (QStringList { QStringLiteral("synced"), QStringLiteral("synced"), QStringLiteral("synced") }),
            10000);
        QTRY_VERIFY(window.runAction()->isEnabled());
        window.runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->rows().size() == 3, 180000);
        QVERIFY(WindowShots::waitUntilDrawn(window)); // the runs' last samples too
    }

    // Throughput beside the aborts that cut it, each with the three strategies' lines.
    static void checkThroughputAndAborts(const MainWindow& window)
    {
        ChartsPanel* charts = window.chartsPanel();
        MetricChart* orders = charts->chartOf(QStringLiteral("cluster-orders-per-second"));
        MetricChart* aborts = charts->chartOf(QStringLiteral("commit-aborts"));
        QVERIFY(orders && aborts);
        charts->setCurrentWidget(orders->parentWidget());
        QVERIFY(WindowShots::waitUntilDrawn(window));
        for (MetricChart* chart : { orders, aborts }) {
            QVERIFY(chart->isVisible());
            for (const QString& strategy : kStrategies)
                QVERIFY2(chart->pointCount(strategy) > 3,
                    qPrintable(chart->chart()->title() + QLatin1Char(' ') + strategy));
        }
    }

    // The node charts: a line per strategy and node, from that node's own counters.
    static void checkNodeCharts(ChartsPanel* charts)
    {
        for (const char* id :
            { "cert-failures", "bf-aborts", "node-commits", "flow-control", "recv-queue", "send-queue" }) {
            MetricChart* chart = charts->chartOf(QLatin1String(id));
            QVERIFY2(chart, id);
            for (const QString& strategy : kStrategies) {
                for (int node = 1; node <= 3; ++node) {
                    const QString line = strategy + QStringLiteral(" · node %1").arg(node);
                    QVERIFY2(
                        chart->pointCount(line) > 3, qPrintable(QLatin1String(id) + QLatin1Char(' ') + line));
                }
            }
        }
        MetricChart* bruteForce = charts->chartOf(QStringLiteral("bf-aborts"));
        MetricChart* commits = charts->chartOf(QStringLiteral("node-commits"));
        double pessimisticAborts = 0;
        for (int node = 1; node <= 3; ++node) {
            const QString suffix = QStringLiteral(" · node %1").arg(node);
            pessimisticAborts += sumOf(bruteForce, QStringLiteral("pessimistic") + suffix);
            // Round robin: every node commits pessimistic orders of its own clients.
            QVERIFY2(sumOf(commits, QStringLiteral("pessimistic") + suffix) > 0, qPrintable(suffix));
            // One writer, one node: nothing to certify against.
            QCOMPARE(sumOf(bruteForce, QStringLiteral("queued") + suffix), 0.0);
        }
        QVERIFY2(pessimisticAborts > 0, "pessimistic spread over three nodes drew no brute-force abort");
    }

    // Every result passes on every node, and the pessimistic one explains itself by its aborts.
    static void checkVerdictsAndWhy(const ResultsPanel* results)
    {
        for (const SourcedResult& row : results->rows()) {
            QCOMPARE(row.result.verdict(), Verdict::Pass);
            QCOMPARE(row.result.nodes.size(), 3);
        }
        results->explanation()->show(results->rows().first());
        const QString why = results->explanation()->text();
        QVERIFY2(why.contains(QLatin1String("Multi-primary conflicts")), qPrintable(why));
        QVERIFY2(why.contains(QLatin1String("node 3 (")), qPrintable(why));
    }

private slots:
    void thePresetStartsAClusterAndDrawsTheAborts()
    {
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        QVERIFY(QDir().mkpath(folder.path()));
        {
            MainWindow window;
            // The next window opens on the single server, whatever this test comes to.
            const auto singleServerAgain
                = qScopeGuard([&window] { window.serverPanel()->setUsesEmbedded(true); });
            runThePreset(window);
            if (QTest::currentTestFailed())
                return;
            ChartsPanel* charts = window.chartsPanel();
            checkThroughputAndAborts(window);
            checkNodeCharts(charts);
            if (QTest::currentTestFailed())
                return;
            charts->setCurrentWidget(charts->chartOf(QStringLiteral("node-commits"))->parentWidget());
            QVERIFY(WindowShots::waitUntilDrawn(window));
            QVERIFY(window.grab().save(folder.filePath(QStringLiteral("cluster-replication-1280x720.png"))));
            charts->setCurrentWidget(
                charts->chartOf(QStringLiteral("cluster-orders-per-second"))->parentWidget());
            QVERIFY(WindowShots::waitUntilDrawn(window));
            checkVerdictsAndWhy(window.resultsPanel());
            QVERIFY(window.grab().save(folder.filePath(QStringLiteral("cluster-preset-1280x720.png"))));
        }
        QTRY_VERIFY_WITH_TIMEOUT(labServerPids().isEmpty(), 30000);
    }
};

QTEST_MAIN(TestClusterWindow)
#include "tst_clusterwindow.moc"
