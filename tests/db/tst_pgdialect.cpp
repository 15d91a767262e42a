// What the lab's connection does to speak PostgreSQL without a server: its ? placeholders
// numbered, the server's SQLSTATEs read as the lab's error classes, and postgres:// URLs.
#include "app/db/connectionparams.h"
#include "app/db/pgsession.h"
#include "app/db/preparedstatement.h"

#include <QTest>

class TestPgDialect : public QObject {
    Q_OBJECT

private slots:
    void placeholdersAreNumbered_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("numbered");
        QTest::newRow("update")
            << QStringLiteral("UPDATE inventory SET stock = stock - ? WHERE sku_id = ? AND stock >= ?")
            << QStringLiteral("UPDATE inventory SET stock = stock - $1 WHERE sku_id = $2 AND stock >= $3");
        QTest::newRow("none") << QStringLiteral("COMMIT") << QStringLiteral("COMMIT");
        QTest::newRow("quoted ? stays") << QStringLiteral("SELECT '?', \"a?\", ? FROM t")
                                        << QStringLiteral("SELECT '?', \"a?\", $1 FROM t");
    }
    void placeholdersAreNumbered()
    {
        QFETCH(QString, sql);
        QFETCH(QString, numbered);
        QCOMPARE(PreparedStatement::numberedPlaceholders(sql), numbered);
    }

    void sqlStatesAreTheLabsErrorClasses_data()
    {
        QTest::addColumn<QString>("sqlState");
        QTest::addColumn<QString>("sourceFunction");
        QTest::addColumn<ErrorClass>("errorClass");
        QTest::newRow("deadlock") << QStringLiteral("40P01") << QStringLiteral("deadlock detected")
                                  << ErrorClass::Deadlock;
        QTest::newRow("nowait") << QStringLiteral("55P03") << QStringLiteral("heap_lock_tuple")
                                << ErrorClass::LockNowait;
        QTest::newRow("lock_timeout")
            << QStringLiteral("55P03") << QStringLiteral("ProcessInterrupts") << ErrorClass::LockWaitTimeout;
        QTest::newRow("serializable") << QStringLiteral("40001")
                                      << QStringLiteral("could not serialize access due to concurrent update")
                                      << ErrorClass::RecordChanged;
        QTest::newRow("duplicate") << QStringLiteral("23505") << QString() << ErrorClass::DuplicateKey;
        QTest::newRow("lost") << QStringLiteral("08006") << QString() << ErrorClass::ConnectionLost;
        QTest::newRow("terminated") << QStringLiteral("57P01")
                                    << QStringLiteral("terminating connection due to administrator command")
                                    << ErrorClass::ConnectionLost;
        QTest::newRow("syntax") << QStringLiteral("42601") << QStringLiteral("syntax error")
                                << ErrorClass::Other;
    }
    void sqlStatesAreTheLabsErrorClasses()
    {
        QFETCH(QString, sqlState);
        QFETCH(QString, sourceFunction);
        QFETCH(ErrorClass, errorClass);
        QCOMPARE(classifyError(PgSession::pgErrorCode(sqlState, sourceFunction)), errorClass);
    }

    // libpq's message for a failed connect, at VERBOSE: the SQLSTATE after the severity in any
    // language the server speaks, taken out of the text a person reads with the server's source line.
    void connectRefusalsKeepTheirSqlState_data()
    {
        QTest::addColumn<QString>("libpq");
        QTest::addColumn<uint>("code");
        QTest::addColumn<QString>("sqlState");
        QTest::addColumn<QString>("message");
        QTest::newRow("password") << QStringLiteral(
            "connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  28P01: password authentication "
            "failed for user \"u\"\nLOCATION:  auth_failed, auth.c:326")
                                  << 1045U << QStringLiteral("28P01")
                                  << QStringLiteral(
                                         "connection to server at \"127.0.0.1\", port 5432 failed: "
                                         "FATAL:  password authentication failed for user \"u\"");
        QTest::newRow("german") << QStringLiteral(
            "Verbindung zum Server auf »127.0.0.1«, Port 5432 fehlgeschlagen: FATAL:  3D000: Datenbank »x« "
            "existiert nicht\nORT:  InitPostgres, postinit.c:885")
                                << 1049U << QStringLiteral("3D000")
                                << QStringLiteral("Verbindung zum Server auf »127.0.0.1«, Port 5432 "
                                                  "fehlgeschlagen: FATAL:  Datenbank »x« existiert nicht");
        QTest::newRow("no connect right")
            << QStringLiteral("connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: FATAL:  42501: "
                              "permission denied "
                              "for database \"shop\"\nDETAIL:  User does not have CONNECT privilege.")
            << 1142U << QStringLiteral("42501")
            << QStringLiteral("connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: "
                              "FATAL:  permission denied for database \"shop\"\nDETAIL:  User "
                              "does not have CONNECT privilege.");
        QTest::newRow("refused") << QStringLiteral("connection to server at \"127.0.0.1\", port 1 failed: "
                                                   "Connection refused\n\tIs the server running?")
                                 << 2003U << QString()
                                 << QStringLiteral("connection to server at \"127.0.0.1\", port 1 failed: "
                                                   "Connection refused\n\tIs the server running?");
    }
    void connectRefusalsKeepTheirSqlState()
    {
        QFETCH(QString, libpq);
        QFETCH(uint, code);
        QFETCH(QString, sqlState);
        QFETCH(QString, message);
        const DatabaseError error = PgSession::connectError(libpq);
        QCOMPARE(error.code, code);
        QCOMPARE(error.sqlState, sqlState);
        QCOMPARE(error.message, message);
    }

    void aDroppedTableOrAReadOnlyServerEndsTheRun()
    {
        QVERIFY(endsTheRun(PgSession::pgErrorCode(QStringLiteral("42P01"), {})));
        QVERIFY(endsTheRun(PgSession::pgErrorCode(QStringLiteral("25006"), {})));
        QVERIFY(!endsTheRun(PgSession::pgErrorCode(QStringLiteral("40P01"), {})));
        // A routine's RAISE EXCEPTION is what MySQL's SIGNAL is: the procedure's out-of-stock.
        QCOMPARE(
            PgSession::pgErrorCode(QStringLiteral("P0001"), QStringLiteral("lab_sell: out of stock")), 1644U);
    }

    void postgresUrls()
    {
        QString error;
        const auto tcp
            = ConnectionParams::fromUrl(QStringLiteral("postgres://ann:secret@db.example:6543/shop"), &error);
        QVERIFY2(tcp, qPrintable(error));
        QVERIFY(tcp->isPostgres());
        QCOMPARE(tcp->host, QStringLiteral("db.example"));
        QCOMPARE(tcp->port, 6543);
        QCOMPARE(tcp->database, QStringLiteral("shop"));
        QCOMPARE(tcp->maskedUrl(), QStringLiteral("postgres://ann:***@db.example:6543/shop"));

        const auto defaults = ConnectionParams::fromUrl(QStringLiteral("postgresql://ann@localhost"), &error);
        QVERIFY2(defaults, qPrintable(error));
        QCOMPARE(defaults->port, 5432);

        const auto socket = ConnectionParams::fromUrl(
            QStringLiteral("postgres://ann@/shop?host=%2Fvar%2Frun%2Fpostgresql"), &error);
        QVERIFY2(socket, qPrintable(error));
        QCOMPARE(socket->socket, QStringLiteral("/var/run/postgresql"));

        QVERIFY(!ConnectionParams::fromUrl(QStringLiteral("postgres://ann@h1:5432,h2:5432/shop"), &error));
        QVERIFY2(error.contains(QLatin1String("one server")), qPrintable(error));
        QVERIFY(ConnectionParams::fromUrl(QStringLiteral("mysql://ann@h1/shop"), &error)->engine
            == ConnectionParams::Engine::MySql);
    }
};

QTEST_GUILESS_MAIN(TestPgDialect)
#include "tst_pgdialect.moc"
