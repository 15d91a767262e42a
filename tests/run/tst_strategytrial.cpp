// "Check on server" for every strategy the lab ships as a file, on MariaDB and on PostgreSQL:
// the file's statements prepared, one order tried, its effects counted inside its transaction,
// and nothing of it kept (an independent count of the orders table afterwards).
#include "app/db/labdatabase.h"
#include "app/run/strategytrial.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/postgresfixture.h"
#include "tests/support/serverfixture.h"

#include <QSqlQuery>
#include <QTest>

namespace {

const QString kTrialDatabase = QStringLiteral("lockbench_trial");

ConnectionParams paramsOf(const QString& engine)
{
    return engine == QLatin1String("postgres") ? PostgresFixture::params(kTrialDatabase)
                                               : ServerFixture::params(kTrialDatabase);
}

} // namespace

class TestStrategyTrial : public QObject {
    Q_OBJECT
    HangWatchdog m_watchdog;

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(ServerFixture::ensureStarted(&error), qPrintable(error));
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
    }

    void everyShippedFileChecksTrueAndKeepsNothing_data()
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QString>("strategy");
        for (const QString& engine : { QStringLiteral("mysql"), QStringLiteral("postgres") })
            for (const QString& id : StrategyRegistry::ids())
                if (!StrategyRegistry::fileTextOf(id).isEmpty())
                    QTest::newRow(qPrintable(engine + QLatin1Char(' ') + id)) << engine << id;
    }
    void everyShippedFileChecksTrueAndKeepsNothing()
    {
        QFETCH(QString, engine);
        QFETCH(QString, strategy);
        Experiment experiment;
        experiment.initialStock = 10;
        const StrategyTrial::Report report
            = StrategyTrial::run(StrategyRegistry::fileTextOf(strategy), experiment, paramsOf(engine));
        const int lines = StrategyRegistry::create(strategy)->linesPerOrder();
        QVERIFY2(report.ok, qPrintable(report.text));
        QVERIFY2(
            report.text.contains(QStringLiteral("Stock taken: %1 ").arg(lines)), qPrintable(report.text));
        QVERIFY2(report.text.contains(QStringLiteral("Order rows written: %1 ").arg(lines)),
            qPrintable(report.text));
        LabDatabase database(paramsOf(engine));
        QString error;
        QVERIFY2(database.open(&error), qPrintable(error));
        QSqlQuery count(database.connection().database());
        QVERIFY(count.exec(QStringLiteral("SELECT COUNT(*) FROM orders")) && count.next());
        // Nothing kept, or the rows a routine's own COMMIT kept, said as they are.
        const int kept = count.value(0).toInt();
        if (kept == 0)
            QVERIFY2(report.text.contains(QLatin1String("nothing of this order was kept")),
                qPrintable(report.text));
        else
            QVERIFY2(report.text.contains(QStringLiteral("but %1 order row(s) stayed").arg(kept)),
                qPrintable(report.text));
    }

    // A file for the other engine's dialect is refused with the server's word and the file's line.
    void aStatementTheServerRefusesIsNamedWithItsLine()
    {
        QString text = StrategyRegistry::fileTextOf(QStringLiteral("conditional"));
        text.replace(QStringLiteral("WHERE sku_id"), QStringLiteral("WHERE skuid"));
        for (const QString& engine : { QStringLiteral("mysql"), QStringLiteral("postgres") }) {
            const StrategyTrial::Report report = StrategyTrial::run(text, Experiment {}, paramsOf(engine));
            QVERIFY(!report.ok);
            QVERIFY2(report.text.contains(QLatin1String("conditional, line "))
                    && report.text.contains(QLatin1String("skuid")),
                qPrintable(report.text));
        }
    }

    // PostgreSQL infers a variable's type from where it stands, and two variables side by side
    // (:stock - :qty) have none: the file is told how to give one, and the \set it suggests runs.
    void anUntypedVariableOnPostgresIsToldHowToTypeIt()
    {
        const QString head
            = QStringLiteral("\\strategy read-then-write\n\\title Read, then write\n"
                             "BEGIN;\nSELECT stock FROM inventory WHERE sku_id = :sku \\gset\n");
        const QString tail
            = QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, "
                             ":sku, :qty);\nCOMMIT;\n\\sold\n");
        const QString untyped = head
            + QStringLiteral("UPDATE inventory SET stock = :stock - :qty WHERE sku_id = :sku;\n") + tail;
        const StrategyTrial::Report refused
            = StrategyTrial::run(untyped, Experiment {}, paramsOf(QStringLiteral("postgres")));
        QVERIFY(!refused.ok);
        QVERIFY2(refused.text.contains(QLatin1String("read-then-write, line 5"))
                && refused.text.contains(QLatin1String(":stock::bigint"))
                && refused.text.contains(QLatin1String("\\set")),
            qPrintable(refused.text));
        const QString typed = head
            + QStringLiteral(
                "\\set left :stock - :qty\nUPDATE inventory SET stock = :left WHERE sku_id = :sku;\n")
            + tail;
        for (const QString& engine : { QStringLiteral("mysql"), QStringLiteral("postgres") }) {
            const StrategyTrial::Report report = StrategyTrial::run(typed, Experiment {}, paramsOf(engine));
            QVERIFY2(report.ok, qPrintable(engine + QLatin1String(": ") + report.text));
        }
    }
};

QTEST_GUILESS_MAIN(TestStrategyTrial)
#include "tst_strategytrial.moc"
