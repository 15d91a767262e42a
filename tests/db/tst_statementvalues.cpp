// A prepared statement binds and reads every kind of value, on MariaDB and on PostgreSQL: text
// (a string, a date), doubles, decimals, NULL and whole numbers; each column comes back as its
// type reads (a SUM a whole number, a DECIMAL(8,2) a double); a text longer than its first
// buffer comes back whole, and a shorter one after it is not padded with the longer's end.
#include "app/db/databaseconnection.h"
#include "app/db/preparedstatement.h"
#include "tests/support/postgresfixture.h"
#include "tests/support/serverfixture.h"

#include <QTest>

namespace {

const char* const kTable
    = "CREATE TABLE labelled (id INT PRIMARY KEY, label VARCHAR(2000), price DECIMAL(8,2), "
      "ratio DOUBLE PRECISION, sold_on DATE, n BIGINT)";

} // namespace

class TestStatementValues : public QObject {
    Q_OBJECT

private slots:
    void everyKindOfValueGoesAndComesBack_data()
    {
        QTest::addColumn<bool>("postgres");
        QTest::newRow("MariaDB") << false;
        QTest::newRow("PostgreSQL") << true;
    }
    void everyKindOfValueGoesAndComesBack()
    {
        QFETCH(bool, postgres);
        QString error;
        QVERIFY2(postgres ? PostgresFixture::ensureStarted(&error) : ServerFixture::ensureStarted(&error),
            qPrintable(error));
        const ConnectionParams params = postgres ? PostgresFixture::params()
                                                 : ServerFixture::params(QStringLiteral("lockbench_values"));
        if (!postgres) {
            DatabaseConnection admin;
            QVERIFY2(admin.open(params, false), qPrintable(admin.lastError().toString()));
            QVERIFY(admin.execute(QStringLiteral("CREATE DATABASE IF NOT EXISTS lockbench_values")));
        }
        DatabaseConnection connection;
        QVERIFY2(connection.open(params), qPrintable(connection.lastError().toString()));
        QVERIFY(connection.execute(QStringLiteral("DROP TABLE IF EXISTS labelled")));
        QVERIFY2(connection.execute(QLatin1String(kTable)), qPrintable(connection.lastError().toString()));

        PreparedStatement insert;
        QVERIFY2(insert.prepare(connection, QStringLiteral("INSERT INTO labelled VALUES (?, ?, ?, ?, ?, ?)")),
            qPrintable(insert.lastError().toString()));
        const QByteArray longLabel = QByteArray("sku-7-") + QByteArray(1500, 'x') + "-end";
        const std::vector<SqlValue> first { SqlValue(std::int64_t { 1 }), SqlValue(longLabel),
            SqlValue(QByteArray("12.35")), SqlValue(0.25), SqlValue(QByteArray("2026-11-29")),
            SqlValue(std::int64_t { 9'000'000'000 }) };
        QVERIFY2(insert.execute(first), qPrintable(insert.lastError().toString()));
        // The same statement again with other kinds in the same places: a number where text was.
        const std::vector<SqlValue> second { SqlValue(std::int64_t { 2 }), SqlValue(QByteArray("short")),
            SqlValue(2.5), SqlValue(), SqlValue(), SqlValue(QByteArray("40")) };
        QVERIFY2(insert.execute(second), qPrintable(insert.lastError().toString()));

        // Independently: what the server holds.
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT LENGTH(label) FROM labelled WHERE id = 1")),
            std::optional<std::int64_t>(longLabel.size()));
        QCOMPARE(connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM labelled WHERE price = 12.35 AND "
                                                    "ratio = 0.25 AND n = 9000000000")),
            std::optional<std::int64_t>(1));
        QCOMPARE(
            connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM labelled WHERE id = 2 AND price = 2.50 "
                                               "AND ratio IS NULL AND sold_on IS NULL AND n = 40")),
            std::optional<std::int64_t>(1));

        PreparedStatement read;
        QVERIFY2(read.prepare(connection,
                     QStringLiteral(
                         "SELECT id, label, price, ratio, sold_on, n, price * 2 AS doubled FROM labelled "
                         "WHERE id >= ? ORDER BY id")),
            qPrintable(read.lastError().toString()));
        QVERIFY2(read.execute({ std::int64_t { 1 } }), qPrintable(read.lastError().toString()));
        std::vector<SqlValue> row;
        QVERIFY2(read.fetch(row), qPrintable(read.lastError().toString()));
        QCOMPARE(row.size(), 7U);
        QCOMPARE(row[0], SqlValue(std::int64_t { 1 }));
        QCOMPARE(row[1].toText(), longLabel);
        QCOMPARE(row[2], SqlValue(12.35));
        QCOMPARE(row[3], SqlValue(0.25));
        QCOMPARE(row[4], SqlValue(QByteArray("2026-11-29")));
        QCOMPARE(row[5], SqlValue(std::int64_t { 9'000'000'000 }));
        QCOMPARE(row[6], SqlValue(24.7));
        QVERIFY(read.fetch(row));
        QCOMPARE(row[1], SqlValue(QByteArray("short")));
        QCOMPARE(row[2], SqlValue(2.5));
        QVERIFY(row[3].isNull());
        QVERIFY(row[4].isNull());
        QCOMPARE(row[5], SqlValue(std::int64_t { 40 }));
        QVERIFY(!read.fetch(row));

        // A SUM is a whole number on both (a DECIMAL on MariaDB, a numeric on PostgreSQL).
        PreparedStatement total;
        QVERIFY(total.prepare(connection, QStringLiteral("SELECT SUM(n) AS total FROM labelled")));
        QVERIFY(total.execute(std::span<const SqlValue>()));
        QVERIFY(total.fetch(row));
        QCOMPARE(row[0], SqlValue(std::int64_t { 9'000'000'040 }));
        QVERIFY(connection.execute(QStringLiteral("DROP TABLE labelled")));
    }
};

QTEST_GUILESS_MAIN(TestStatementValues)
#include "tst_statementvalues.moc"
