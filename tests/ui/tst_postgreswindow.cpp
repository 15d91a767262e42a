// A person picks the lab's own PostgreSQL in the Server panel at 1280x720, runs pessimistic and
// conditional on one hot row, and watches the lock inspector while it runs: PostgreSQL's waiters
// (from pg_locks and pg_blocking_pids()) queue behind one holder. Both results pass their audit,
// and the panel says the server is PostgreSQL. The screenshots are saved for a person to look at.
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/lockinspectorpanel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverpanel.h"
#include "ui/panels/strategypanel.h"

#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

class TestPostgresWindow : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;

    static void showTab(MainWindow& window, const QString& text)
    {
        for (QTabWidget* tabs : window.findChildren<QTabWidget*>())
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i).remove(QLatin1Char('&')) == text)
                    tabs->setCurrentIndex(i);
        QTest::qWait(200);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // keep the user's settings out of it
        QCoreApplication::setOrganizationName(QStringLiteral("lockbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("lockbench-postgres-window"));
        QSettings().clear();
    }

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
            window.ownServer().state == ServerController::State::Ready && window.ownServer().postgres, 60000);
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
        QCOMPARE(runStatus->text(), QStringLiteral("Finished: every strategy audited"));
        details->setCurrentIndex(0);
        QTest::qWait(300);
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("postgres-results-1280x720.png"))));
    }
};

QTEST_MAIN(TestPostgresWindow)
#include "tst_postgreswindow.moc"
