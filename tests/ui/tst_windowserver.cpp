// The window's choice of server goes through the session as the command line's does: a run on
// a server chosen by URL is checked first, and its result file states the server's version.
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/testsettings.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/resultsmodel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/serverpanel.h"
#include "ui/panels/strategypanel.h"

#include <QAction>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

class TestWindowServer : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack
    std::unique_ptr<MainWindow> m_window;

private slots:
    void initTestCase()
    {
        m_settings.emplace(QStringLiteral("lockbench-tests"));
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->ownServer().state != ServerController::State::Starting, 60000);
        QCOMPARE(m_window->ownServer().state, ServerController::State::Ready);
    }

    void cleanupTestCase() { m_window.reset(); }

    // A run on a server chosen by URL (the window's own server, reached by its address): the
    // run checks the server first, and the result file states its version as the command
    // line's does.
    void runOnAServerByUrlWritesItsVersion()
    {
        const QString database = QStringLiteral("lockbench_byurl");
        const ConnectionParams own = m_window->session()->connectionParams(database);
        const QString version = m_window->ownServer().version;
        QVERIFY(!version.isEmpty());
        QVERIFY(own.password.isEmpty()); // so the masked URL is the whole account
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("database"), database);
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("sold-out"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("100"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("4"));
        m_window->strategyPanel()->setSelectedIds({ QStringLiteral("conditional") });
        m_window->serverPanel()->setUsesEmbedded(false);
        m_window->serverPanel()->setUrl(own.maskedUrl());
        QVERIFY2(m_window->runAction()->isEnabled(), qPrintable(m_window->runAction()->toolTip()));
        const int rowsBefore = m_window->resultsPanel()->model()->rowCount();

        m_window->runAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_window->resultsPanel()->model()->rowCount(), rowsBefore + 1, 120000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isRunning(), 60000);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("byurl.json"));
        QString error;
        QVERIFY2(m_window->session()->exportResults(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject server
            = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("server")).toObject();
        QCOMPARE(server.value(QStringLiteral("version")).toString(), version);
        QCOMPARE(server.value(QStringLiteral("url")).toString(), own.maskedUrl());
        QCOMPARE(server.value(QStringLiteral("embedded")).toBool(true), false);

        m_window->serverPanel()->setUsesEmbedded(true);
        experiment->setFieldText(QStringLiteral("database"), QStringLiteral("lockbench"));
        QVERIFY2(m_window->runAction()->isEnabled(), qPrintable(m_window->runAction()->toolTip()));
    }
};

QTEST_MAIN(TestWindowServer)
#include "tst_windowserver.moc"
