// Filling the lab's tables on the real server reports its progress: row counts that grow with
// every report and end on the total, which is what the tables then hold.
#include "app/db/databaseconnection.h"
#include "app/db/labdatabase.h"
#include "tests/support/serverfixture.h"

#include <QLocale>
#include <QSqlQuery>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

using namespace std::chrono_literals;

namespace {

const QString kDatabase = QStringLiteral("lockbench_fill");

std::int64_t count(LabDatabase& database, const QString& table)
{
    QSqlQuery query(database.connection().database());
    if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM `%1`").arg(table)) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

} // namespace

class TestLabDatabase : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void fillingReportsItsProgress_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<qint64>("skus");
        QTest::addColumn<int>("slotsPerSku");
        QTest::addColumn<QString>("stockTable");
        QTest::newRow("rows") << static_cast<int>(StockLayout::Rows) << qint64(100'000) << 16
                              << QStringLiteral("inventory");
        QTest::newRow("slots") << static_cast<int>(StockLayout::Slots) << qint64(5'000) << 16
                               << QStringLiteral("inventory_slot");
    }
    void fillingReportsItsProgress()
    {
        QFETCH(int, layout);
        QFETCH(qint64, skus);
        QFETCH(int, slotsPerSku);
        QFETCH(QString, stockTable);
        Experiment experiment;
        experiment.skus = skus;
        experiment.slotsPerSku = slotsPerSku;
        experiment.initialStock = 1000;
        const auto stock = static_cast<StockLayout>(layout);
        const std::int64_t total = LabDatabase::rowsToFill(stock, experiment);

        LabDatabase database(ServerFixture::params(kDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        // No interval: every statement reports, so the test does not depend on the machine's speed.
        QList<std::int64_t> done;
        QList<std::int64_t> totals;
        QStringList lines;
        FillProgress progress(
            [&](const FillProgress& p) {
                done << p.done();
                totals << p.total();
                lines << p.describe();
            },
            0ms);
        QVERIFY2(database.prepareTables(stock, experiment, &error, &progress), qPrintable(error));

        QVERIFY2(done.size() > 10, qPrintable(QString::number(done.size())));
        for (qsizetype i = 1; i < done.size(); ++i)
            QVERIFY2(done[i] > done[i - 1], qPrintable(lines.join(QLatin1Char('\n'))));
        QCOMPARE(done.last(), total);
        QVERIFY(std::all_of(totals.begin(), totals.end(), [&](std::int64_t t) { return t == total; }));
        QVERIFY2(lines.last().startsWith(
                     QStringLiteral("filling tables: %1 of %1 rows in ")
                         .arg(QLocale(QLocale::English).toString(static_cast<qlonglong>(total)))),
            qPrintable(lines.last()));
        QCOMPARE(count(database, QStringLiteral("sku")) + count(database, stockTable), total);
    }

    void aStopEndsTheFillAfterTheStatementUnderWay()
    {
        // A person stops a big set-up (Ctrl-C, or Stop in the window) after three statements:
        // the fill ends there, says how far it came, and puts no more rows in.
        Experiment experiment;
        experiment.skus = 200'000;
        experiment.initialStock = 1000;
        LabDatabase database(ServerFixture::params(kDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        int reports = 0;
        FillProgress progress([&](const FillProgress&) { ++reports; }, 0ms);
        progress.setStopRequested([&] { return reports >= 3; });
        QVERIFY(!database.prepareTables(StockLayout::Rows, experiment, &error, &progress));
        qInfo("%s", qPrintable(error));
        QVERIFY2(error.startsWith(QStringLiteral("stopped while filling the tables")), qPrintable(error));
        QCOMPARE(reports, 3);
        QVERIFY(progress.done() < LabDatabase::rowsToFill(StockLayout::Rows, experiment));
        QCOMPARE(count(database, QStringLiteral("sku")) + count(database, QStringLiteral("inventory")),
            progress.done());
    }

    // The procedure strategy's routine is the lab's like its tables: registered, re-created
    // on each run, and one of the same name the lab did not create is refused, untouched.
    void aRoutineIsTheLabsOrLeftAlone()
    {
        Experiment experiment;
        experiment.skus = 2;
        LabDatabase database(ServerFixture::params(kDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        QVERIFY2(database.prepareTables(StockLayout::Rows, experiment, &error), qPrintable(error));
        const LabRoutine mine { QStringLiteral("lab_test_routine"),
            QStringLiteral("CREATE PROCEDURE lab_test_routine() SELECT 41") };
        QVERIFY2(database.prepareRoutines({ mine }, &error), qPrintable(error));
        QVERIFY2(
            database.prepareRoutines({ mine }, &error), qPrintable(error)); // again: dropped and made anew
        QCOMPARE(count(database, QStringLiteral("lockbench_meta")) > 0, true);
        QSqlQuery query(database.connection().database());
        QVERIFY(query.exec(QStringLiteral(
                    "SELECT COUNT(*) FROM lockbench_meta WHERE table_name = 'routine lab_test_routine'"))
            && query.next());
        QCOMPARE(query.value(0).toInt(), 1);

        // Someone else's routine of the name a strategy wants.
        QVERIFY(query.exec(QStringLiteral("CREATE PROCEDURE lab_foreign() SELECT 42")));
        const LabRoutine theirs { QStringLiteral("lab_foreign"),
            QStringLiteral("CREATE PROCEDURE lab_foreign() SELECT 43") };
        QVERIFY(!database.prepareRoutines({ theirs }, &error));
        QVERIFY2(error.contains(QLatin1String("routine lab_foreign that lockbench did not create")),
            qPrintable(error));
        QVERIFY(query.exec(QStringLiteral("SELECT ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE "
                                          "ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = 'lab_foreign'"))
            && query.next());
        QVERIFY2(query.value(0).toString().contains(QLatin1String("42")),
            qPrintable(query.value(0).toString())); // untouched
        QVERIFY(query.exec(QStringLiteral("DROP PROCEDURE lab_foreign")));
        QVERIFY(query.exec(QStringLiteral("DROP PROCEDURE lab_test_routine")));
        QVERIFY(query.exec(
            QStringLiteral("DELETE FROM lockbench_meta WHERE table_name = 'routine lab_test_routine'")));
    }

    // A strategy file's own table is made empty before its run and recorded as the lab's; the
    // next run drops it before the lab's tables, even when it refers to them; one named as a lab
    // table is refused, and an invariant the server cannot prepare is named with its reason.
    void aFilesOwnTableIsTheLabsUntilTheNextRun()
    {
        Experiment experiment;
        experiment.skus = 2;
        LabDatabase database(ServerFixture::params(kDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        QVERIFY2(database.prepareTables(StockLayout::Rows, experiment, &error), qPrintable(error));
        const LabTable holds { QStringLiteral("holds"),
            QStringLiteral(
                "CREATE TABLE holds (request_id BIGINT NOT NULL PRIMARY KEY, FOREIGN KEY (request_id) "
                "REFERENCES orders (request_id))") };
        QVERIFY2(database.prepareOwnTables({ holds }, &error), qPrintable(error));
        QSqlQuery query(database.connection().database());
        QVERIFY(query.exec(QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (7, 1, 1)")));
        QVERIFY(query.exec(QStringLiteral("INSERT INTO holds (request_id) VALUES (7)")));
        QVERIFY2(database.prepareOwnTables({ holds }, &error), qPrintable(error)); // again: made empty
        QCOMPARE(count(database, QStringLiteral("holds")), 0);
        QVERIFY(query.exec(QStringLiteral("SELECT COUNT(*) FROM lockbench_meta WHERE table_name = 'holds'"))
            && query.next());
        QCOMPARE(query.value(0).toInt(), 1);

        QVERIFY2(database.prepareTables(StockLayout::Rows, experiment, &error), qPrintable(error));
        QCOMPARE(count(database, QStringLiteral("holds")), -1); // gone, and the lab's tables made again
        QCOMPARE(count(database, QStringLiteral("sku")), 2);

        const LabTable named { QStringLiteral("orders"), QStringLiteral("CREATE TABLE orders (a INT)") };
        QVERIFY(!database.prepareOwnTables({ named }, &error));
        QVERIFY2(error.contains(QLatin1String("the name of one of the lab's own tables")), qPrintable(error));
        const LabInvariant misspelt { QStringLiteral("no-hold"),
            QStringLiteral("SELECT request_idd FROM orders") };
        QVERIFY(!database.checkInvariants({ misspelt }, &error));
        QVERIFY2(error.contains(QLatin1String("the invariant no-hold cannot run"))
                && error.contains(QLatin1String("request_idd")),
            qPrintable(error));
    }

    void connectionsHeldByOthersCountAgainstTheLimit()
    {
        // Ten other clients hold connections: an experiment that fits max_connections but not
        // what is left of it is refused up front, naming both, rather than failing on connect.
        std::vector<std::unique_ptr<DatabaseConnection>> others;
        for (int i = 0; i < 10; ++i) {
            others.push_back(std::make_unique<DatabaseConnection>());
            QVERIFY(others.back()->open(ServerFixture::params(), false));
        }
        LabDatabase database(ServerFixture::params(kDatabase));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        QSqlQuery query(database.connection().database());
        QVERIFY(query.exec(QStringLiteral("SELECT @@max_connections")) && query.next());
        const long long limit = query.value(0).toLongLong();
        QVERIFY(query.exec(QStringLiteral("SHOW GLOBAL STATUS LIKE 'Threads_connected'")) && query.next());
        const long long held = query.value(1).toLongLong() - 1; // all but this control connection
        QVERIFY(held >= 10);
        QVERIFY2(database.checkConnectionLimit(limit - held, 1, &error), qPrintable(error));
        QVERIFY(!database.checkConnectionLimit(limit - held + 1, 1, &error));
        qInfo("%s", qPrintable(error));
        QVERIFY2(
            error.contains(QStringLiteral("other clients hold %1 of them").arg(held)), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestLabDatabase)
#include "tst_labdatabase.moc"
