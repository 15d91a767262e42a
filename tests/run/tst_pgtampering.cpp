// Tampering behind the lab's back on PostgreSQL, as tst_tampering does on MariaDB, for every
// strategy that claims safety: an acknowledged order (a completed task's row) deleted mid-run by
// another program's connection is a safety failure whose verdict names it.
#include "app/db/pgconnection.h"
#include "app/server/embeddedredis.h"
#include "tests/support/backgroundrun.h"
#include "tests/support/faultstrategies.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/postgresfixture.h"
#include "tests/support/serverfixture.h"

#include <QTest>

class TestPgTampering : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    EmbeddedRedis m_redis; // for redis-split, whose stock is there

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
        QVERIFY2(m_redis.start(&error), qPrintable(error));
    }

    // Tampering behind the lab's back on PostgreSQL, as tst_tampering does on MariaDB: an
    // acknowledged order (a completed task's row) deleted mid-run by another program's connection
    // is a safety failure, the command line's exit status 3, whose verdict names it.
    void anOrderDeletedMidRunIsASafetyFailure_data()
    {
        QTest::addColumn<QString>("id");
        const QStringList ids = safeStrategies();
        for (const QString& id : outsideSanitizers(ids,
                 { QStringLiteral("pessimistic"), QStringLiteral("redis-split"),
                     QStringLiteral("claim-update") }))
            QTest::newRow(qPrintable(id)) << id;
    }
    void anOrderDeletedMidRunIsASafetyFailure()
    {
        QFETCH(QString, id);
        ConnectionParams params = PostgresFixture::params();
        params.redis = m_redis.endpoint();
        BackgroundRun run(id, ServerFixture::tamperingRun(id), params);
        PgConnection outsider;
        QString error;
        QVERIFY2(outsider.open(PostgresFixture::params(), &error), qPrintable(error));
        // The tables of the run before are there until this run fills its own: wait for the clients.
        const bool written = QTest::qWaitFor(
            [&] {
                return run.running(QStringLiteral(": running"))
                    && outsider.exec(QStringLiteral("SELECT COUNT(*) FROM orders")).value().toLongLong()
                    >= 10;
            },
            30000);
        PgConnection::Result deleted;
        for (int attempt = 0; attempt < 10 && (attempt == 0 || deleted.sqlState == QLatin1String("40P01"));
             ++attempt) // a deadlock lost to the run's own writers changed nothing: again
            deleted = outsider.exec(
                QStringLiteral("DELETE FROM orders WHERE request_id = (SELECT request_id FROM "
                               "orders ORDER BY created_at LIMIT 1)"));
        if (!written || !deleted.ok || deleted.affectedRows != 1)
            run.cancel();
        const StrategyResult r = run.wait();
        QVERIFY2(written, "the run wrote no orders");
        QVERIFY2(deleted.ok && deleted.affectedRows == 1, qPrintable(deleted.error));
        qInfo("%s: %s", qPrintable(id), qPrintable(r.verdictText()));
        QVERIFY2(r.failsSafety(), qPrintable(r.verdictText()));
        QCOMPARE(r.verdict(), verdictOfADeletedOrder(id));
    }
};

QTEST_GUILESS_MAIN(TestPgTampering)
#include "tst_pgtampering.moc"
