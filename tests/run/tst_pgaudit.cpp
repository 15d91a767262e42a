// The oversell audit on the private PostgreSQL: in one snapshot it finds each kind of damage an
// order path can do (an order with no stock taken, stock taken with no order, more sold than
// there was, a negative stock) in the amounts put there by hand, and nothing in honest sales.
#include "app/audit/auditor.h"
#include "app/db/labdatabase.h"
#include "tests/support/postgresfixture.h"

#include <QTest>

class TestPgAudit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
    }

    void eachKindOfDamageIsFoundInItsAmount_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("take"); // takes %2 units of SKU %1's stock
        QTest::newRow("rows") << int(StockLayout::Rows)
                              << QStringLiteral("UPDATE inventory SET stock = stock - %2 WHERE sku_id = %1");
        QTest::newRow("slots")
            << int(StockLayout::Slots)
            << QStringLiteral("UPDATE inventory_slot SET stock = stock - %2 WHERE sku_id = %1 AND slot = 3");
    }
    void eachKindOfDamageIsFoundInItsAmount()
    {
        QFETCH(int, layout);
        QFETCH(QString, take);
        const auto stock = static_cast<StockLayout>(layout);
        LabDatabase database(PostgresFixture::params(QStringLiteral("lockbench_pg_audit")));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        Experiment experiment;
        experiment.skus = 10;
        experiment.slotsPerSku = 4;
        experiment.initialStock = 100;
        QVERIFY2(database.prepareTables(stock, experiment, &error), qPrintable(error));
        QtSqlConnection& sql = database.connection();
        const auto order = [&](int request, int sku, int qty) {
            return sql.exec(QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (%1, %2, %3)")
                                .arg(request)
                                .arg(sku)
                                .arg(qty),
                &error);
        };

        QVERIFY(sql.exec(take.arg(1).arg(5), &error) && order(1, 1, 5)); // an honest sale
        AuditResult audit = Auditor(sql.database(), stock).run(&error);
        QVERIFY2(audit.valid, qPrintable(error));
        QCOMPARE(audit.skus, 10);
        QCOMPARE(audit.initialStock, 1000);
        QCOMPARE(audit.sold, 5);
        QCOMPARE(audit.remaining, 995);
        QCOMPARE(audit.oversold + audit.lostUpdates + audit.unrecordedDecrements + audit.negativeSkus, 0);

        QVERIFY(order(2, 2, 3)); // an order whose stock was never taken: a lost update
        QVERIFY(sql.exec(take.arg(3).arg(4), &error)); // stock taken with no order row
        QVERIFY(sql.exec(take.arg(4).arg(20), &error) && order(3, 4, 120)); // 120 sold of 100
        QVERIFY(sql.exec(take.arg(5).arg(101), &error)); // below zero
        audit = Auditor(sql.database(), stock).run(&error);
        QVERIFY2(audit.valid, qPrintable(error));
        QCOMPARE(audit.sold, 5 + 3 + 120);
        QCOMPARE(audit.orderRows, 3);
        QCOMPARE(audit.oversold, 20);
        QCOMPARE(audit.lostUpdates, 3 + 100); // SKU 4: 120 sold, 20 taken
        QCOMPARE(audit.unrecordedDecrements, 4 + 101);
        QCOMPARE(audit.negativeSkus, 1);
    }
};

QTEST_GUILESS_MAIN(TestPgAudit)
#include "tst_pgaudit.moc"
