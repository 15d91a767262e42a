// A server error through Qt's drivers, quoted on one line without libpq's severities.
#include "app/db/sqlerrortext.h"

#include <QTest>

class TestSqlErrorText : public QObject {
    Q_OBJECT

private slots:
    void quotesTheServersMessageAlone_data()
    {
        QTest::addColumn<QString>("driverText");
        QTest::addColumn<QString>("databaseText");
        QTest::addColumn<QString>("quoted");
        QTest::newRow("terminated backend")
            << QStringLiteral("QPSQL: Unable to create query")
            << QStringLiteral("FATAL:  terminating connection due to "
                              "administrator command\nserver closed the "
                              "connection unexpectedly\n\tThis probably means")
            << QStringLiteral("terminating connection due to administrator "
                              "command server closed the connection "
                              "unexpectedly This probably means");
        QTest::newRow("statement error") << QStringLiteral("QPSQL: Unable to create query")
                                         << QStringLiteral("ERROR:  relation \"inventory\" does not exist\n"
                                                           "LINE 1: SELECT stock FROM inventory")
                                         << QStringLiteral("relation \"inventory\" does not exist LINE 1: "
                                                           "SELECT stock FROM inventory");
        QTest::newRow("mysql") << QStringLiteral("QMYSQL: Unable to execute query")
                               << QStringLiteral("Deadlock found when trying to get lock; try restarting "
                                                 "transaction")
                               << QStringLiteral("Deadlock found when trying to get lock; try restarting "
                                                 "transaction");
        QTest::newRow("driver only") << QStringLiteral("QPSQL: Unable to connect") << QString()
                                     << QStringLiteral("QPSQL: Unable to connect");
        // A word that only looks like a severity inside the message stays.
        QTest::newRow("inside") << QString() << QStringLiteral("column \"ERROR: x\" is unknown")
                                << QStringLiteral("column \"ERROR: x\" is unknown");
    }

    void quotesTheServersMessageAlone()
    {
        QFETCH(QString, driverText);
        QFETCH(QString, databaseText);
        QFETCH(QString, quoted);
        QCOMPARE(SqlErrorText::of(QSqlError(driverText, databaseText, QSqlError::StatementError)), quoted);
    }
};

QTEST_APPLESS_MAIN(TestSqlErrorText)
#include "tst_sqlerrortext.moc"
