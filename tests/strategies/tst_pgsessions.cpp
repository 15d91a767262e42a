// The strategies' own sessions on the private PostgreSQL, without the rest of a run: each client
// sets its session up there (isolation, lock_timeout, the probe that looks up a lost commit), a
// safe strategy sells what the stock holds and no more, and every sale is in the orders table.
#include "app/db/labdatabase.h"
#include "app/fiber/fiberscheduler.h"
#include "strategies/strategyregistry.h"
#include "tests/support/postgresfixture.h"

#include <QSqlQuery>
#include <QTest>

#include <atomic>

namespace {

const QString kSessionsDatabase = QStringLiteral("lockbench_pg_sessions");

qint64 valueOf(LabDatabase& database, const QString& sql)
{
    QSqlQuery query(database.connection().database());
    return query.exec(sql) && query.next() ? query.value(0).toLongLong() : -1;
}

} // namespace

class TestPgSessions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
    }

    void clientsSellTheStockAndNoMore_data()
    {
        QTest::addColumn<QString>("strategyName");
        // Every strategy of the inventory, from the registry; redis-split's stock is in Redis,
        // which its own tests start.
        for (const QString& id : StrategyRegistry::ids()) {
            const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
            if (strategy->workload() == WorkloadKind::Inventory && strategy->layout() != StockLayout::Redis)
                QTest::newRow(qPrintable(id)) << id;
        }
    }
    void clientsSellTheStockAndNoMore()
    {
        QFETCH(QString, strategyName);
        LabDatabase database(PostgresFixture::params(kSessionsDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(strategyName);
        QVERIFY(strategy);
        Experiment experiment;
        experiment.skus = 2; // a two-SKU order takes one of each
        experiment.initialStock = 60;
        experiment.threads = 8;
        experiment.lockWaitTimeoutS = 7;
        experiment.isolation = Isolation::RepeatableRead; // set on each session, not left to the server
        QVERIFY2(database.prepareTables(strategy->layout(), experiment, &error), qPrintable(error));
        QVERIFY2(database.prepareRoutines(strategy->routines(), &error), qPrintable(error));
        std::atomic<bool> stop { false };
        RunEnvironment environment(experiment, PostgresFixture::params(kSessionsDatabase), stop);
        QVERIFY2(strategy->beginRun(environment, &error), qPrintable(error));
        std::atomic<int> sold { 0 };
        std::atomic<int> refused { 0 };
        std::atomic<std::int64_t> nextRequest { 1 };
        QString failure;
        FiberScheduler scheduler;
        for (int client = 0; client < experiment.threads; ++client) {
            scheduler.spawn([&] {
                QString openError;
                WorkerCounters& counters = environment.newCounters();
                const std::unique_ptr<OrderSession> session
                    = strategy->openSession(environment, counters, &openError);
                if (!session) {
                    failure = openError;
                    return;
                }
                for (int i = 0; i < 10; ++i) {
                    const Order order { nextRequest.fetch_add(1), 1, 2, 1 };
                    switch (session->place(order)) {
                    case OrderOutcome::Sold:
                        sold.fetch_add(1);
                        break;
                    case OrderOutcome::OutOfStock:
                        refused.fetch_add(1);
                        break;
                    default:
                        failure = environment.errors().describe().join(QLatin1Char('\n'));
                        return;
                    }
                }
            });
        }
        scheduler.run();
        strategy->endRun();
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        // Every sale is in the orders table, a line per SKU it took.
        QCOMPARE(sold.load() + refused.load(), 80);
        QCOMPARE(valueOf(database, QStringLiteral("SELECT COUNT(*) FROM orders")),
            sold.load() * strategy->linesPerOrder());
        if (strategy->isSafe()) { // 80 orders for 60 units: each unit sold once, the rest refused
            QCOMPARE(sold.load(), 60);
            QCOMPARE(valueOf(database,
                         QStringLiteral("SELECT stock FROM (%1) s WHERE sku_id = 1")
                             .arg(LabSchema::currentStockQuery(strategy->layout()))),
                0);
        }
        // What each session reported it runs under, read back from PostgreSQL.
        const auto [isolation, timeout] = environment.sessionSettings();
        QCOMPARE(isolation, QStringLiteral("REPEATABLE READ"));
        QCOMPARE(timeout, QStringLiteral("7"));
    }
};

QTEST_GUILESS_MAIN(TestPgSessions)
#include "tst_pgsessions.moc"
