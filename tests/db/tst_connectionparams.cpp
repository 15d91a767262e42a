#include "app/db/connectionparams.h"
#include "app/db/qtsqlconnection.h"

#include <QTest>

#include <optional>

class TestConnectionParams : public QObject {
    Q_OBJECT

private slots:
    void validUrl_data();
    void validUrl();
    void invalidUrl_data();
    void invalidUrl();
    void maskedUrl_data();
    void maskedUrl();
    void maskedUrlHidesAwkwardPassword();
    void endpoint();
    void clusterUrl();
    void badClusterUrl_data();
    void badClusterUrl();
    void mariaDbIsToldFromMySqlByItsVersion_data();
    void mariaDbIsToldFromMySqlByItsVersion();
};

void TestConnectionParams::validUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("socket");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("database");

    QTest::newRow("mysql with port") << QStringLiteral("mysql://u:p@h:3307/db") << QStringLiteral("h") << 3307
                                     << QString() << QStringLiteral("u") << QStringLiteral("p")
                                     << QStringLiteral("db");
    QTest::newRow("mariadb scheme") << QStringLiteral("mariadb://lab:pw@db.example.com/lab_1")
                                    << QStringLiteral("db.example.com") << 3306 << QString()
                                    << QStringLiteral("lab") << QStringLiteral("pw")
                                    << QStringLiteral("lab_1");
    QTest::newRow("scheme in capitals")
        << QStringLiteral("MySQL://u:p@h/db") << QStringLiteral("h") << 3306 << QString()
        << QStringLiteral("u") << QStringLiteral("p") << QStringLiteral("db");
    QTest::newRow("percent-encoded password")
        << QStringLiteral("mysql://u:p%40ss@h/db") << QStringLiteral("h") << 3306 << QString()
        << QStringLiteral("u") << QStringLiteral("p@ss") << QStringLiteral("db");
    QTest::newRow("percent-encoded user")
        << QStringLiteral("mysql://lab%20user:pw@h/db") << QStringLiteral("h") << 3306 << QString()
        << QStringLiteral("lab user") << QStringLiteral("pw") << QStringLiteral("db");
    QTest::newRow("no port") << QStringLiteral("mysql://u:p@h/db") << QStringLiteral("h") << 3306 << QString()
                             << QStringLiteral("u") << QStringLiteral("p") << QStringLiteral("db");
    QTest::newRow("no database") << QStringLiteral("mysql://u:p@h:3307") << QStringLiteral("h") << 3307
                                 << QString() << QStringLiteral("u") << QStringLiteral("p") << QString();
    QTest::newRow("slash but no database")
        << QStringLiteral("mysql://u:p@h/") << QStringLiteral("h") << 3306 << QString() << QStringLiteral("u")
        << QStringLiteral("p") << QString();
    QTest::newRow("no password") << QStringLiteral("mysql://u@h/db") << QStringLiteral("h") << 3306
                                 << QString() << QStringLiteral("u") << QString() << QStringLiteral("db");
    QTest::newRow("socket") << QStringLiteral("mysql://u:p@localhost/db?socket=/run/mysqld/mysqld.sock")
                            << QStringLiteral("localhost") << 3306
                            << QStringLiteral("/run/mysqld/mysqld.sock") << QStringLiteral("u")
                            << QStringLiteral("p") << QStringLiteral("db");
    QTest::newRow("socket without host") << QStringLiteral("mysql://u:p@/db?socket=/tmp/s.sock") << QString()
                                         << 3306 << QStringLiteral("/tmp/s.sock") << QStringLiteral("u")
                                         << QStringLiteral("p") << QStringLiteral("db");
    QTest::newRow("ipv6 host") << QStringLiteral("mysql://u:p@[::1]:3307/db") << QStringLiteral("::1") << 3307
                               << QString() << QStringLiteral("u") << QStringLiteral("p")
                               << QStringLiteral("db");
    QTest::newRow("surrounding spaces")
        << QStringLiteral("  mysql://u:p@h/db\n") << QStringLiteral("h") << 3306 << QString()
        << QStringLiteral("u") << QStringLiteral("p") << QStringLiteral("db");
}

void TestConnectionParams::validUrl()
{
    QFETCH(QString, url);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, socket);
    QFETCH(QString, user);
    QFETCH(QString, password);
    QFETCH(QString, database);

    QString error;
    const std::optional<ConnectionParams> params = ConnectionParams::fromUrl(url, &error);
    QVERIFY2(params, qPrintable(error));
    QCOMPARE(params->host, host);
    QCOMPARE(params->port, port);
    QCOMPARE(params->socket, socket);
    QCOMPARE(params->user, user);
    QCOMPARE(params->password, password);
    QCOMPARE(params->database, database);
}

void TestConnectionParams::invalidUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QStringList>("secrets"); // forms of the password that must not be echoed

    const QStringList secret { QStringLiteral("s3cr3t-pw") };
    QTest::newRow("http scheme") << QStringLiteral("http://u:s3cr3t-pw@h/db") << secret;
    QTest::newRow("no scheme") << QStringLiteral("u:s3cr3t-pw@h/db") << secret;
    QTest::newRow("missing user") << QStringLiteral("mysql://h:3306/db") << QStringList();
    QTest::newRow("password without user") << QStringLiteral("mysql://:s3cr3t-pw@h/db") << secret;
    QTest::newRow("database with a dash") << QStringLiteral("mysql://u:s3cr3t-pw@h/my-db") << secret;
    QTest::newRow("database with a quote") << QStringLiteral("mysql://u:s3cr3t-pw@h/db'x") << secret;
    QTest::newRow("database with a slash") << QStringLiteral("mysql://u:s3cr3t-pw@h/a/b") << secret;
    QTest::newRow("database too long")
        << QStringLiteral("mysql://u:s3cr3t-pw@h/") + QString(65, QLatin1Char('d')) << secret;
    QTest::newRow("port zero") << QStringLiteral("mysql://u:s3cr3t-pw@h:0/db") << secret;
    QTest::newRow("port too large") << QStringLiteral("mysql://u:s3cr3t-pw@h:99999/db") << secret;
    QTest::newRow("no host") << QStringLiteral("mysql://u:s3cr3t-pw@/db") << secret;
    QTest::newRow("garbage") << QStringLiteral("garbage text s3cr3t-pw") << secret;
    QTest::newRow("empty") << QString() << QStringList();
    QTest::newRow("encoded password, bad scheme")
        << QStringLiteral("ftp://u:p%40ss-s3cr3t@h/db")
        << QStringList { QStringLiteral("p@ss-s3cr3t"), QStringLiteral("p%40ss-s3cr3t") };
}

void TestConnectionParams::invalidUrl()
{
    QFETCH(QString, url);
    QFETCH(QStringList, secrets);

    QString error;
    const std::optional<ConnectionParams> params = ConnectionParams::fromUrl(url, &error);
    QVERIFY(!params);
    QVERIFY(!error.isEmpty());
    for (const QString& secret : secrets)
        QVERIFY2(!error.contains(secret), qPrintable(error));
}

void TestConnectionParams::maskedUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("masked");

    QTest::newRow("password and port")
        << QStringLiteral("mysql://u:s3cr3t@h:3307/db") << QStringLiteral("mysql://u:***@h:3307/db");
    QTest::newRow("mariadb, default port")
        << QStringLiteral("mariadb://u:s3cr3t@h/db") << QStringLiteral("mysql://u:***@h:3306/db");
    QTest::newRow("encoded password")
        << QStringLiteral("mysql://u:p%40ss@h/db") << QStringLiteral("mysql://u:***@h:3306/db");
    QTest::newRow("no password") << QStringLiteral("mysql://u@h/db") << QStringLiteral("mysql://u@h:3306/db");
    QTest::newRow("socket") << QStringLiteral("mysql://u:s3cr3t@localhost/db?socket=/run/mysqld/mysqld.sock")
                            << QStringLiteral("mysql://u:***@localhost/db?socket=/run/mysqld/mysqld.sock");
}

void TestConnectionParams::maskedUrl()
{
    QFETCH(QString, url);
    QFETCH(QString, masked);

    QString error;
    const std::optional<ConnectionParams> params = ConnectionParams::fromUrl(url, &error);
    QVERIFY2(params, qPrintable(error));
    const QString actual = params->maskedUrl();
    QCOMPARE(actual, masked);
    if (params->password.isEmpty()) {
        QVERIFY(!actual.contains(QStringLiteral("***")));
    } else {
        QVERIFY(!actual.contains(params->password));
        QVERIFY(actual.contains(QStringLiteral("***")));
    }

    // The masked form names the same server, so a report reader can reconnect with it.
    const std::optional<ConnectionParams> reparsed = ConnectionParams::fromUrl(actual, &error);
    QVERIFY2(reparsed, qPrintable(error));
    QCOMPARE(reparsed->user, params->user);
    QCOMPARE(reparsed->port, params->port);
    QCOMPARE(reparsed->socket, params->socket);
    QCOMPARE(reparsed->database, params->database);
}

void TestConnectionParams::maskedUrlHidesAwkwardPassword()
{
    // Characters that a URL would have to encode must not leak in either form.
    ConnectionParams params;
    params.user = QStringLiteral("lab");
    params.password = QStringLiteral("p@ss:w/rd?#%");
    const QString masked = params.maskedUrl();
    QVERIFY2(!masked.contains(QStringLiteral("p@ss")), qPrintable(masked));
    QVERIFY2(!masked.contains(QStringLiteral("w/rd")), qPrintable(masked));
    QVERIFY2(!masked.contains(QStringLiteral("p%40ss")), qPrintable(masked));
    QCOMPARE(masked, QStringLiteral("mysql://lab:***@127.0.0.1:3306/lockbench"));
}

void TestConnectionParams::endpoint()
{
    ConnectionParams params;
    params.host = QStringLiteral("db.example.com");
    params.port = 3307;
    QCOMPARE(params.endpoint(), QStringLiteral("db.example.com:3307"));
    params.socket = QStringLiteral("/tmp/s.sock");
    QCOMPARE(params.endpoint(), QStringLiteral("socket /tmp/s.sock"));
}

// Several hosts are a cluster's nodes: each keeps its port, node 1 is where the lab's own
// connection goes, and the masked URL lists them all and reads back the same.
void TestConnectionParams::clusterUrl()
{
    QString error;
    const auto params
        = ConnectionParams::fromUrl(QStringLiteral("mysql://lab:s%2Cecret@h1:3306,h2:3307,h3/shop"), &error);
    QVERIFY2(params, qPrintable(error));
    QCOMPARE(params->nodeCount(), 3);
    QCOMPARE(
        params->nodes[1], (ConnectionParams::Node { QStringLiteral("h2"), 3307, QString(), 0, QString() }));
    QCOMPARE(params->nodes[2].port, 3306);
    QCOMPARE(params->host, QStringLiteral("h1"));
    QCOMPARE(params->password, QStringLiteral("s,ecret"));
    QCOMPARE(params->database, QStringLiteral("shop"));
    const ConnectionParams second = params->onNode(1);
    QCOMPARE(second.endpoint(), QStringLiteral("h2:3307"));
    QCOMPARE(second.nodeCount(), 1);
    QCOMPARE(second.user, QStringLiteral("lab"));
    QCOMPARE(params->endpoint(), QStringLiteral("h1:3306, h2:3307, h3:3306"));
    const QString masked = params->maskedUrl();
    QCOMPARE(masked, QStringLiteral("mysql://lab:***@h1:3306,h2:3307,h3:3306/shop"));
    const auto again = ConnectionParams::fromUrl(masked, &error);
    QVERIFY2(again, qPrintable(error));
    QCOMPARE(again->nodes, params->nodes);
}

void TestConnectionParams::badClusterUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("why");
    QTest::newRow("empty host") << QStringLiteral("mysql://u@h1,,h3/db") << QStringLiteral("empty host");
    QTest::newRow("trailing comma") << QStringLiteral("mysql://u@h1,/db") << QStringLiteral("empty host");
    QTest::newRow("bad port") << QStringLiteral("mysql://u@h1:3306,h2:0/db") << QStringLiteral("port 0");
    QTest::newRow("socket") << QStringLiteral("mysql://u@h1,h2/db?socket=/tmp/s") << QStringLiteral("socket");
}

void TestConnectionParams::badClusterUrl()
{
    QFETCH(QString, url);
    QFETCH(QString, why);
    QString error;
    QVERIFY(!ConnectionParams::fromUrl(url, &error));
    QVERIFY2(error.contains(why), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestConnectionParams)
// Which lock tables and deadlock format the lab reads follows from VERSION(): MariaDB's
// information_schema.INNODB_LOCKS, or MySQL 8's performance_schema.data_locks.
void TestConnectionParams::mariaDbIsToldFromMySqlByItsVersion_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<bool>("mariaDb");
    QTest::newRow("Debian's MariaDB") << QStringLiteral("10.11.6-MariaDB-0+deb12u1") << true;
    QTest::newRow("MariaDB through a proxy") << QStringLiteral("5.5.5-10.11.6-MariaDB") << true;
    QTest::newRow("MariaDB 11") << QStringLiteral("11.4.2-MariaDB-log") << true;
    QTest::newRow("MySQL 8.0") << QStringLiteral("8.0.36") << false;
    QTest::newRow("Ubuntu's MySQL 8.0") << QStringLiteral("8.0.36-0ubuntu0.22.04.1") << false;
    QTest::newRow("MySQL 8.4") << QStringLiteral("8.4.0") << false;
    QTest::newRow("Percona Server") << QStringLiteral("8.0.35-27") << false;
}

void TestConnectionParams::mariaDbIsToldFromMySqlByItsVersion()
{
    QFETCH(QString, version);
    QFETCH(bool, mariaDb);
    QCOMPARE(QtSqlConnection::isMariaDbVersion(version), mariaDb);
}

#include "tst_connectionparams.moc"
