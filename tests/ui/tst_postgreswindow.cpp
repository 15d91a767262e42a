// A person picks the lab's own PostgreSQL in the Server panel at 1280x720, runs pessimistic and
// conditional on one hot row, and watches the lock inspector while it runs: PostgreSQL's waiters
// (from pg_locks and pg_blocking_pids()) queue behind one holder. Both results pass their audit,
// and the panel says the server is PostgreSQL. Side by side, one click runs the experiment on the
// lab's MariaDB and then its PostgreSQL: one table, each chart's lines of both, a sentence per
// strategy comparing them. The screenshots are saved for a person to look at.
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/testsettings.h"
#include "tests/ui/windowshots.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/legendstrip.h"
#include "ui/charts/metricchart.h"
#include "ui/charts/strategybarsview.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/lockinspectorpanel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverpanel.h"
#include "ui/panels/strategypanel.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <optional>

class TestPostgresWindow : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog;

    static void showTab(MainWindow& window, const QString& text)
    {
        for (QTabWidget* tabs : window.findChildren<QTabWidget*>())
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i).remove(QLatin1Char('&')) == text)
                    tabs->setCurrentIndex(i);
        QVERIFY(WindowShots::waitUntilDrawn(window));
    }

private slots:
    void initTestCase() { m_settings.emplace(QStringLiteral("lockbench-postgres-window")); }

    void thePostgresServerIsChosenRunAndInspected()
    {
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        QVERIFY(QDir().mkpath(folder.path()));
        MainWindow window;
        const auto mariaDbAgain = qScopeGuard([&window] { window.serverPanel()->setUsesEmbedded(true); });
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.serverPanel()->setOwnPostgres();
        QTRY_VERIFY_WITH_TIMEOUT(
            window.ownServer().state == ServerController::State::Ready && window.ownServer().kind.postgres,
            60000);
        // PostgreSQL's own version: not the report of the MariaDB the window had started first.
        QVERIFY2(!window.ownServer().version.contains(QLatin1String("MariaDB")),
            qPrintable(window.ownServer().version));
        QVERIFY(window.session()->serverDescription().contains(QLatin1String("PostgreSQL")));
        // The strategies' SQL as PostgreSQL runs it: slotted's guard locks its slots in a subquery.
        auto* strategies = window.strategyPanel()->findChild<QListWidget*>();
        QVERIFY(strategies);
        for (int row = 0; row < strategies->count(); ++row)
            if (strategies->item(row)->data(Qt::UserRole).toString() == QLatin1String("slotted"))
                strategies->setCurrentRow(row);
        QVERIFY2(window.strategyPanel()->shownDescription().contains(QLatin1String("ON CONFLICT")),
            qPrintable(window.strategyPanel()->shownDescription()));
        showTab(window, QStringLiteral("Server"));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("postgres-server-panel-1280x720.png"))));
        showTab(window, QStringLiteral("Experiment"));

        ExperimentPanel* experiment = window.experimentPanel();
        experiment->setFieldText(QStringLiteral("skus"), QStringLiteral("1"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("1000000"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("16"));
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
        experiment->setFieldText(QStringLiteral("duration"), QStringLiteral("4s"));
        window.strategyPanel()->setSelectedIds(
            { QStringLiteral("pessimistic"), QStringLiteral("conditional") });
        QTRY_VERIFY2(window.runAction()->isEnabled(), qPrintable(window.runAction()->toolTip()));
        window.runAction()->trigger();

        // While pessimistic runs: one holder at a time, the others waiting behind it.
        auto* details = window.findChild<QTabWidget*>(QStringLiteral("details"));
        QVERIFY(details);
        details->setCurrentWidget(window.lockInspectorPanel());
        const auto shown = qScopeGuard([&] {
            if (QTest::currentTestFailed())
                window.grab().save(folder.filePath(QStringLiteral("postgres-failed-1280x720.png")));
        });
        QTRY_VERIFY_WITH_TIMEOUT(!window.lockInspectorPanel()->chains().isEmpty(), 30000);
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("postgres-inspector-1280x720.png"))));

        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->rows().size() == 2, 120000);
        for (const SourcedResult& row : window.resultsPanel()->rows()) {
            QCOMPARE(row.result.verdict(), Verdict::Pass);
            QVERIFY2(row.result.inspectorError.isEmpty(), qPrintable(row.result.inspectorError));
        }
        QVERIFY(window.resultsPanel()->rows().first().result.longestLockQueue > 1);
        const QLabel* runStatus = window.findChild<QLabel*>(QStringLiteral("runStatus"));
        QVERIFY(runStatus);
        // The runner's thread ends a moment before its finished() reaches the window.
        QTRY_COMPARE(runStatus->text(), QStringLiteral("Finished: every strategy audited"));
        details->setCurrentIndex(0);
        QVERIFY(WindowShots::waitUntilDrawn(window));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("postgres-results-1280x720.png"))));
    }

    void bothEnginesRunSideBySide()
    {
        const QDir folder(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"));
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.serverPanel()->setUsesEmbedded(true);
        window.serverPanel()->setSideBySide(true);
        const auto alone = qScopeGuard([&window] { window.serverPanel()->setSideBySide(false); });
        ExperimentPanel* experiment = window.experimentPanel();
        experiment->setFieldText(QStringLiteral("skus"), QStringLiteral("1"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("1000000"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("8"));
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
        experiment->setFieldText(QStringLiteral("duration"), QStringLiteral("2s"));
        window.strategyPanel()->setSelectedIds(
            { QStringLiteral("pessimistic"), QStringLiteral("conditional") });
        QTRY_VERIFY2_WITH_TIMEOUT(
            window.runAction()->isEnabled(), qPrintable(window.runAction()->toolTip()), 60000);
        window.runAction()->trigger();
        const auto shown = qScopeGuard([&] {
            if (QTest::currentTestFailed())
                window.grab().save(folder.filePath(QStringLiteral("side-by-side-failed-1280x720.png")));
        });
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->rows().size() == 4, 180000);
        const QList<SourcedResult> rows = window.resultsPanel()->rows();
        for (int i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].result.verdict(), Verdict::Pass);
            QVERIFY2(rows[i].result.server.startsWith(
                         i < 2 ? QLatin1String("MariaDB ") : QLatin1String("PostgreSQL ")),
                qPrintable(rows[i].result.server));
        }
        const QString mariaDb = rows[0].result.server;
        const QString postgres = rows[2].result.server;
        // Each strategy's line on each server, in one chart; the strips name both servers.
        const QStringList lines
            = window.chartsPanel()->chartOf(QStringLiteral("orders-per-second"))->lineNames();
        for (const QString& strategy : { QStringLiteral("pessimistic"), QStringLiteral("conditional") })
            for (const QString& server : { mariaDb, postgres })
                QVERIFY2(lines.contains(QStringLiteral("%1 (%2)").arg(strategy, server)),
                    qPrintable(lines.join(", ")));
        // The strip above the orders chart, on the same tab.
        QWidget* tab = window.chartsPanel()->chartOf(QStringLiteral("orders-per-second"));
        LegendStrip* strip = nullptr;
        while (tab && !(strip = tab->findChild<LegendStrip*>()))
            tab = tab->parentWidget();
        QVERIFY(strip);
        for (const QString& server : { mariaDb, postgres })
            QVERIFY2(strip->text().contains(
                         server.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;"))),
                qPrintable(strip->text()));
        // The engines compared, strategy by strategy, under the table.
        const QString comparison = window.resultsPanel()->comparison();
        QVERIFY2(comparison.contains(QStringLiteral("pessimistic: "))
                && comparison.contains(QLatin1String(" on ") + postgres),
            qPrintable(comparison));
        // A bar each, named by strategy and server on two lines.
        const auto barNames = [&window] {
            const QList<QAbstractAxis*> axes
                = window.chartsPanel()->strategyBars()->chart()->axes(Qt::Vertical);
            auto* names = axes.isEmpty() ? nullptr : qobject_cast<QBarCategoryAxis*>(axes.first());
            return names ? names->categories() : QStringList();
        };
        QTRY_COMPARE(barNames().size(), 4);
        QVERIFY2(barNames().contains(QStringLiteral("conditional<br>") + postgres),
            qPrintable(barNames().join(", ")));
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("side-by-side-1280x720.png"))));
        // Afterwards the lab's server is the one the panel has chosen again.
        QTRY_VERIFY_WITH_TIMEOUT(
            window.ownServer().state == ServerController::State::Ready && !window.ownServer().kind.postgres,
            60000);
    }
};

QTEST_MAIN(TestPostgresWindow)
#include "tst_postgreswindow.moc"
