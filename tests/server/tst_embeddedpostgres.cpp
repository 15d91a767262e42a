// The lab's private PostgreSQL: started by the same code the lab uses, it answers on its private
// socket and on its loopback port, never runs as root, keeps its data across restarts, serves one
// lab at a time, and leaves no process behind once stopped.
#include "app/db/pgconnection.h"
#include "app/server/embeddedpostgres.h"
#include "app/server/embeddedserver.h"

#include <QFileInfo>
#include <QTest>

#include <csignal>
#include <pwd.h>
#include <unistd.h>

class TestEmbeddedPostgres : public QObject {
    Q_OBJECT

private slots:
    void startsAnswersAndKeepsItsDataAcrossRestarts()
    {
        const QString root = EmbeddedServer::defaultDataRoot();
        qint64 pid = 0;
        {
            EmbeddedPostgres server(root);
            QString error;
            QVERIFY2(server.start(&error), qPrintable(error));
            QVERIFY(server.isRunning());
            QVERIFY2(
                server.version().section(QLatin1Char('.'), 0, 0).toInt() >= 13, qPrintable(server.version()));
            pid = server.serverPid();
            QVERIFY(pid > 0);
            // PostgreSQL refuses root: as root, the server runs as another account.
            QCOMPARE(processUid(pid) == 0, false);
            QCOMPARE(server.account().isEmpty(), ::geteuid() != 0);

            PgConnection overSocket;
            QVERIFY2(overSocket.open(server.connectionParams(), &error), qPrintable(error));
            QCOMPARE(overSocket.exec(QStringLiteral("SELECT current_database()")).value(),
                QStringLiteral("lockbench"));
            QVERIFY(overSocket.exec(QStringLiteral("DROP TABLE IF EXISTS kept")).ok);
            QVERIFY(overSocket.exec(QStringLiteral("CREATE TABLE kept (id int PRIMARY KEY)")).ok);
            QVERIFY(
                overSocket.exec(QStringLiteral("INSERT INTO kept VALUES ($1)"), { QStringLiteral("7") }).ok);

            ConnectionParams tcp = server.connectionParams();
            tcp.socket.clear();
            PgConnection overTcp;
            QVERIFY2(overTcp.open(tcp, &error), qPrintable(error));
            QCOMPARE(overTcp.exec(QStringLiteral("SELECT id FROM kept")).value(), QStringLiteral("7"));

            // A server error is the server's SQLSTATE and message, never swallowed.
            const PgConnection::Result refused
                = overTcp.exec(QStringLiteral("INSERT INTO kept VALUES ($1)"), { QStringLiteral("7") });
            QVERIFY(!refused.ok);
            QCOMPARE(refused.sqlState, QStringLiteral("23505"));
            QVERIFY2(refused.error.contains(QLatin1String("kept_pkey")), qPrintable(refused.error));

            // One lab at a time in a cluster directory.
            EmbeddedPostgres second(root);
            QString secondError;
            QVERIFY(!second.start(&secondError));
            QVERIFY2(secondError.contains(QLatin1String("another lockbench")), qPrintable(secondError));
        }
        QVERIFY(!processExists(pid));

        EmbeddedPostgres again(root);
        QString error;
        QVERIFY2(again.start(&error), qPrintable(error));
        PgConnection connection;
        QVERIFY2(connection.open(again.connectionParams(), &error), qPrintable(error));
        QCOMPARE(connection.exec(QStringLiteral("SELECT count(*) FROM kept")).value(), QStringLiteral("1"));
        // The log the lab reads deadlocks from is written.
        QVERIFY(QFileInfo(again.logPath()).size() > 0);
    }

    void aKilledServerStartsAgainWithItsData()
    {
        EmbeddedPostgres server(EmbeddedServer::defaultDataRoot());
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        {
            PgConnection connection;
            QVERIFY2(connection.open(server.connectionParams(), &error), qPrintable(error));
            QVERIFY(connection.exec(QStringLiteral("DROP TABLE IF EXISTS survives")).ok);
            QVERIFY(connection.exec(QStringLiteral("CREATE TABLE survives AS SELECT 42 AS answer")).ok);
        }
        QVERIFY(server.serverPid() > 0); // never kill(0): that is the test's own process group
        ::kill(static_cast<pid_t>(server.serverPid()), SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(server.died(), 10000);
        // The same object starts it again, as the lab does after a crash, and the data is there.
        QVERIFY2(server.start(&error), qPrintable(error));
        PgConnection connection;
        QVERIFY2(connection.open(server.connectionParams(), &error), qPrintable(error));
        QCOMPARE(
            connection.exec(QStringLiteral("SELECT answer FROM survives")).value(), QStringLiteral("42"));
    }

private:
    static bool processExists(qint64 pid) { return pid > 0 && ::kill(static_cast<pid_t>(pid), 0) == 0; }
    static long processUid(qint64 pid)
    {
        QFile status(QStringLiteral("/proc/%1/status").arg(pid));
        if (!status.open(QIODevice::ReadOnly))
            return -1;
        for (const QByteArray& line : status.readAll().split('\n')) {
            if (line.startsWith("Uid:"))
                return line.mid(4).simplified().split(' ').value(0).toLong();
        }
        return -1;
    }
};

QTEST_GUILESS_MAIN(TestEmbeddedPostgres)
#include "tst_embeddedpostgres.moc"
