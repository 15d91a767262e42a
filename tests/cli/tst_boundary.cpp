// The lab touches nothing outside its own database: with an account that could change
// anything, every strategy runs through the real CLI beside a canary database whose tables
// have the lab's own names, and afterwards the canary's checksums, the schemas and tables
// outside the lab's database, the accounts and every global variable are what they were.
#include "app/db/qtsqlconnection.h"
#include "app/server/embeddedserver.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"
#include "tests/support/serverfixture.h"

#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTest>

namespace {

const QString kLabDatabase = QStringLiteral("boundary_lab");
const QString kBoundaryPassword = QStringLiteral("Boundary-4d1e");

// What the server holds outside the lab's database, one line per fact, for one QCOMPARE.
struct Outside {
    QStringList tables; // schema.table type engine, every schema but the lab's
    QStringList checksums; // the canary's tables and the privilege tables
    QMap<QString, QString> globals;
};

} // namespace

class TestBoundary : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private:
    QtSqlConnection m_admin;

    QStringList rows(const QString& sql)
    {
        QSqlQuery query(m_admin.database());
        if (!query.exec(sql)) {
            qWarning("%s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
            return { QStringLiteral("error") };
        }
        QStringList result;
        while (query.next()) {
            QStringList fields;
            for (int i = 0; i < query.record().count(); ++i)
                fields << query.value(i).toString();
            result << fields.join(QLatin1Char('\t'));
        }
        return result;
    }

    Outside outside()
    {
        Outside now;
        now.tables = rows(QStringLiteral(
            "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, IFNULL(ENGINE, '') FROM information_schema.TABLES "
            "WHERE TABLE_SCHEMA NOT IN ('%1', 'information_schema', 'performance_schema') "
            "ORDER BY TABLE_SCHEMA, TABLE_NAME")
                              .arg(kLabDatabase));
        now.tables << rows(QStringLiteral(
            "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME <> '%1' ORDER BY 1")
                               .arg(kLabDatabase));
        now.checksums = rows(QStringLiteral(
            "CHECKSUM TABLE canary.sku, canary.orders, canary.inventory, canary.inventory_slot, "
            "canary.lockbench_meta, canary.notes, mysql.global_priv, mysql.db, mysql.tables_priv"));
        for (const QString& row : rows(QStringLiteral("SHOW GLOBAL VARIABLES")))
            now.globals.insert(row.section(QLatin1Char('\t'), 0, 0), row.section(QLatin1Char('\t'), 1));
        return now;
    }

    void compare(const Outside& before, const Outside& after)
    {
        QCOMPARE(after.tables, before.tables);
        QCOMPARE(after.checksums, before.checksums);
        QStringList changed;
        for (auto it = before.globals.begin(); it != before.globals.end(); ++it) {
            if (after.globals.value(it.key()) != it.value())
                changed << QStringLiteral("%1: %2 -> %3")
                               .arg(it.key(), it.value(), after.globals.value(it.key()));
        }
        QVERIFY2(changed.isEmpty(), qPrintable(changed.join(QLatin1Char('\n'))));
        QCOMPARE(after.globals.size(), before.globals.size());
    }

    QString labUrl() const
    {
        return QStringLiteral("mysql://boundary:%1@127.0.0.1:%2/%3")
            .arg(kBoundaryPassword)
            .arg(ServerFixture::server().port())
            .arg(kLabDatabase);
    }

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_SERVER();
        QString error;
        QVERIFY2(m_admin.open(ServerFixture::params(), false, &error), qPrintable(error));
        // An account that could change anything on the server: only the lab's discipline
        // keeps it inside boundary_lab.
        QVERIFY2(m_admin.exec(QStringLiteral("CREATE USER IF NOT EXISTS 'boundary'@'127.0.0.1'"), &error),
            qPrintable(error));
        QVERIFY2(
            m_admin.exec(
                QStringLiteral("ALTER USER 'boundary'@'127.0.0.1' IDENTIFIED BY '%1'").arg(kBoundaryPassword),
                &error),
            qPrintable(error));
        QVERIFY2(m_admin.exec(QStringLiteral("GRANT ALL ON *.* TO 'boundary'@'127.0.0.1'"), &error),
            qPrintable(error));
        // The canary has the lab's table names and shapes, so that a statement that went to
        // the wrong database would succeed there and show.
        for (const QString& sql : {
                 QStringLiteral("DROP DATABASE IF EXISTS canary"),
                 QStringLiteral("CREATE DATABASE canary"),
                 QStringLiteral(
                     "CREATE TABLE canary.sku (sku_id BIGINT PRIMARY KEY, initial_stock BIGINT NOT NULL)"),
                 QStringLiteral("CREATE TABLE canary.orders (request_id BIGINT PRIMARY KEY, sku_id BIGINT "
                                "NOT NULL, qty INT NOT NULL, "
                                "created_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6))"),
                 QStringLiteral("CREATE TABLE canary.inventory (sku_id BIGINT PRIMARY KEY, stock BIGINT NOT "
                                "NULL, version BIGINT NOT NULL)"),
                 QStringLiteral(
                     "CREATE TABLE canary.inventory_slot (id BIGINT AUTO_INCREMENT PRIMARY KEY, sku_id "
                     "BIGINT NOT NULL, "
                     "slot INT NOT NULL, stock BIGINT NOT NULL, UNIQUE KEY sku_slot (sku_id, slot))"),
                 QStringLiteral("CREATE TABLE canary.lockbench_meta (table_name VARCHAR(64) PRIMARY KEY, "
                                "created_at TIMESTAMP NOT NULL "
                                "DEFAULT CURRENT_TIMESTAMP)"),
                 QStringLiteral("CREATE TABLE canary.notes (id INT PRIMARY KEY, body VARCHAR(100))"),
                 QStringLiteral("INSERT INTO canary.sku VALUES (1, 777), (2, 777)"),
                 QStringLiteral("INSERT INTO canary.inventory VALUES (1, 777, 5), (2, 777, 5)"),
                 QStringLiteral("INSERT INTO canary.inventory_slot (sku_id, slot, stock) VALUES (1, 0, 388), "
                                "(1, 1, 389), (2, 0, 777)"),
                 QStringLiteral("INSERT INTO canary.orders (request_id, sku_id, qty, created_at) VALUES (1, "
                                "1, 3, '2024-01-01 00:00:00')"),
                 QStringLiteral(
                     "INSERT INTO canary.lockbench_meta VALUES ('inventory', '2024-01-01 00:00:00')"),
                 QStringLiteral("INSERT INTO canary.notes VALUES (1, 'the lab must leave this alone')"),
             })
            QVERIFY2(m_admin.exec(sql, &error), qPrintable(error));
    }

    void everyStrategyThroughTheCliLeavesTheRestAlone()
    {
        const Outside before = outside();
        QVERIFY(!before.globals.isEmpty());
        // Every strategy, sold out, with the one knob a server by URL may change set (and so
        // restored); then the two-SKU deadlock demonstrations, which sell two SKUs an order,
        // and the claim workload.
        const QStringList common { QStringLiteral("run"), QStringLiteral("--server"), labUrl(),
            QStringLiteral("--threads"), QStringLiteral("8"), QStringLiteral("--deadlock-detect"),
            QStringLiteral("on"), QStringLiteral("--time-limit"), QStringLiteral("60s"),
            QStringLiteral("--quiet") };
        const QStringList twoSkus { QStringLiteral("--skus"),
            QStringLiteral("2") }; // no SKUs in the claim workload
        const LockbenchProcess all = LockbenchProcess::run(common + twoSkus
                + QStringList { QStringLiteral("--strategy"), QStringLiteral("all"),
                    QStringLiteral("--stock"), QStringLiteral("150"), QStringLiteral("--stop"),
                    QStringLiteral("sold-out") },
            300000);
        QVERIFY2(all.exitCode == 0, qPrintable(all.all()));
        const LockbenchProcess deadlocks = LockbenchProcess::run(common + twoSkus
                + QStringList { QStringLiteral("--strategy"), QStringLiteral("deadlocks"),
                    QStringLiteral("--stock"), QStringLiteral("100000"), QStringLiteral("--stop"),
                    QStringLiteral("orders"), QStringLiteral("--orders"), QStringLiteral("200") },
            300000);
        QVERIFY2(deadlocks.exitCode == 0, qPrintable(deadlocks.all()));
        // The claim workload's strategies, killing the lab's own workers as they go.
        const LockbenchProcess claims = LockbenchProcess::run(common
                + QStringList { QStringLiteral("--workload"), QStringLiteral("claim"),
                    QStringLiteral("--strategy"), QStringLiteral("all"), QStringLiteral("--tasks"),
                    QStringLiteral("300"), QStringLiteral("--stop"), QStringLiteral("sold-out"),
                    QStringLiteral("--kill-workers-every"), QStringLiteral("200ms") },
            300000);
        QVERIFY2(claims.exitCode == 0, qPrintable(claims.all()));
        for (const QString& id : StrategyRegistry::ids())
            QVERIFY2(all.out.contains(id) || deadlocks.out.contains(id) || claims.out.contains(id),
                qPrintable(id));
        compare(before, outside());
        // The lab worked in its own database, where it records the tables it made.
        QVERIFY(
            !rows(QStringLiteral("SELECT table_name FROM %1.lockbench_meta").arg(kLabDatabase)).isEmpty());
    }

    void changedKnobIsRestoredAfterTheRun()
    {
        const Outside before = outside();
        const LockbenchProcess run
            = LockbenchProcess::run({ QStringLiteral("run"), QStringLiteral("--server"), labUrl(),
                QStringLiteral("--strategy"), QStringLiteral("pessimistic,conditional"),
                QStringLiteral("--skus"), QStringLiteral("1"), QStringLiteral("--stock"),
                QStringLiteral("100"), QStringLiteral("--threads"), QStringLiteral("4"),
                QStringLiteral("--stop"), QStringLiteral("sold-out"), QStringLiteral("--deadlock-detect"),
                QStringLiteral("off"), QStringLiteral("--lock-wait-timeout"), QStringLiteral("7") });
        QVERIFY2(run.exitCode == 0, qPrintable(run.all()));
        QVERIFY2(run.out.contains(QLatin1String("innodb_deadlock_detect=OFF")),
            qPrintable(run.out)); // it did change it
        compare(before, outside());
    }

    void embeddedOnlyKnobsAreRestoredToo()
    {
        // flush-log and buffer-pool-mb are set only on the lab's own server: run the engine
        // on it directly, as the window does.
        const Outside before = outside();
        Experiment e = ServerFixture::soldOutExperiment(200);
        e.threads = 4;
        e.database = kLabDatabase;
        e.flushLogAtCommit
            = before.globals.value(QStringLiteral("innodb_flush_log_at_trx_commit")) == QLatin1String("2")
            ? 0
            : 2;
        e.bufferPoolMb = before.globals.value(QStringLiteral("innodb_buffer_pool_size")).toLongLong()
                == 128LL * 1024 * 1024
            ? 256
            : 128;
        const StrategyResult result = ServerFixture::runStrategy(QStringLiteral("conditional"), e);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.knobs.value(QStringLiteral("innodb_flush_log_at_trx_commit")),
            QString::number(e.flushLogAtCommit));
        // MariaDB resizes the buffer pool in the background; the variable follows at once.
        QTRY_VERIFY_WITH_TIMEOUT(rows(QStringLiteral("SELECT @@GLOBAL.innodb_buffer_pool_size"))
                == QStringList { before.globals.value(QStringLiteral("innodb_buffer_pool_size")) },
            30000);
        compare(before, outside());
    }

    void cleanupTestCase()
    {
        QString error;
        m_admin.exec(QStringLiteral("DROP DATABASE IF EXISTS canary"), &error);
    }
};

QTEST_GUILESS_MAIN(TestBoundary)
#include "tst_boundary.moc"
