// The window's quantities over time: the console's line each second is drawn from the same list,
// each metric's part in its own words, and absent where the sample did not measure it.
#include "app/results/resultwriter.h"
#include "app/results/timemetric.h"

#include <QTest>

class TestTimeMetric : public QObject {
    Q_OBJECT

    static MetricsSample sample(double intervalS, long long retries)
    {
        MetricsSample s;
        s.strategy = QStringLiteral("optimistic");
        s.intervalS = intervalS;
        s.ordersPerS = 812.4;
        s.attemptsPerS = 1500.0;
        s.p99Ms = 5.237;
        s.serverStatsValid = true;
        s.rowLockWaits = 120;
        s.waitingNow = 7;
        s.clients[ClientCount::Retries] = retries;
        return s;
    }

    static QStringList liveLine(const MetricsSample& now, const MetricsSample& before, bool claims = false)
    {
        QStringList parts;
        for (const TimeMetric& metric : TimeMetric::all()) {
            if (const QString part = metric.liveText(now, before, claims); !part.isEmpty())
                parts << part;
        }
        return parts;
    }

private slots:
    void theLiveLineShowsEachRateOverItsInterval()
    {
        const MetricsSample before = sample(0.25, 40);
        const MetricsSample now = sample(0.5, 100);
        QCOMPARE(liveLine(now, before),
            QStringList({ QStringLiteral("812 orders/s"), QStringLiteral("attempts 1500/s"),
                QStringLiteral("p99 5.24 ms"), QStringLiteral("row-lock waits 240/s"),
                QStringLiteral("waiting now 7"), QStringLiteral("retries 120/s") }));
    }

    // PostgreSQL counts no row-lock waits and a user without PROCESS sees no waiters: the line
    // leaves them out rather than showing 0.
    void whatWasNotMeasuredIsLeftOut()
    {
        MetricsSample now = sample(0.5, 0);
        now.serverStatsValid = false;
        now.waitingNow = -1;
        const QStringList line = liveLine(now, sample(0.5, 0));
        QCOMPARE(line.size(), 4);
        QVERIFY(!line.join(u' ').contains(QLatin1String("row-lock")));
        QVERIFY(!line.join(u' ').contains(QLatin1String("waiting")));
    }

    void theClaimWorkloadSpeaksOfTasks()
    {
        const QStringList line = liveLine(sample(0.5, 0), sample(0.5, 0), true);
        QCOMPARE(line.first(), QStringLiteral("812 tasks/s"));
        QCOMPARE(line.at(1), QStringLiteral("batches 1500/s"));
    }

    // A chart of one of the sample's figures draws what the sample's JSON keeps under that figure's
    // key, and nothing where the JSON says it went unmeasured.
    void aChartOfASampledFigureDrawsWhatTheFileKeeps_data()
    {
        QTest::addColumn<QString>("chart");
        QTest::addColumn<QString>("key");
        QTest::newRow("orders") << QStringLiteral("orders-per-second") << QStringLiteral("orders_per_s");
        QTest::newRow("p99") << QStringLiteral("p99") << QStringLiteral("p99_ms");
        QTest::newRow("waiting") << QStringLiteral("waiting-now") << QStringLiteral("waiting_now");
    }

    void aChartOfASampledFigureDrawsWhatTheFileKeeps()
    {
        QFETCH(QString, chart);
        QFETCH(QString, key);
        const TimeMetric* metric = TimeMetric::find(qPrintable(chart));
        QVERIFY(metric);
        MetricsSample now = sample(0.5, 0);
        QCOMPARE(
            metric->value(now, now).value_or(-99.0), ResultWriter::sampleJson(now).value(key).toDouble());
        now.waitingNow = -1;
        // Null, or -1 for a figure the files keep as it is held.
        const QJsonValue kept = ResultWriter::sampleJson(now).value(key);
        const bool unmeasured = kept.isNull() || kept.toDouble() < 0;
        QCOMPARE(!metric->value(now, now).has_value(), unmeasured);
    }

    // Redis's figures appear only for the strategies that keep stock there.
    void redisHasItsPartOnlyWhenMeasured()
    {
        MetricsSample now = sample(0.5, 0);
        QVERIFY(!liveLine(now, now).join(u' ').contains(QLatin1String("redis")));
        now.redisStatsValid = true;
        now.redisCommands = 500;
        now.redisScriptCalls = 4;
        now.redisScriptUsec = 10;
        const QStringList line = liveLine(now, now);
        QVERIFY(line.contains(QStringLiteral("redis 1000 commands/s")));
        QVERIFY(line.contains(QStringLiteral("2.5 µs a take")));
    }
};

QTEST_GUILESS_MAIN(TestTimeMetric)
#include "tst_timemetric.moc"
