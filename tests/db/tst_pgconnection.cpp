// The lab's client connection on the private PostgreSQL: the calls the strategies make (execute,
// prepared statements with ? placeholders, commit, rollback) on a thread and on fibers, and the
// lock errors PostgreSQL answers read as the lab's error classes.
#include "app/db/databaseconnection.h"
#include "app/db/driverwarnings.h"
#include "app/db/preparedstatement.h"
#include "app/db/qtsqlconnection.h"
#include "app/fiber/fiberscheduler.h"
#include "tests/support/postgresfixture.h"

#include <QSqlQuery>
#include <QTest>

#include <atomic>
#include <thread>

class TestPgConnection : public QObject {
    Q_OBJECT

    static void terminateUnderAPreparedQuery()
    {
        QtSqlConnection connection;
        QString error;
        QVERIFY2(connection.open(PostgresFixture::params(), true, &error), qPrintable(error));
        QSqlQuery query(connection.database());
        QVERIFY(query.prepare(QStringLiteral("SELECT n FROM hot WHERE id = ?")));
        query.addBindValue(1);
        QVERIFY(query.exec());
        DatabaseConnection admin;
        QVERIFY(admin.open(PostgresFixture::params()));
        QVERIFY(admin.execute(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                                             "application_name = 'lockbench' AND pid <> pg_backend_pid()")));
        QTest::qWait(200);
    } // the query goes here, and with it its prepared statement

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
        DatabaseConnection setup;
        QVERIFY2(setup.open(PostgresFixture::params()), qPrintable(setup.lastError().toString()));
        QVERIFY(setup.execute(QStringLiteral("DROP TABLE IF EXISTS hot")));
        QVERIFY(setup.execute(QStringLiteral("CREATE TABLE hot (id int PRIMARY KEY, n bigint NOT NULL)")));
        QVERIFY(setup.execute(QStringLiteral("INSERT INTO hot VALUES (1, 0), (2, 0)")));
    }

    void preparedStatementsOnAThread()
    {
        DatabaseConnection connection;
        QVERIFY2(connection.open(PostgresFixture::params()), qPrintable(connection.lastError().toString()));
        QVERIFY(!connection.serverVersion().isEmpty());
        QVERIFY(connection.threadId() > 0);
        PreparedStatement add;
        QVERIFY2(add.prepare(connection, QStringLiteral("UPDATE hot SET n = n + ? WHERE id = ?")),
            qPrintable(add.lastError().toString()));
        PreparedStatement read;
        QVERIFY(read.prepare(connection, QStringLiteral("SELECT n, NULL::bigint FROM hot WHERE id = ?")));
        QVERIFY(connection.begin());
        QVERIFY2(add.execute({ 5, 2 }), qPrintable(add.lastError().toString()));
        QCOMPARE(add.affectedRows(), 1U);
        QVERIFY(add.execute({ 1, 99 }));
        QCOMPARE(add.affectedRows(), 0U);
        QVERIFY(connection.commit());
        QVERIFY(read.execute({ 2 }));
        std::vector<std::optional<std::int64_t>> row;
        QVERIFY(read.fetch(row));
        QCOMPARE(row.size(), 2U);
        QCOMPARE(row[0], std::optional<std::int64_t>(5));
        QVERIFY(!row[1].has_value());
        QVERIFY(!read.fetch(row));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT n FROM hot WHERE id = 2")),
            std::optional<std::int64_t>(5));
        QVERIFY(connection.execute(QStringLiteral("UPDATE hot SET n = 0")));
        QCOMPARE(connection.affectedRows(), 2U);
    }

    // A backend terminated under a prepared QSqlQuery: Qt's driver warns as the query goes, with
    // libpq's raw text, and the lab's process drops that one warning (tst_clipostgres once saw it
    // on the console).
    void aStatementFreedAfterItsBackendEndedSaysNothing()
    {
        static QStringList warned;
        warned.clear();
        const QtMessageHandler before = qInstallMessageHandler(
            [](QtMsgType, const QMessageLogContext&, const QString& text) { warned << text; });
        terminateUnderAPreparedQuery();
        QVERIFY2(warned.size() == 1 && warned.front().startsWith(QLatin1String("Unable to free statement: ")),
            qPrintable(warned.join(QLatin1Char('|'))));
        DriverWarnings::quietenLostStatementFrees();
        warned.clear();
        terminateUnderAPreparedQuery();
        qWarning("another warning");
        qInstallMessageHandler(before);
        QCOMPARE(warned, QStringList { QStringLiteral("another warning") });
    }

    void aCommitAfterAFailedStatementIsAnError()
    {
        DatabaseConnection connection;
        QVERIFY(connection.open(PostgresFixture::params()));
        QVERIFY(connection.begin());
        QVERIFY(!connection.execute(QStringLiteral("INSERT INTO hot VALUES (1, 0)")));
        QCOMPARE(connection.lastError().errorClass(), ErrorClass::DuplicateKey);
        QCOMPARE(connection.lastError().sqlState, QStringLiteral("23505"));
        QVERIFY(!connection.commit());
        QCOMPARE(connection.lastError().sqlState, QStringLiteral("25P02"));
        QVERIFY(connection.execute(QStringLiteral("SELECT 1"))); // and the session goes on
    }

    void aLockedRowAnswersNowaitAndLockTimeout()
    {
        DatabaseConnection holder;
        DatabaseConnection other;
        QVERIFY(holder.open(PostgresFixture::params()) && other.open(PostgresFixture::params()));
        QVERIFY(holder.begin());
        QVERIFY(holder.execute(QStringLiteral("SELECT n FROM hot WHERE id = 1 FOR UPDATE")));
        QVERIFY(other.begin());
        QVERIFY(!other.execute(QStringLiteral("SELECT n FROM hot WHERE id = 1 FOR UPDATE NOWAIT")));
        QCOMPARE(other.lastError().errorClass(), ErrorClass::LockNowait);
        QVERIFY(other.rollback());
        QVERIFY(other.execute(QStringLiteral("SET lock_timeout = '100ms'")));
        QVERIFY(other.begin());
        QVERIFY(!other.execute(QStringLiteral("UPDATE hot SET n = n + 1 WHERE id = 1")));
        QCOMPARE(other.lastError().errorClass(), ErrorClass::LockWaitTimeout);
        QVERIFY(other.rollback());
        QVERIFY(holder.rollback());
    }

    // A refusal at connect keeps the server's SQLSTATE and ends a run (a database gone, a role
    // gone), where nobody listening stays a connection to wait for.
    void refusalsAtConnectAreTheServersOwn()
    {
        DatabaseConnection connection;
        ConnectionParams gone = PostgresFixture::params(QStringLiteral("no_such_database_here"));
        QVERIFY(!connection.open(gone));
        QCOMPARE(connection.lastError().sqlState, QStringLiteral("3D000"));
        QCOMPARE(connection.lastError().code, 1049U);
        QVERIFY(endsTheRun(connection.lastError().code));
        QVERIFY2(!connection.lastError().message.contains(QLatin1String(".c:")),
            qPrintable(connection.lastError().message));
        QVERIFY2(connection.lastError().message.contains(QLatin1String("no_such_database_here")),
            qPrintable(connection.lastError().message));

        ConnectionParams nobody = PostgresFixture::params();
        nobody.user = QStringLiteral("no_such_role_here");
        QVERIFY(!connection.open(nobody));
        QCOMPARE(connection.lastError().sqlState, QStringLiteral("28000"));
        QVERIFY(endsTheRun(connection.lastError().code));

        ConnectionParams closed = PostgresFixture::params();
        closed.socket.clear();
        closed.host = QStringLiteral("127.0.0.1");
        closed.port = 1;
        QVERIFY(!connection.open(closed));
        QCOMPARE(connection.lastError().errorClass(), ErrorClass::ConnectionLost);
        QVERIFY(connection.lastError().sqlState.isEmpty());
    }

    void aDeadlockIsOneVictimsError()
    {
        std::atomic<int> locked { 0 };
        std::atomic<int> deadlocks { 0 };
        const auto client = [&](int first, int second) {
            DatabaseConnection connection;
            if (!connection.open(PostgresFixture::params()) || !connection.begin())
                return;
            connection.execute(QStringLiteral("UPDATE hot SET n = n + 1 WHERE id = %1").arg(first));
            locked.fetch_add(1);
            while (locked.load() < 2)
                std::this_thread::yield();
            if (!connection.execute(QStringLiteral("UPDATE hot SET n = n + 1 WHERE id = %1").arg(second))) {
                if (connection.lastError().errorClass() == ErrorClass::Deadlock
                    && connection.lastError().sqlState == QLatin1String("40P01"))
                    deadlocks.fetch_add(1);
                connection.rollback();
                return;
            }
            connection.commit();
        };
        std::thread a(client, 1, 2);
        std::thread b(client, 2, 1);
        a.join();
        b.join();
        QCOMPARE(deadlocks.load(), 1);
    }

    void fibersShareAThreadWhileTheyWaitForTheRow()
    {
        constexpr int kClients = 16;
        constexpr int kOrders = 25;
        DatabaseConnection check;
        QVERIFY(check.open(PostgresFixture::params()));
        const std::optional<std::int64_t> before
            = check.queryInt(QStringLiteral("SELECT n FROM hot WHERE id = 1"));
        QVERIFY(before.has_value());
        std::atomic<int> committed { 0 };
        QString failure;
        FiberScheduler scheduler;
        for (int i = 0; i < kClients; ++i) {
            scheduler.spawn([&] {
                DatabaseConnection connection;
                PreparedStatement take;
                if (!connection.open(PostgresFixture::params()) || !connection.isNonBlocking()
                    || !take.prepare(connection, QStringLiteral("UPDATE hot SET n = n + 1 WHERE id = ?"))) {
                    failure = connection.lastError().toString();
                    return;
                }
                for (int order = 0; order < kOrders; ++order) {
                    if (!connection.begin() || !take.execute({ 1 })) {
                        failure = take.lastError().toString();
                        return;
                    }
                    connection.crossNetwork(); // a moment with the row held, as an order's work
                    if (connection.commit())
                        committed.fetch_add(1);
                }
            });
        }
        scheduler.run();
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(committed.load(), kClients * kOrders);
        QCOMPARE(check.queryInt(QStringLiteral("SELECT n FROM hot WHERE id = 1")),
            std::optional<std::int64_t>(*before + kClients * kOrders));
    }
};

QTEST_GUILESS_MAIN(TestPgConnection)
#include "tst_pgconnection.moc"
