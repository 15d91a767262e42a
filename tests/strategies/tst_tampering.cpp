// Tampering behind the lab's back, for every strategy that claims safety, in both workloads:
// an acknowledged order (a completed task's row) deleted mid-run, or stock put back on a SKU's
// row, is a safety failure (the command line's exit status 3) whose verdict names it.
#include "app/db/databaseconnection.h"
#include "app/server/embeddedredis.h"
#include "strategies/strategyregistry.h"
#include "tests/support/backgroundrun.h"
#include "tests/support/faultstrategies.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QTest>

class TestTampering : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    EmbeddedRedis m_redis; // for redis-split, whose stock is there
    DatabaseConnection m_outsider; // another program's connection, unknown to the lab

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_SERVER();
        QString error;
        QVERIFY2(m_redis.start(&error), qPrintable(error));
        QVERIFY(m_outsider.open(ServerFixture::params(), false));
    }

    void anOrderDeletedMidRunIsASafetyFailure_data()
    {
        QTest::addColumn<QString>("id");
        const QStringList ids = safeStrategies(); // the two-SKU orders too
        for (const QString& id : outsideSanitizers(ids,
                 { QStringLiteral("pessimistic"), QStringLiteral("slotted"), QStringLiteral("queued"),
                     QStringLiteral("redis-split"), QStringLiteral("claim-update") }))
            QTest::newRow(qPrintable(id)) << id;
    }
    void anOrderDeletedMidRunIsASafetyFailure()
    {
        QFETCH(QString, id);
        const StrategyResult r = runTamperedWith(id,
            QStringLiteral("DELETE FROM lockbench.orders WHERE request_id = (SELECT request_id FROM "
                           "(SELECT request_id FROM lockbench.orders ORDER BY created_at LIMIT 1) oldest)"));
        if (QTest::currentTestFailed())
            return;
        qInfo("%s: %s", qPrintable(id), qPrintable(r.verdictText()));
        QVERIFY2(r.failsSafety(), qPrintable(r.verdictText()));
        QCOMPARE(r.verdict(), verdictOfADeletedOrder(id));
    }

    // Stock that reappears on a row (a restore, another program's UPDATE) is a lost update as far
    // as the audit can tell: more was sold than the stock went down by.
    void stockPutBackMidRunIsASafetyFailure_data()
    {
        QTest::addColumn<QString>("id");
        QStringList ids;
        for (const QString& id : StrategyRegistry::allIds(WorkloadKind::Inventory)) {
            const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
            if (strategy->isSafe() && strategy->layout() == StockLayout::Rows)
                ids << id;
        }
        for (const QString& id : outsideSanitizers(ids, { QStringLiteral("conditional") }))
            QTest::newRow(qPrintable(id)) << id;
    }
    void stockPutBackMidRunIsASafetyFailure()
    {
        QFETCH(QString, id);
        const StrategyResult r = runTamperedWith(
            id, QStringLiteral("UPDATE lockbench.inventory SET stock = stock + 5 WHERE sku_id = 1"));
        if (QTest::currentTestFailed())
            return;
        qInfo("%s: %s", qPrintable(id), qPrintable(r.verdictText()));
        QVERIFY2(r.failsSafety(), qPrintable(r.verdictText()));
        QCOMPARE(r.verdict(), Verdict::LostUpdates);
    }

private:
    // Runs `id` and, once it has written orders, runs `sql` on a connection of its own.
    StrategyResult runTamperedWith(const QString& id, const QString& sql)
    {
        ConnectionParams params = ServerFixture::params();
        params.redis = m_redis.endpoint();
        BackgroundRun run(id, ServerFixture::tamperingRun(id), params);
        const QString orders = QStringLiteral("SELECT COUNT(*) FROM lockbench.orders");
        // The tables of the run before are there until this run fills its own: wait for the clients.
        const bool written = QTest::qWaitFor(
            [&] {
                return run.running(QStringLiteral(": running"))
                    && m_outsider.queryInt(orders).value_or(0) >= 10;
            },
            30000);
        if (!written || !tamper(sql)) {
            run.cancel();
            run.wait();
            QTest::qFail(written ? qPrintable(m_outsider.lastError().toString()) : "the run wrote no orders",
                __FILE__, __LINE__);
            return {};
        }
        return run.wait();
    }

    // Runs the tampering statement, again when it lost a deadlock to the run's own writers (the
    // server chose it as the victim; nothing changed): true once it changed exactly one row.
    bool tamper(const QString& sql)
    {
        for (int attempt = 0; attempt < 10; ++attempt) {
            if (m_outsider.execute(sql))
                return m_outsider.affectedRows() == 1;
            if (m_outsider.lastError().code != 1213)
                return false;
        }
        return false;
    }
};

QTEST_GUILESS_MAIN(TestTampering)
#include "tst_tampering.moc"
