// A person picks "Multi-primary cluster: why FOR UPDATE is not enough" in the window at 1280x720:
// the lab starts its own three-node Galera cluster, shows each node's state, runs the preset's
// strategies on it and draws the throughput and the aborts side by side on the Cluster tab; the
// result explains itself by its aborts and names every node with its own audit. Closing the
// window leaves no mariadbd behind. The screenshot is saved for a person to look at.
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/labserverpids.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/metricchart.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/explanationview.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverpanel.h"

#include <QSignalSpy>
#include <QTest>

class TestClusterWindow : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;

private slots:
    void thePresetStartsAClusterAndDrawsTheAborts()
    {
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        QVERIFY(QDir().mkpath(folder.path()));
        {
            MainWindow window;
            window.resize(1280, 720);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready, 60000);

            window.experimentPanel()->choosePreset(
                QStringLiteral("Multi-primary cluster: why FOR UPDATE is not enough"));
            QCOMPARE(window.serverPanel()->clusterNodes(), 3);
            QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready
                    && window.ownServer().clusterNodes == 3,
                120000);
            QTRY_COMPARE_WITH_TIMEOUT(window.ownServer().nodeStates,
                (QStringList {
                    QStringLiteral("synced"), QStringLiteral("synced"), QStringLiteral("synced") }),
                10000);

            QTRY_VERIFY(window.runAction()->isEnabled());
            window.runAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(
                !window.session()->isRunning() && window.resultsPanel()->rows().size() == 3, 180000);
            QTest::qWait(600);

            // Throughput beside the aborts that cut it, each with the three strategies' lines.
            ChartsPanel* charts = window.chartsPanel();
            MetricChart* orders = charts->chartOf(QStringLiteral("cluster-orders-per-second"));
            MetricChart* aborts = charts->chartOf(QStringLiteral("commit-aborts"));
            QVERIFY(orders && aborts);
            charts->setCurrentWidget(orders->parentWidget());
            QTest::qWait(300);
            const QStringList strategies { QStringLiteral("pessimistic"), QStringLiteral("conditional"),
                QStringLiteral("queued") };
            for (MetricChart* chart : { orders, aborts }) {
                QVERIFY(chart->isVisible());
                for (const QString& strategy : strategies)
                    QVERIFY2(chart->pointCount(strategy) > 3,
                        qPrintable(chart->chart()->title() + QLatin1Char(' ') + strategy));
            }

            // The node charts: a line per strategy and node, from that node's own counters.
            const auto sum = [](MetricChart* chart, const QString& line) {
                double total = 0;
                for (const QPointF& point : chart->points(line))
                    total += point.y();
                return total;
            };
            for (const char* id : { "cert-failures", "bf-aborts", "node-commits", "flow-control",
                     "recv-queue", "send-queue" }) {
                MetricChart* chart = charts->chartOf(QLatin1String(id));
                QVERIFY2(chart, id);
                for (const QString& strategy : strategies) {
                    for (int node = 1; node <= 3; ++node) {
                        const QString line = strategy + QStringLiteral(" · node %1").arg(node);
                        QVERIFY2(chart->pointCount(line) > 3,
                            qPrintable(QLatin1String(id) + QLatin1Char(' ') + line));
                    }
                }
            }
            MetricChart* bruteForce = charts->chartOf(QStringLiteral("bf-aborts"));
            MetricChart* commits = charts->chartOf(QStringLiteral("node-commits"));
            double pessimisticAborts = 0;
            for (int node = 1; node <= 3; ++node) {
                const QString suffix = QStringLiteral(" · node %1").arg(node);
                pessimisticAborts += sum(bruteForce, QStringLiteral("pessimistic") + suffix);
                // Round robin: every node commits pessimistic orders of its own clients.
                QVERIFY2(sum(commits, QStringLiteral("pessimistic") + suffix) > 0, qPrintable(suffix));
                // One writer, one node: nothing to certify against.
                QCOMPARE(sum(bruteForce, QStringLiteral("queued") + suffix), 0.0);
            }
            QVERIFY2(pessimisticAborts > 0, "pessimistic spread over three nodes drew no brute-force abort");
            charts->setCurrentWidget(commits->parentWidget());
            QTest::qWait(300);
            QVERIFY(window.grab().save(folder.filePath(QStringLiteral("cluster-replication-1280x720.png"))));
            charts->setCurrentWidget(orders->parentWidget());
            QTest::qWait(300);

            // Every result passes on every node, and the pessimistic one explains itself by its aborts.
            for (const SourcedResult& row : window.resultsPanel()->rows()) {
                QCOMPARE(row.result.verdict(), Verdict::Pass);
                QCOMPARE(row.result.nodes.size(), 3);
            }
            window.resultsPanel()->explanation()->show(window.resultsPanel()->rows().first());
            const QString why = window.resultsPanel()->explanation()->text();
            QVERIFY2(why.contains(QLatin1String("Multi-primary conflicts")), qPrintable(why));
            QVERIFY2(why.contains(QLatin1String("node 3 (")), qPrintable(why));
            QVERIFY(window.grab().save(folder.filePath(QStringLiteral("cluster-preset-1280x720.png"))));

            window.serverPanel()->setUsesEmbedded(true); // the next window opens on the single server
        }
        QTRY_VERIFY_WITH_TIMEOUT(labServerPids().isEmpty(), 30000);
    }
};

QTEST_MAIN(TestClusterWindow)
#include "tst_clusterwindow.moc"
