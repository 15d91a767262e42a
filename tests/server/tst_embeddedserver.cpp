// The lab's private MariaDB and its own database: start, restart, ownership of tables.
#include "app/db/databaseconnection.h"
#include "app/db/labdatabase.h"
#include "app/server/embeddedserver.h"
#include "app/server/servercheck.h"
#include "app/server/serverheartbeat.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"
#include "tests/support/serverfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

#include <mysql.h>
#include <thread>
#include <unistd.h>

namespace {

LockbenchProcess runLockbench(const QStringList& arguments)
{
    return LockbenchProcess::run(arguments);
}

// A user without privileges (password "rightpass") and a database with a foreign table.
bool createProblemAccounts()
{
    DatabaseConnection admin;
    return admin.open(ServerFixture::params(), false)
        && admin.execute(
            QStringLiteral("CREATE USER IF NOT EXISTS 'labuser'@'127.0.0.1' IDENTIFIED BY 'rightpass'"))
        && admin.execute(QStringLiteral("CREATE DATABASE IF NOT EXISTS shop"))
        && admin.execute(QStringLiteral("CREATE TABLE IF NOT EXISTS shop.customers (id INT PRIMARY KEY)"));
}

// SELECT VERSION() through the C API: DatabaseConnection reads integers only.
QString selectVersion(DatabaseConnection& connection)
{
    if (mysql_query(connection.handle(), "SELECT VERSION()") != 0)
        return QStringLiteral("<error %1>").arg(QString::fromUtf8(mysql_error(connection.handle())));
    MYSQL_RES* result = mysql_store_result(connection.handle());
    MYSQL_ROW row = result ? mysql_fetch_row(result) : nullptr;
    const QString version = row && row[0] ? QString::fromUtf8(row[0]) : QStringLiteral("<no row>");
    if (result)
        mysql_free_result(result);
    return version;
}

QString tcpUrl(const QString& userInfo, const QString& database)
{
    return QStringLiteral("mysql://%1@127.0.0.1:%2/%3")
        .arg(userInfo)
        .arg(ServerFixture::server().port())
        .arg(database);
}

} // namespace

class TestEmbeddedServer : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void serverIsPrivateAndReachable()
    {
        EmbeddedServer& server = ServerFixture::server();
        QVERIFY(server.isRunning());
        // The version the lab shows is the server's own, as a connection asks it.
        static const QRegularExpression release(QStringLiteral(R"(^\d+\.\d+\.\d+-MariaDB)"));
        QVERIFY2(release.match(server.version()).hasMatch(), qPrintable(server.version()));
        QVERIFY(server.dataDirectory().startsWith(qEnvironmentVariable("LOCKBENCH_DATA_DIR")));
        QVERIFY(QFileInfo(server.socketPath()).exists());
        DatabaseConnection connection;
        QVERIFY2(
            connection.open(server.connectionParams(), false), qPrintable(connection.lastError().toString()));
        // Loopback only, on the port it chose.
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT @@port")).value_or(-1),
            static_cast<std::int64_t>(server.port()));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT @@bind_address = '127.0.0.1'")).value_or(-1), 1);
        QCOMPARE(server.version(), selectVersion(connection));
    }

    void serverRunsInASessionOfItsOwn()
    {
        // Linux shares the CPU between sessions first: in the lab's, the server's threads
        // and the clients' would compete one by one.
        const qint64 pid = ServerFixture::server().serverPid();
        QVERIFY(pid > 0);
        const pid_t session = ::getsid(static_cast<pid_t>(pid));
        QCOMPARE(static_cast<qint64>(session), pid);
        QVERIFY(session != ::getsid(0));
    }

    void heartbeatHearsAServerWhosePoolIsBusy()
    {
        // A pool of one thread, held by one long statement: what goes through the pool waits
        // for it, as thousands of clients' first statements make the heartbeat wait. The
        // heartbeat's way in, the extra port, has a thread of its own.
        QTemporaryDir root;
        EmbeddedServer server(root.path());
        server.setExtraArguments(
            { QStringLiteral("--thread-pool-size=1"), QStringLiteral("--thread-pool-max-threads=1") });
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const ConnectionParams params = server.connectionParams();
        QVERIFY(params.extraPort > 0);
        QVERIFY(params.extraPort != server.port());
        DatabaseConnection outside;
        QVERIFY2(outside.open(params.outsideThreadPool(), false), qPrintable(outside.lastError().toString()));
        QCOMPARE(outside.queryInt(QStringLiteral("SELECT @@extra_port")).value_or(-1),
            static_cast<std::int64_t>(params.extraPort));

        std::thread busy([&params] {
            DatabaseConnection connection;
            if (connection.open(params, false))
                connection.execute(QStringLiteral("SELECT SLEEP(4)"));
        });
        const auto sleeping = [&outside] {
            return outside
                .queryInt(QStringLiteral(
                    "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO = 'SELECT SLEEP(4)'"))
                .value_or(0);
        };
        QTRY_COMPARE_WITH_TIMEOUT(sleeping(), std::int64_t(1), 3000);

        ConnectionParams throughThePool = params;
        throughThePool.extraPort = 0;
        ServerHeartbeat pooled(throughThePool);
        ServerHeartbeat heartbeat(params);
        QString why;
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(heartbeat.check(&why), ServerHeartbeat::Health::Answering);
        const qint64 answeredMs = clock.elapsed();
        QCOMPARE(pooled.check(&why), ServerHeartbeat::Health::Silent);
        busy.join();
        qInfo("with the pool busy, the heartbeat heard the server in %lld ms; through the pool: %s",
            answeredMs, qPrintable(why));
    }

    // A server that refuses the heartbeat (a password changed under the run) has answered: it is
    // there, not silent, and the run is not told it lost the server; one nobody listens for is.
    void aRefusalIsAnAnswerNotASilence()
    {
        ConnectionParams wrongPassword = ServerFixture::params();
        wrongPassword.extraPort = 0;
        wrongPassword.user = QStringLiteral("nobody_here");
        wrongPassword.password = QStringLiteral("wrong");
        QString why;
        QCOMPARE(ServerHeartbeat(wrongPassword).check(&why), ServerHeartbeat::Health::Answering);
        QVERIFY2(why.contains(QLatin1String("1045")), qPrintable(why));
        ConnectionParams nobodyListens = wrongPassword;
        nobodyListens.socket.clear();
        nobodyListens.port = 1;
        QCOMPARE(ServerHeartbeat(nobodyListens).check(&why), ServerHeartbeat::Health::Silent);
    }

    void secondLabOnTheSameDataIsRefused()
    {
        EmbeddedServer second(EmbeddedServer::defaultDataRoot());
        QString error;
        QVERIFY(!second.start(&error));
        QVERIFY2(error.contains(QLatin1String("another lockbench")), qPrintable(error));
        QVERIFY(ServerFixture::server().isRunning());
    }

    void restartsOnTheExistingDataDirectory()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        EmbeddedServer server(root.path());
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        DatabaseConnection connection;
        QVERIFY(connection.open(server.connectionParams(), false));
        QVERIFY(connection.execute(QStringLiteral("CREATE DATABASE survivor")));
        connection.close();
        const qint64 pid = server.serverPid();
        server.stop();
        QVERIFY(!server.isRunning());
        QVERIFY(!QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)));

        QVERIFY2(server.start(&error), qPrintable(error));
        QVERIFY(connection.open(server.connectionParams(), false));
        QCOMPARE(connection
                     .queryInt(QStringLiteral(
                         "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'survivor'"))
                     .value_or(0),
            1);
        qInfo("restart on an existing data directory took %lld ms", server.lastStartMs());
    }

    // A start that fails says its own errors, not the lines of the start before it.
    void aFailedStartSaysItsErrors()
    {
        QTemporaryDir root;
        EmbeddedServer server(root.path());
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        server.stop();
        server.setExtraArguments({ QStringLiteral("--no-such-option") });
        QVERIFY(!server.start(&error));
        QVERIFY2(
            error.contains(QLatin1String("[ERROR]")) && error.contains(QLatin1String("--no-such-option")),
            qPrintable(error));
        QVERIFY2(!error.contains(QLatin1String("ready for connections")), qPrintable(error));
    }

    void refusesADatabaseWithForeignTables()
    {
        DatabaseConnection connection;
        QVERIFY(connection.open(ServerFixture::params(), false));
        QVERIFY(connection.execute(QStringLiteral("DROP DATABASE IF EXISTS shop")));
        QVERIFY(connection.execute(QStringLiteral("CREATE DATABASE shop")));
        QVERIFY(connection.execute(QStringLiteral("CREATE TABLE shop.customers (id INT PRIMARY KEY)")));

        LabDatabase database(ServerFixture::params(QStringLiteral("shop")));
        QString error;
        QVERIFY(!database.open(&error));
        QVERIFY2(
            error.contains(QLatin1String("did not create")) && error.contains(QLatin1String("customers")),
            qPrintable(error));
        // Nothing was touched.
        QCOMPARE(connection
                     .queryInt(QStringLiteral(
                         "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop'"))
                     .value_or(-1),
            1);
    }

    void runsAgainstAServerGivenByUrl()
    {
        LOCKBENCH_REQUIRE_BINARY();
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("r.json"));
        const LockbenchProcess o = runLockbench({ QStringLiteral("run"), QStringLiteral("--server"),
            tcpUrl(QStringLiteral("root"), QStringLiteral("by_url")), QStringLiteral("--strategy"),
            QStringLiteral("conditional,queued"), QStringLiteral("--stock"), QStringLiteral("400"),
            QStringLiteral("--stop"), QStringLiteral("sold-out"), QStringLiteral("--threads"),
            QStringLiteral("8"), QStringLiteral("--json"), json });
        QVERIFY2(o.exitCode == 0, qPrintable(o.all()));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        const QJsonObject server = root.value(QStringLiteral("server")).toObject();
        QCOMPARE(server.value(QStringLiteral("embedded")).toBool(), false);
        QVERIFY(server.value(QStringLiteral("version")).toString().contains(QLatin1String("MariaDB")));
        for (const QJsonValue& entry : root.value(QStringLiteral("strategies")).toArray())
            QCOMPARE(entry.toObject()
                         .value(QStringLiteral("summary"))
                         .toObject()
                         .value(QStringLiteral("sold"))
                         .toDouble(),
                400.0);
        // The lab's tables went into the database the URL named, and nowhere else.
        DatabaseConnection connection;
        QVERIFY(connection.open(ServerFixture::params(), false));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM by_url.orders")).value_or(-1), 400);
    }

    void urlProblemsGetClearMessages_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("message");
        QTest::newRow("wrong password") << tcpUrl(QStringLiteral("labuser:wrongpass"),
            QStringLiteral("lab_db")) << QStringLiteral("Access denied for user 'labuser'");
        QTest::newRow("missing privilege") << tcpUrl(QStringLiteral("labuser:rightpass"),
            QStringLiteral("lab_db")) << QStringLiteral("cannot create database lab_db");
        QTest::newRow("foreign tables") << tcpUrl(QStringLiteral("root"),
            QStringLiteral("shop")) << QStringLiteral("holds tables lockbench did not create (customers)");
    }
    void urlProblemsGetClearMessages()
    {
        LOCKBENCH_REQUIRE_BINARY();
        QFETCH(QString, url);
        QFETCH(QString, message);
        QVERIFY(createProblemAccounts());
        const LockbenchProcess o = runLockbench(
            { QStringLiteral("run"), QStringLiteral("--server"), url, QStringLiteral("--strategy"),
                QStringLiteral("conditional"), QStringLiteral("--duration"), QStringLiteral("1s") });
        const QString all = o.all();
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(all.contains(message), qPrintable(all));
        QVERIFY(!all.contains(QLatin1String("wrongpass")) && !all.contains(QLatin1String("rightpass")));
    }

    void serverCheckAnswersWithAClearMessage_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("message");
        QTest::newRow("ready") << tcpUrl(QStringLiteral("root"), QStringLiteral("check_ok")) << true
                               << QStringLiteral("Ready:");
        QTest::newRow("wrong password")
            << tcpUrl(QStringLiteral("labuser:wrongpass"), QStringLiteral("lab_db")) << false
            << QStringLiteral("wrong user name or password");
        QTest::newRow("unreachable") << QStringLiteral("mysql://lab:pw@127.0.0.1:1/lockbench") << false
                                     << QStringLiteral("the server is unreachable");
        QTest::newRow("missing privilege")
            << tcpUrl(QStringLiteral("labuser:rightpass"), QStringLiteral("lab_db")) << false
            << QStringLiteral("cannot create database lab_db");
        QTest::newRow("foreign tables") << tcpUrl(QStringLiteral("root"), QStringLiteral("shop")) << false
                                        << QStringLiteral("holds tables lockbench did not create");
    }
    void serverCheckAnswersWithAClearMessage()
    {
        QFETCH(QString, url);
        QFETCH(bool, ok);
        QFETCH(QString, message);
        QVERIFY(createProblemAccounts());
        QString error;
        const std::optional<ConnectionParams> params = ConnectionParams::fromUrl(url, &error);
        QVERIFY2(params, qPrintable(error));
        const ServerCheck check = ServerCheck::run(*params);
        QCOMPARE(check.ok, ok);
        QVERIFY2(check.message.contains(message), qPrintable(check.message));
        QVERIFY(!check.message.contains(QLatin1String("rightpass"))
            && !check.message.contains(QLatin1String("wrongpass")));
    }

    void tablesStayAsTheLastStrategyLeftThem()
    {
        Experiment e = ServerFixture::soldOutExperiment(500);
        e.database = QStringLiteral("lab_leftover");
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("conditional"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        DatabaseConnection connection;
        QVERIFY(connection.open(ServerFixture::params(QStringLiteral("lab_leftover"))));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")).value_or(-1),
            static_cast<std::int64_t>(r.orderRows));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT SUM(stock) FROM inventory")).value_or(-1), 0);
        // And a second run on the same database replaces them: the lab owns them.
        const StrategyResult again = ServerFixture::runStrategy(QStringLiteral("slotted"), e);
        QVERIFY2(again.error.isEmpty(), qPrintable(again.error));
        QCOMPARE(connection
                     .queryInt(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                                              "TABLE_SCHEMA = 'lab_leftover' AND TABLE_NAME = 'inventory'"))
                     .value_or(-1),
            0);
    }

    void databaseNameIsCheckedBeforeItReachesSql()
    {
        LabDatabase database(ServerFixture::params(QStringLiteral("lab`; DROP DATABASE mysql; --")));
        QString error;
        QVERIFY(!database.open(&error));
        QVERIFY2(error.contains(QLatin1String("letters, digits or underscores")), qPrintable(error));
    }

    void serverWithoutInnoDbIsRefused()
    {
        LOCKBENCH_REQUIRE_BINARY();
        // A second server of its own, started by the lab's code with InnoDB switched off.
        QTemporaryDir root;
        EmbeddedServer noInnoDb(root.path());
        noInnoDb.setExtraArguments(
            { QStringLiteral("--skip-innodb"), QStringLiteral("--default-storage-engine=Aria") });
        QString error;
        QVERIFY2(noInnoDb.start(&error), qPrintable(error));
        const QString url = QStringLiteral("mysql://root@127.0.0.1:%1/lockbench").arg(noInnoDb.port());
        const LockbenchProcess o = runLockbench(
            { QStringLiteral("run"), QStringLiteral("--server"), url, QStringLiteral("--strategy"),
                QStringLiteral("conditional"), QStringLiteral("--duration"), QStringLiteral("1s") });
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.all().contains(QLatin1String("the server has no InnoDB engine")), qPrintable(o.all()));
    }
};

QTEST_GUILESS_MAIN(TestEmbeddedServer)
#include "tst_embeddedserver.moc"
