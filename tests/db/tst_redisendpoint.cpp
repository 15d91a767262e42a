// Redis URLs as --redis takes them.
#include "app/db/redisendpoint.h"

#include <QSignalSpy>
#include <QTest>

class TestRedisEndpoint : public QObject {
    Q_OBJECT

private slots:
    void readsHostPortAndPassword()
    {
        QString error;
        const auto endpoint
            = RedisEndpoint::fromUrl(QStringLiteral("redis://:s3cret@cache.example:6380"), &error);
        QVERIFY2(endpoint, qPrintable(error));
        QCOMPARE(endpoint->host, QStringLiteral("cache.example"));
        QCOMPARE(endpoint->port, 6380);
        QCOMPARE(endpoint->password, QStringLiteral("s3cret"));
        QVERIFY(endpoint->socket.isEmpty());
        QVERIFY(!endpoint->describe().contains(QLatin1String("s3cret")));
        QCOMPARE(RedisEndpoint::fromUrl(QStringLiteral("redis://localhost"), &error)->port, 6379);
    }

    void readsAUnixSocket()
    {
        QString error;
        const auto endpoint = RedisEndpoint::fromUrl(QStringLiteral("unix:///run/redis/redis.sock"), &error);
        QVERIFY2(endpoint, qPrintable(error));
        QCOMPARE(endpoint->socket, QStringLiteral("/run/redis/redis.sock"));
    }

    void refusesWhatItCannotUse_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("no scheme") << QStringLiteral("localhost:6379");
        QTest::newRow("other scheme") << QStringLiteral("mysql://localhost");
        QTest::newRow("no host") << QStringLiteral("redis://");
        QTest::newRow("a database path") << QStringLiteral("redis://localhost/3");
        QTest::newRow("empty") << QString();
    }
    void refusesWhatItCannotUse()
    {
        QFETCH(QString, url);
        QString error;
        QVERIFY(!RedisEndpoint::fromUrl(url, &error));
        QVERIFY(!error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRedisEndpoint)
#include "tst_redisendpoint.moc"
