// Redis's INFO as the probe reads it: the command count less earlier INFO calls, and the
// scripts' calls and time.
#include "app/server/redisprobe.h"

#include <QSignalSpy>
#include <QTest>

class TestRedisStats : public QObject {
    Q_OBJECT

private slots:
    void readsCommandsAndScriptsFromInfo()
    {
        const QString info = QStringLiteral(
            "# Stats\r\n"
            "total_connections_received:3\r\n"
            "total_commands_processed:25\r\n"
            "instantaneous_ops_per_sec:4\r\n"
            "\r\n"
            "# Commandstats\r\n"
            "cmdstat_info:calls=2,usec=30,usec_per_call=15.00,rejected_calls=0,failed_calls=0\r\n"
            "cmdstat_evalsha:calls=6,usec=180,usec_per_call=30.00,rejected_calls=0,failed_calls=0\r\n"
            "cmdstat_eval:calls=1,usec=54,usec_per_call=54.00,rejected_calls=0,failed_calls=0\r\n"
            "cmdstat_get:calls=7,usec=20,usec_per_call=2.86,rejected_calls=0,failed_calls=0\r\n");
        const std::optional<RedisStats> stats = RedisStats::fromInfo(info);
        QVERIFY(stats);
        QCOMPARE(stats->commands, 23);
        QCOMPARE(stats->scriptCalls, 7);
        QCOMPARE(stats->scriptUsec, 234);
    }

    void infoWithoutACommandCountIsNoFigure()
    {
        QVERIFY(!RedisStats::fromInfo(QStringLiteral("# Commandstats\r\ncmdstat_get:calls=7,usec=20\r\n")));
        QVERIFY(!RedisStats::fromInfo(QString()));
    }
};

QTEST_GUILESS_MAIN(TestRedisStats)
#include "tst_redisstats.moc"
