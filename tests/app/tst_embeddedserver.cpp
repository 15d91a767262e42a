// The lab's private MariaDB and its own database: start, restart, ownership of tables.
#include "embeddedserver.h"
#include "labdatabase.h"
#include "mysqlconnection.h"
#include "serverfixture.h"
#include "strategyregistry.h"

#include <QtTest>

class TestEmbeddedServer : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        if (!ServerFixture::ensureStarted(&error))
            QFAIL(qPrintable(error));
    }

    void serverIsPrivateAndReachable()
    {
        EmbeddedServer& server = ServerFixture::server();
        QVERIFY(server.isRunning());
        QVERIFY(server.version().contains(QLatin1String("MariaDB")) || !server.version().isEmpty());
        QVERIFY(server.dataDirectory().startsWith(qEnvironmentVariable("LOCKBENCH_DATA_DIR")));
        QVERIFY(QFileInfo(server.socketPath()).exists());
        MysqlConnection connection;
        QVERIFY2(connection.open(server.connectionParams(), false), qPrintable(connection.lastError().toString()));
        // Loopback only, on the port it chose.
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT @@port")).value_or(-1), static_cast<std::int64_t>(server.port()));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT @@bind_address = '127.0.0.1'")).value_or(-1), 1);
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
        MysqlConnection connection;
        QVERIFY(connection.open(server.connectionParams(), false));
        QVERIFY(connection.execute(QStringLiteral("CREATE DATABASE survivor")));
        connection.close();
        const qint64 pid = server.serverPid();
        server.stop();
        QVERIFY(!server.isRunning());
        QVERIFY(!QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)));

        QVERIFY2(server.start(&error), qPrintable(error));
        QVERIFY(connection.open(server.connectionParams(), false));
        QCOMPARE(connection.queryInt(QStringLiteral(
                     "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'survivor'")).value_or(0), 1);
        qInfo("restart on an existing data directory took %lld ms", server.lastStartMs());
    }

    void refusesADatabaseWithForeignTables()
    {
        MysqlConnection connection;
        QVERIFY(connection.open(ServerFixture::params(), false));
        QVERIFY(connection.execute(QStringLiteral("DROP DATABASE IF EXISTS shop")));
        QVERIFY(connection.execute(QStringLiteral("CREATE DATABASE shop")));
        QVERIFY(connection.execute(QStringLiteral("CREATE TABLE shop.customers (id INT PRIMARY KEY)")));

        LabDatabase database(ServerFixture::params(QStringLiteral("shop")));
        QString error;
        QVERIFY(!database.open(&error));
        QVERIFY2(error.contains(QLatin1String("did not create")) && error.contains(QLatin1String("customers")), qPrintable(error));
        // Nothing was touched.
        QCOMPARE(connection.queryInt(QStringLiteral(
                     "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop'")).value_or(-1), 1);
    }

    void tablesStayAsTheLastStrategyLeftThem()
    {
        Experiment e = ServerFixture::soldOutExperiment(500);
        e.database = QStringLiteral("lab_leftover");
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("conditional"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        MysqlConnection connection;
        QVERIFY(connection.open(ServerFixture::params(QStringLiteral("lab_leftover"))));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")).value_or(-1), static_cast<std::int64_t>(r.orderRows));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT SUM(stock) FROM inventory")).value_or(-1), 0);
        // And a second run on the same database replaces them: the lab owns them.
        const StrategyResult again = ServerFixture::runStrategy(QStringLiteral("slotted"), e);
        QVERIFY2(again.error.isEmpty(), qPrintable(again.error));
        QCOMPARE(connection.queryInt(QStringLiteral(
                     "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'lab_leftover' AND TABLE_NAME = 'inventory'")).value_or(-1), 0);
    }
};

QTEST_GUILESS_MAIN(TestEmbeddedServer)
#include "tst_embeddedserver.moc"
