// The lab's private Redis: started by the same code the lab uses, it answers on its private
// socket, runs a script atomically, and leaves no process or socket behind once stopped.
#include "app/db/redisconnection.h"
#include "app/server/embeddedredis.h"
#include "app/server/redisprobe.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TestEmbeddedRedis : public QObject {
    Q_OBJECT

private slots:
    void startsAnswersAndLeavesNothingBehind()
    {
        EmbeddedRedis redis;
        QString error;
        QVERIFY2(redis.start(&error), qPrintable(error));
        QVERIFY(redis.isRunning());
        QVERIFY(!redis.version().isEmpty());
        const RedisEndpoint endpoint = redis.endpoint();
        QVERIFY(QFileInfo(endpoint.socket).exists());
        // Only its owner may use the socket.
        QCOMPARE(QFileInfo(QFileInfo(endpoint.socket).path()).permissions()
                & (QFile::ReadOther | QFile::WriteOther),
            QFile::Permissions());

        RedisConnection connection;
        QVERIFY2(connection.open(endpoint, &error), qPrintable(error));
        QCOMPARE(
            connection.command({ QStringLiteral("SET"), QStringLiteral("stock"), QStringLiteral("5") }).text,
            QStringLiteral("OK"));
        // A decrement that never goes below zero, in one step.
        const QString script = QStringLiteral(
            "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v >= tonumber(ARGV[1]) then "
            "return redis.call('DECRBY', KEYS[1], ARGV[1]) end return -1");
        const auto take = [&](int qty) {
            return connection.command({ QStringLiteral("EVAL"), script, QStringLiteral("1"),
                QStringLiteral("stock"), QString::number(qty) });
        };
        QCOMPARE(take(3).integer, 2LL);
        QCOMPARE(take(3).integer, -1LL);
        QCOMPARE(take(2).integer, 0LL);
        const RedisConnection::Reply bad = connection.command({ QStringLiteral("NOSUCHCOMMAND") });
        QCOMPARE(bad.kind, RedisConnection::Reply::Kind::Error);
        QVERIFY(!bad.text.isEmpty());

        const qint64 pid = redis.pid();
        QVERIFY(pid > 0);
        redis.stop();
        QVERIFY(!QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)));
        QVERIFY(!QFileInfo::exists(endpoint.socket));
        // The connection learns the server is gone, and says so instead of hanging.
        const RedisConnection::Reply lost = connection.command({ QStringLiteral("PING") });
        QCOMPARE(lost.kind, RedisConnection::Reply::Kind::Lost);
        QVERIFY(!connection.isOpen());
    }

    // Debian's redis-tools carries the server's binary under its checker's name, without the
    // service redis-server enables: the lab starts Redis from it alone.
    void startsFromRedisToolsAlone()
    {
        const QString checker = QStandardPaths::findExecutable(
            QStringLiteral("redis-check-rdb"), { QStringLiteral("/usr/bin") });
        QVERIFY2(!checker.isEmpty(), "redis-tools is installed by scripts/setup.sh");
        QTemporaryDir onlyTools;
        QVERIFY(QFile::link(checker, onlyTools.filePath(QStringLiteral("redis-check-rdb"))));
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(onlyTools.path()));
        const QString found = EmbeddedRedis::findBinary();
        EmbeddedRedis redis;
        QString error;
        const bool started = redis.start(&error);
        qputenv("PATH", path);
        QCOMPARE(QFileInfo(found).fileName(), QStringLiteral("redis-check-rdb"));
        QVERIFY2(started, qPrintable(error));
        QVERIFY(!redis.version().isEmpty());
        RedisConnection connection;
        QVERIFY2(connection.open(redis.endpoint(), &error), qPrintable(error));
        QCOMPARE(connection.command({ QStringLiteral("PING") }).text, QStringLiteral("PONG"));
    }

    void theProbeCountsWhatRedisRan()
    {
        // A script with two calls of its own is one script call and three commands; the
        // probe's own INFO is not among them.
        EmbeddedRedis redis;
        QString error;
        QVERIFY2(redis.start(&error), qPrintable(error));
        RedisProbe probe(redis.endpoint());
        const std::optional<RedisStats> before = probe.read(&error);
        QVERIFY2(before, qPrintable(error));
        RedisConnection client;
        QVERIFY2(client.open(redis.endpoint(), &error), qPrintable(error));
        QCOMPARE(client.command({ QStringLiteral("SET"), QStringLiteral("k"), QStringLiteral("10") }).text,
            QStringLiteral("OK"));
        const RedisConnection::Reply taken = client.command({ QStringLiteral("EVAL"),
            QStringLiteral("redis.call('GET', KEYS[1]) return redis.call('DECRBY', KEYS[1], 3)"),
            QStringLiteral("1"), QStringLiteral("k") });
        QCOMPARE(taken.integer, 7);
        const std::optional<RedisStats> after = probe.read(&error);
        QVERIFY2(after, qPrintable(error));
        QCOMPARE(after->commands - before->commands, 4); // SET, EVAL, and the script's GET and DECRBY
        QCOMPARE(after->scriptCalls - before->scriptCalls, 1);
        QVERIFY(after->scriptUsec > before->scriptUsec);
        redis.stop();
        QVERIFY(!probe.read(&error)); // gone: an error, not a figure
        QVERIFY(!error.isEmpty());
    }

    void aMissingSocketIsAClearError()
    {
        RedisConnection connection;
        QString error;
        RedisEndpoint nowhere;
        nowhere.socket = QStringLiteral("/nonexistent/lockbench/redis.sock");
        QVERIFY(!connection.open(nowhere, &error));
        QVERIFY2(error.contains(QLatin1String("/nonexistent/lockbench/redis.sock")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestEmbeddedRedis)
#include "tst_embeddedredis.moc"
