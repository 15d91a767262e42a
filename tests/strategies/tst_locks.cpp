// Seeing the locks, against the embedded MariaDB: deadlocks captured with both statements,
// the deadlock-detection knob and its timeouts, the queue on a hot row in the inspector, and
// an account without PROCESS told why the inspector is blind.
#include "app/db/databaseconnection.h"
#include "app/db/qtsqlconnection.h"
#include "app/run/lockinspector.h"
#include "app/run/strategyrun.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

#include <thread>

namespace {

Experiment twoSkuExperiment()
{
    Experiment e = ServerFixture::soldOutExperiment(1000000);
    e.skus = 4;
    e.threads = 16;
    e.delayMs = 2;
    e.stop = StopKind::Duration;
    e.durationMs = 3000;
    return e;
}

StrategyResult runObserved(const QString& id, const Experiment& e, QList<LockSnapshot>* snapshots)
{
    std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
    const std::atomic<bool> cancel { false };
    StrategyRun run(e, ServerFixture::params(e.database), *strategy, 1, cancel);
    RunObserver observer;
    observer.locks = [snapshots](const LockSnapshot& snapshot) { snapshots->append(snapshot); };
    return run.execute(observer);
}

} // namespace

class TestLocks : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void randomLockOrderDeadlocksAndEveryDeadlockIsCaptured()
    {
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("two-sku-random"), twoSkuExperiment());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.deadlocks > 0, "random lock order produced no deadlock");
        // The clients saw every deadlock, those among the orders finishing after the stop line too.
        QCOMPARE(r.clients.error(ErrorClass::Deadlock), r.deadlocks + r.lateDeadlocks);
        // Every deadlock the server counted is in the list, not only the latest.
        QCOMPARE(static_cast<long long>(r.deadlockRecords.size()),
            std::min(r.deadlocks + r.lateDeadlocks, 1000LL));
        for (const DeadlockRecord& d : r.deadlockRecords) {
            QVERIFY(d.transactions.size() >= 2);
            for (const DeadlockRecord::Transaction& trx : d.transactions) {
                QVERIFY2(trx.statement.contains(QLatin1String("FOR UPDATE")), qPrintable(trx.statement));
                QVERIFY2(trx.waitingFor.contains(QLatin1String("`inventory`")),
                    qPrintable(QStringLiteral("trx %1 of deadlock at %2 waits for: %3")
                                   .arg(trx.trxId, d.when, trx.waitingFor)));
                QVERIFY(trx.threadId > 0);
            }
            QVERIFY(d.victim >= 1 && d.victim <= d.transactions.size());
        }
        QCOMPARE(r.oversold, 0LL);
        QVERIFY(r.clientsAgree());
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_deadlock_detect")), QStringLiteral("ON"));
    }

    void sortedLockOrderNeverDeadlocks()
    {
        const StrategyResult r
            = ServerFixture::runStrategy(QStringLiteral("two-sku-sorted"), twoSkuExperiment());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.clients[ClientCount::Sold] > 0);
        QCOMPARE(r.deadlocks, 0LL);
        QVERIFY(r.deadlockRecords.isEmpty());
        QCOMPARE(r.orderRows % 2, 0LL); // two lines per order
        QVERIFY(r.clientsAgree());
    }

    void detectionOffTimesOutAndLeavesNoTransactionOpen()
    {
        Experiment e = twoSkuExperiment();
        e.deadlockDetect = KnobSwitch::Off;
        e.lockWaitTimeoutS = 1;
        const StrategyResult r = ServerFixture::runStrategy(QStringLiteral("two-sku-random"), e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_deadlock_detect")), QStringLiteral("OFF"));
        QCOMPARE(r.knobs.value(QStringLiteral("innodb_lock_wait_timeout")), QStringLiteral("1"));
        QVERIFY2(r.lockWaitTimeouts > 0, "no lock wait timeout with detection off");
        QCOMPARE(r.deadlocks, 0LL);
        QVERIFY(r.clientsAgree());

        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        // InnoDB refreshes what INNODB_TRX shows at most every 100 ms, and the run's last look
        // at it was at the stop line, with every client in a transaction: let that copy age.
        QTest::qWait(250);
        // Every timed-out transaction was rolled back explicitly: none is left open.
        QCOMPARE(
            admin.queryInt(QStringLiteral("SELECT COUNT(*) FROM information_schema.INNODB_TRX")).value_or(-1),
            0);
        // And the server is as it was.
        QCOMPARE(admin.queryInt(QStringLiteral("SELECT @@GLOBAL.innodb_deadlock_detect")).value_or(-1), 1);
    }

    void inspectorShowsTheQueueOnTheHotRow()
    {
        Experiment e = ServerFixture::soldOutExperiment(1000000);
        e.stop = StopKind::Duration;
#if defined(__SANITIZE_THREAD__)
        e.durationMs = 6000; // under TSan the inspector's looks come slower: the same pictures take longer
#else
        e.durationMs = 2500;
#endif
        e.threads = 32;
        e.delayMs = 5;
        QList<LockSnapshot> snapshots;
        const StrategyResult r = runObserved(QStringLiteral("pessimistic"), e, &snapshots);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(snapshots.size() >= 5); // at 4 samples a second
        QVERIFY2(r.longestLockQueue >= 8, qPrintable(QString::number(r.longestLockQueue)));
        int queueOnRow1 = 0;
        for (const LockSnapshot& snapshot : std::as_const(snapshots)) {
            QVERIFY(snapshot.error.isEmpty());
            int waiters = 0;
            for (const LockTransaction& trx : snapshot.transactions) {
                if (trx.state == QLatin1String("LOCK WAIT") && trx.lockRow == QLatin1String("1")
                    && trx.lockTable.contains(QLatin1String("`inventory`")) && !trx.blockedBy.isEmpty()) {
                    QVERIFY(trx.statement.contains(QLatin1String("FOR UPDATE")));
                    QCOMPARE(trx.lockMode, QStringLiteral("X"));
                    ++waiters;
                }
            }
            queueOnRow1 = std::max(queueOnRow1, waiters);
        }
        QVERIFY2(queueOnRow1 >= 8, qPrintable(QString::number(queueOnRow1)));
    }

    // MySQL 8 keeps its lock tables in performance_schema (data_locks, data_lock_waits), with
    // columns MariaDB has not. No MySQL 8 runs here: the test writes both tables in their
    // documented form for two real transactions of this server, one holding row 1 and one
    // waiting for it, and the inspector reads them as it reads MySQL 8.
    void mySql8sLockTablesAreReadInTheirDocumentedForm()
    {
        const QString fixture = QStringLiteral("lockbench_mysql8_fixture");
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        for (const QString& sql :
            { QStringLiteral("DROP DATABASE IF EXISTS %1"), QStringLiteral("CREATE DATABASE %1"),
                QStringLiteral(
                    "CREATE TABLE %1.data_locks (ENGINE VARCHAR(32) NOT NULL, ENGINE_LOCK_ID "
                    "VARCHAR(128) NOT NULL, ENGINE_TRANSACTION_ID BIGINT UNSIGNED, THREAD_ID BIGINT "
                    "UNSIGNED, EVENT_ID BIGINT UNSIGNED, OBJECT_SCHEMA VARCHAR(64), OBJECT_NAME "
                    "VARCHAR(64), PARTITION_NAME VARCHAR(64), SUBPARTITION_NAME VARCHAR(64), "
                    "INDEX_NAME VARCHAR(64), OBJECT_INSTANCE_BEGIN BIGINT UNSIGNED NOT NULL, "
                    "LOCK_TYPE VARCHAR(32) NOT NULL, LOCK_MODE VARCHAR(32) NOT NULL, LOCK_STATUS "
                    "VARCHAR(32) NOT NULL, LOCK_DATA VARCHAR(8192))"),
                QStringLiteral(
                    "CREATE TABLE %1.data_lock_waits (ENGINE VARCHAR(32) NOT NULL, "
                    "REQUESTING_ENGINE_LOCK_ID VARCHAR(128) NOT NULL, "
                    "REQUESTING_ENGINE_TRANSACTION_ID BIGINT UNSIGNED, REQUESTING_THREAD_ID BIGINT "
                    "UNSIGNED, REQUESTING_EVENT_ID BIGINT UNSIGNED, REQUESTING_OBJECT_INSTANCE_BEGIN "
                    "BIGINT UNSIGNED NOT NULL, BLOCKING_ENGINE_LOCK_ID VARCHAR(128) NOT NULL, "
                    "BLOCKING_ENGINE_TRANSACTION_ID BIGINT UNSIGNED, BLOCKING_THREAD_ID BIGINT "
                    "UNSIGNED, BLOCKING_EVENT_ID BIGINT UNSIGNED, BLOCKING_OBJECT_INSTANCE_BEGIN "
                    "BIGINT UNSIGNED NOT NULL)"),
                QStringLiteral("CREATE TABLE %1.hot (id BIGINT PRIMARY KEY, stock INT) ENGINE=InnoDB"),
                QStringLiteral("INSERT INTO %1.hot VALUES (1, 10)") })
            QVERIFY2(admin.execute(sql.arg(fixture)), qPrintable(admin.lastError().toString()));
        const QString lockRow
            = QStringLiteral("SELECT stock FROM %1.hot WHERE id = 1 FOR UPDATE").arg(fixture);
        DatabaseConnection holder;
        QVERIFY(holder.open(ServerFixture::params(fixture)));
        QVERIFY(holder.begin() && holder.queryText(lockRow));
        std::thread waiter([&] {
            DatabaseConnection connection;
            if (connection.open(ServerFixture::params(fixture)) && connection.begin())
                connection.queryText(lockRow); // waits until the holder rolls back
        });
        auto release = qScopeGuard([&] {
            holder.rollback();
            waiter.join();
        });
        std::optional<QString> waiting;
        for (int tries = 0; tries < 100 && !waiting; ++tries) {
            QTest::qWait(50);
            waiting = admin.queryText(QStringLiteral(
                "SELECT trx_id FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'"));
        }
        QVERIFY(waiting);
        const std::optional<QString> holding = admin.queryText(
            QStringLiteral("SELECT trx_id FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = %1")
                .arg(holder.threadId()));
        QVERIFY(holding);
        // As MySQL 8 lists them: each transaction's table intention lock, then its record lock.
        const QString locks = QStringLiteral("INSERT INTO %1.data_locks VALUES "
                                             "('INNODB', '1:1063:1', %2, 48, 12, '%1', 'hot', NULL, NULL, "
                                             "NULL, 1, 'TABLE', 'IX', 'GRANTED', NULL), "
                                             "('INNODB', '1:2:4:2:1', %2, 48, 12, '%1', 'hot', NULL, NULL, "
                                             "'PRIMARY', 2, 'RECORD', 'X,REC_NOT_GAP', "
                                             "'GRANTED', '1'), "
                                             "('INNODB', '2:1063:1', %3, 49, 7, '%1', 'hot', NULL, NULL, "
                                             "NULL, 3, 'TABLE', 'IX', 'GRANTED', NULL), "
                                             "('INNODB', '2:2:4:2:1', %3, 49, 7, '%1', 'hot', NULL, NULL, "
                                             "'PRIMARY', 4, 'RECORD', 'X,REC_NOT_GAP', "
                                             "'WAITING', '1')");
        QVERIFY(admin.execute(locks.arg(fixture, *holding, *waiting)));
        QVERIFY(admin.execute(
            QStringLiteral("INSERT INTO %1.data_lock_waits VALUES ('INNODB', '2:2:4:2:1', %3, 49, "
                           "7, 4, '1:2:4:2:1', %2, 48, 12, 2)")
                .arg(fixture, *holding, *waiting)));

        QtSqlConnection control;
        QString error;
        QVERIFY2(control.open(ServerFixture::params(), false, &error), qPrintable(error));
        const LockSnapshot snapshot = LockInspector(control.database(), false, fixture).sample();
        QVERIFY2(snapshot.error.isEmpty(), qPrintable(snapshot.error));
        const QString table = QStringLiteral("`%1`.`hot`").arg(fixture);
        int seen = 0;
        for (const LockTransaction& trx : snapshot.transactions) {
            if (trx.trxId == *waiting) {
                QCOMPARE(trx.state, QStringLiteral("LOCK WAIT"));
                QCOMPARE(trx.lockMode, QStringLiteral("X,REC_NOT_GAP")); // the record lock, not IX
                QCOMPARE(trx.lockTable, table);
                QCOMPARE(trx.lockRow, QStringLiteral("1"));
                QCOMPARE(trx.blockedBy, QStringList { *holding });
                QVERIFY(trx.statement.contains(QLatin1String("FOR UPDATE")));
                ++seen;
            } else if (trx.trxId == *holding) {
                QCOMPARE(trx.lockRow, QStringLiteral("1"));
                QVERIFY(trx.blockedBy.isEmpty());
                ++seen;
            }
        }
        QCOMPARE(seen, 2);
        release.dismiss();
        holder.rollback();
        waiter.join();
        QVERIFY(admin.execute(QStringLiteral("DROP DATABASE %1").arg(fixture)));
    }

    // 400 clients queued on one row: reading the lock tables would hold InnoDB's lock system
    // while the server copies 80,000 waiter pairs, so the inspector only counts the waiters.
    void aCrowdOfWaitersIsCountedWithoutReadingTheLockTables()
    {
        Experiment e = ServerFixture::soldOutExperiment(1000000);
        e.stop = StopKind::Duration;
        e.durationMs = 3000;
        e.threads = 400;
        e.delayMs = 5;
        QList<LockSnapshot> snapshots;
        const StrategyResult r = runObserved(QStringLiteral("pessimistic"), e, &snapshots);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        int mostNotRead = 0;
        for (const LockSnapshot& snapshot : std::as_const(snapshots)) {
            QVERIFY(snapshot.error.isEmpty());
            if (snapshot.waitersNotRead > 0) {
                QVERIFY(snapshot.transactions.isEmpty());
                QVERIFY(snapshot.waitersNotRead > LockSnapshot::kMostWaitersRead);
            }
            mostNotRead = std::max(mostNotRead, snapshot.waitersNotRead);
        }
        QVERIFY2(mostNotRead > LockSnapshot::kMostWaitersRead, qPrintable(QString::number(mostNotRead)));
        // The samples count the waiters from InnoDB's own counter, as many as the inspector saw.
        long long mostWaiting = 0;
        for (const MetricsSample& sample : r.series)
            mostWaiting = std::max(mostWaiting, sample.waitingNow);
        QVERIFY2(mostWaiting > LockSnapshot::kMostWaitersRead, qPrintable(QString::number(mostWaiting)));
    }

    void accountWithoutProcessIsToldWhy()
    {
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        QVERIFY(admin.execute(
            QStringLiteral("CREATE USER IF NOT EXISTS 'noprocess'@'localhost' IDENTIFIED BY 'pw'")));
        QVERIFY(admin.execute(QStringLiteral("GRANT ALL ON lab_noprocess.* TO 'noprocess'@'localhost'")));
        Experiment e = ServerFixture::soldOutExperiment(3000);
        e.database = QStringLiteral("lab_noprocess");
        ConnectionParams params = ServerFixture::params(e.database);
        params.user = QStringLiteral("noprocess");
        params.password = QStringLiteral("pw");
        std::unique_ptr<Strategy> strategy = StrategyRegistry::create(QStringLiteral("conditional"));
        const std::atomic<bool> cancel { false };
        QList<LockSnapshot> snapshots;
        RunObserver observer;
        observer.locks = [&snapshots](const LockSnapshot& snapshot) { snapshots.append(snapshot); };
        const StrategyResult r = StrategyRun(e, params, *strategy, 1, cancel).execute(observer);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.sold, 3000LL); // the run itself is not affected
        QCOMPARE(r.inspectorError, LockInspector::missingPrivilegeMessage());
        QVERIFY(!snapshots.isEmpty());
        QCOMPARE(snapshots.first().error, LockInspector::missingPrivilegeMessage());
    }
};

QTEST_GUILESS_MAIN(TestLocks)
#include "tst_locks.moc"
