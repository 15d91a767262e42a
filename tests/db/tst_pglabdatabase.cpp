// The lab's own database on the private PostgreSQL: created when missing, its tables made and
// filled for every stock layout, a table the lab did not make refused, the connection limit
// read from the server, and a killed control connection revived on the lab's database.
#include "app/db/labdatabase.h"
#include "app/db/pgconnection.h"
#include "tests/support/postgresfixture.h"

#include <QSqlQuery>
#include <QTest>

namespace {

const QString kPgLabDatabase = QStringLiteral("lockbench_pg_lab");

qint64 singleValue(LabDatabase& database, const QString& sql)
{
    QSqlQuery query(database.connection().database());
    if (!query.exec(sql) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

} // namespace

class TestPgLabDatabase : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
        PgConnection admin;
        QVERIFY2(admin.open(PostgresFixture::params(QStringLiteral("postgres")), &error), qPrintable(error));
        QVERIFY(admin.exec(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(kPgLabDatabase)).ok);
    }

    void theDatabaseIsCreatedAndEachLayoutFilled_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("stockTable");
        QTest::addColumn<qint64>("stockRows");
        QTest::newRow("rows") << int(StockLayout::Rows) << QStringLiteral("inventory") << qint64(50);
        QTest::newRow("slots") << int(StockLayout::Slots) << QStringLiteral("inventory_slot")
                               << qint64(50 * 16);
        QTest::newRow("tasks") << int(StockLayout::Tasks) << QStringLiteral("tasks") << qint64(300);
    }
    void theDatabaseIsCreatedAndEachLayoutFilled()
    {
        QFETCH(int, layout);
        QFETCH(QString, stockTable);
        QFETCH(qint64, stockRows);
        LabDatabase database(PostgresFixture::params(kPgLabDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        Experiment experiment;
        experiment.skus = 50;
        experiment.slotsPerSku = 16;
        experiment.initialStock = 1001;
        experiment.tasks = 300;
        const auto stock = static_cast<StockLayout>(layout);
        QVERIFY2(database.prepareTables(stock, experiment, &error), qPrintable(error));
        QCOMPARE(singleValue(database, QStringLiteral("SELECT COUNT(*) FROM %1").arg(stockTable)), stockRows);
        QCOMPARE(singleValue(database, QStringLiteral("SELECT COUNT(*) FROM orders")), 0);
        // The audit's own query reads each SKU's whole stock back.
        const qint64 perSku = stock == StockLayout::Tasks ? 1 : experiment.initialStock;
        const qint64 skus = stock == StockLayout::Tasks ? experiment.tasks : experiment.skus;
        QCOMPARE(singleValue(database,
                     QStringLiteral("SELECT COUNT(*) FROM (%1) s WHERE s.stock = %2")
                         .arg(LabSchema::currentStockQuery(stock))
                         .arg(perSku)),
            skus);
    }

    void aTableTheLabDidNotMakeIsRefused()
    {
        LabDatabase database(PostgresFixture::params(kPgLabDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        QVERIFY(database.connection().exec(QStringLiteral("CREATE TABLE customers (id int)"), &error));
        LabDatabase again(PostgresFixture::params(kPgLabDatabase));
        QVERIFY(!again.open(&error));
        QVERIFY2(error.contains(QLatin1String("customers")), qPrintable(error));
        QVERIFY(database.connection().exec(QStringLiteral("DROP TABLE customers"), &error));
    }

    void theConnectionLimitIsTheServers()
    {
        LabDatabase database(PostgresFixture::params(kPgLabDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        const qint64 limit = singleValue(database,
            QStringLiteral("SELECT setting::bigint FROM pg_settings WHERE name = 'max_connections'"));
        QVERIFY(limit > 100);
        QVERIFY2(database.checkConnectionLimit(100, 1, &error), qPrintable(error));
        QVERIFY(!database.checkConnectionLimit(limit + 1, 1, &error));
        QVERIFY2(error.contains(QString::number(limit)), qPrintable(error));
    }

    void aKilledControlConnectionIsRevivedOnTheLabsDatabase()
    {
        LabDatabase database(PostgresFixture::params(kPgLabDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        const qint64 pid = singleValue(database, QStringLiteral("SELECT pg_backend_pid()"));
        PgConnection killer;
        QVERIFY2(killer.open(PostgresFixture::params(kPgLabDatabase), &error), qPrintable(error));
        QVERIFY(killer.exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid)).ok);
        QVERIFY2(database.revive(&error), qPrintable(error));
        QVERIFY(singleValue(database, QStringLiteral("SELECT pg_backend_pid()")) != pid);
        QCOMPARE(database.connection().database().databaseName(), kPgLabDatabase);
        QCOMPARE(singleValue(database,
                     QStringLiteral("SELECT COUNT(*) FROM lockbench_meta WHERE table_name = 'sku'")),
            1);
    }
};

QTEST_GUILESS_MAIN(TestPgLabDatabase)
#include "tst_pglabdatabase.moc"
