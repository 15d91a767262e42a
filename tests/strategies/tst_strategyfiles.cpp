// Strategy files run through the lab's own run: a file that locks the row sells the whole stock
// and passes, its lock holds timed; one file serves MariaDB and PostgreSQL where their SQL
// differs; one that reads and writes without a lock is caught by the audit; a file's own
// \failed fails its orders with its line.
#include "app/db/databaseconnection.h"
#include "app/results/boundmodel.h"
#include "app/run/strategyrun.h"
#include "strategies/filestrategy.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/postgresfixture.h"
#include "tests/support/reservethenconfirmfile.h"
#include "tests/support/serverfixture.h"
#include "tests/support/unlockedstrategyfile.h"

#include <QTemporaryDir>
#include <QTest>

namespace {

const char* const kLocking = R"(\strategy file-pessimistic
\title Pessimistic, as a file
\explain Locks the row, checks the stock, takes it.
BEGIN;
\lock
SELECT stock FROM inventory WHERE sku_id = :sku FOR UPDATE \gset
\if :stock < :qty
  ROLLBACK;
  \out-of-stock
\endif
UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
)";

// One file for both engines: PostgreSQL takes the units and reads what is left in one statement
// (RETURNING); InnoDB, which has no RETURNING, reads it after the UPDATE under the same lock,
// in MySQL's own syntax (FORCE INDEX), which PostgreSQL would refuse to prepare: only the
// branch the engine takes is prepared.
const char* const kBothEngines = R"(\strategy take-then-check
\title Take, then check
BEGIN;
\if :engine = 'postgres'
  \lock
  UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku RETURNING stock \gset
\else
  \lock
  UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku;
  SELECT stock FROM inventory FORCE INDEX (PRIMARY) WHERE sku_id = :sku \gset
\endif
\if :stock < 0
  ROLLBACK;
  \out-of-stock
\endif
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
)";

// Text, decimals and NULL kept with \gset and bound again: each order writes a label longer
// than a first buffer, the price a decimal read as a double times its quantity, and a NULL note.
const char* const kLabelled = R"(\strategy labelled-sale
\title Labelled sale
\table
CREATE TABLE sale_labels (request_id BIGINT PRIMARY KEY, label VARCHAR(200) NOT NULL,
  total DECIMAL(10,2) NOT NULL, note VARCHAR(10))
\endtable
\invariant label-is-the-orders
SELECT s.request_id FROM sale_labels s JOIN orders o ON o.request_id = s.request_id
  WHERE s.label <> CONCAT('sku-', o.sku_id, '-', REPEAT('x', 100))
\endinvariant
BEGIN;
\lock
SELECT stock, CONCAT('sku-', sku_id, '-', REPEAT('x', 100)) AS label, 2.50 AS price,
  '7' AS seven, NULL AS note FROM inventory WHERE sku_id = :sku FOR UPDATE \gset
\if :stock < :qty
  ROLLBACK;
  \out-of-stock
\endif
\if :label = 'sku-' OR :seven + 1 <> 8
  ROLLBACK;
  \failed text read wrong
\endif
\set total :price * :qty
UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
INSERT INTO sale_labels (request_id, label, total, note) VALUES (:request_id, :label, :total, :note);
COMMIT;
\sold
)";

// docs/strategy-files.md's FOR UPDATE SKIP LOCKED over the slots: the locking statement finds
// its slot itself and keeps it with \aset, so that \lock slot names the slot row it holds.
const char* const kSkipLocked = R"(\strategy skip-locked-slots
\title SKIP LOCKED over the slots
\layout slots
\field slots
BEGIN;
\lock slot
SELECT slot, stock FROM inventory_slot WHERE sku_id = :sku AND stock >= :qty
  ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED \aset
\if :rows = 0
  SELECT COALESCE(SUM(stock), 0) AS left_over FROM inventory_slot WHERE sku_id = :sku \gset
  ROLLBACK;
  \if :left_over < :qty
    \out-of-stock
  \endif
  \conflict
\endif
UPDATE inventory_slot SET stock = stock - :qty WHERE sku_id = :sku AND slot = :slot;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
)";

const char* const kRefusing = R"(\strategy file-refusing
\title Refuses every order
\if :qty > 0
  \failed no order today
\endif
\sold
)";

const char* const kAlwaysLosing = R"(\strategy file-always-losing
\title Loses every race
\conflict
\sold
)";

const char* const kMySqlOnly = R"(\strategy file-mysql-only
\title MySQL's syntax only
SELECT stock FROM inventory FORCE INDEX (PRIMARY) WHERE sku_id = :sku \gset
\sold
)";

const char* const kSoldBeforeCommit = R"(\strategy file-sold-early
\title Sold before its commit
BEGIN;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
\sold
COMMIT;
)";

std::unique_ptr<FileStrategy> strategyFrom(const QTemporaryDir& folder, const char* text)
{
    const QString path = folder.filePath(QStringLiteral("strategy.lbs"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) < 0)
        return nullptr;
    file.close();
    QString error;
    std::unique_ptr<FileStrategy> strategy = FileStrategy::load(path, &error);
    if (!strategy)
        qWarning("%s", qPrintable(error));
    return strategy;
}

StrategyResult runOn(const ConnectionParams& params, Strategy& strategy, const Experiment& experiment)
{
    const std::atomic<bool> cancel { false };
    StrategyRun run(experiment, params, strategy, 1, cancel);
    return run.execute(RunObserver {});
}

// The server of a row that names its engine: the lab's PostgreSQL, started if need be, or the
// test's MariaDB.
ConnectionParams serverOf(bool postgres, const QString& database, QString* error)
{
    if (postgres && !PostgresFixture::ensureStarted(error))
        return {};
    return postgres ? PostgresFixture::params() : ServerFixture::params(database);
}

StrategyResult run(Strategy& strategy, const Experiment& experiment)
{
    return runOn(ServerFixture::params(experiment.database), strategy, experiment);
}

} // namespace

class TestStrategyFiles : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    QTemporaryDir m_folder;

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void aLockingFileSellsTheWholeStockAndPasses()
    {
        std::unique_ptr<FileStrategy> strategy = strategyFrom(m_folder, kLocking);
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(400);
        e.skus = 2;
        e.threads = 8;
        const StrategyResult r = run(*strategy, e);
        qInfo("%lld sold in %.2f s, %lld lock holds timed, verdict %s", r.sold, r.durationS,
            r.measuredLockHolds, qPrintable(r.verdictText()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.sold, 800LL);
        QCOMPARE(r.clients[ClientCount::Sold], 800LL);
        QVERIFY(r.measuredLockHolds > 0);
        QCOMPARE(r.verdict(), Verdict::Pass);
    }

    void anUnlockedReadThenWriteIsCaughtByTheAudit()
    {
        std::unique_ptr<FileStrategy> strategy = strategyFrom(m_folder, kUnlockedStrategyFile);
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(300);
        e.threads = 16;
        const StrategyResult r = run(*strategy, e);
        qInfo("%lld orders acknowledged for a stock of 300: %s", r.clients[ClientCount::Sold],
            qPrintable(r.verdictText()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.failsSafety());
    }

    void oneFileServesBothEngines_data()
    {
        QTest::addColumn<bool>("postgres");
        QTest::newRow("MariaDB") << false;
        QTest::newRow("PostgreSQL") << true;
    }
    void oneFileServesBothEngines()
    {
        QFETCH(bool, postgres);
        std::unique_ptr<FileStrategy> strategy = strategyFrom(m_folder, kBothEngines);
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(300);
        e.skus = 2;
        e.threads = 8;
        QString error;
        const ConnectionParams params = serverOf(postgres, e.database, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const StrategyResult r = runOn(params, *strategy, e);
        qInfo("%lld sold, %lld refused, verdict %s", r.sold, r.clients[ClientCount::OutOfStock],
            qPrintable(r.verdictText()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.sold, 600LL);
        QVERIFY(r.measuredLockHolds > 0);
        QCOMPARE(r.verdict(), Verdict::Pass);
    }

    void aFilesOwnTableAndInvariantHold_data() { oneFileServesBothEngines_data(); }
    void aFilesOwnTableAndInvariantHold()
    {
        QFETCH(bool, postgres);
        std::unique_ptr<FileStrategy> strategy
            = strategyFrom(m_folder, reserveThenConfirmFile().toUtf8().constData());
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(300);
        e.threads = 8;
        QString error;
        const ConnectionParams params = serverOf(postgres, e.database, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const StrategyResult r = runOn(params, *strategy, e);
        qInfo("%lld sold, verdict %s, %lld invariant(s)", r.sold, qPrintable(r.verdictText()),
            static_cast<long long>(r.invariants.size()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.sold, 300LL);
        QCOMPARE(r.invariants.size(), 1);
        QCOMPARE(r.invariants.front().name, QStringLiteral("no-hold-left"));
        QCOMPARE(r.invariants.front().rows, 0);
        QCOMPARE(r.verdict(), Verdict::Pass);
    }

    // Checked independently: every order has its label row, its total 2.50 per unit, its note NULL.
    void textDecimalsAndNullGoAndComeBack_data() { oneFileServesBothEngines_data(); }
    void textDecimalsAndNullGoAndComeBack()
    {
        QFETCH(bool, postgres);
        std::unique_ptr<FileStrategy> strategy = strategyFrom(m_folder, kLabelled);
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(200);
        e.skus = 2;
        e.threads = 4;
        QString error;
        const ConnectionParams params = serverOf(postgres, e.database, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const StrategyResult r = runOn(params, *strategy, e);
        qInfo("%lld sold, verdict %s", r.sold, qPrintable(r.verdictText()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error + r.errorMessages.join(QLatin1Char('\n'))));
        QCOMPARE(r.sold, 400LL);
        QCOMPARE(r.verdict(), Verdict::Pass);
        DatabaseConnection check;
        QVERIFY2(check.open(params), qPrintable(check.lastError().toString()));
        QCOMPARE(check.queryInt(QStringLiteral("SELECT COUNT(*) FROM sale_labels s JOIN orders o ON "
                                               "o.request_id = s.request_id WHERE s.total = 2.50 * o.qty AND "
                                               "s.note IS NULL AND s.label = CONCAT('sku-', o.sku_id, '-', "
                                               "REPEAT('x', 100))")),
            check.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")));
        QCOMPARE(check.queryInt(QStringLiteral("SELECT COUNT(*) FROM sale_labels")),
            check.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")));
    }

    // A row lock spread over 16 slots is bounded by its busiest slot, not by the SKU's row: the
    // ceiling the why sentence names is one the run can approach, not one it beats many times.
    void aSkipLockedFileIsBoundedByItsBusiestSlot_data() { oneFileServesBothEngines_data(); }
    void aSkipLockedFileIsBoundedByItsBusiestSlot()
    {
        QFETCH(bool, postgres);
        // Added to the registry as the command line adds a user's file: the bound reads its traits there.
        QFile file(m_folder.filePath(QStringLiteral("skip-locked-slots.sql")));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(kSkipLocked) > 0);
        file.close();
        QString error;
        const QString id
            = StrategyRegistry::addFile(file.fileName(), &error, StrategyRegistry::Replacing::UsersOwn);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(2000);
        e.slotsPerSku = 16;
        e.threads = 32;
        const ConnectionParams params = serverOf(postgres, e.database, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const StrategyResult r = runOn(params, *strategy, e);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.sold, 2000LL);
        QCOMPARE(r.verdict(), Verdict::Pass);
        const QList<BoundModel::Ceiling> ceilings = BoundModel::ceilings(r);
        const auto rowLock = std::find_if(ceilings.begin(), ceilings.end(),
            [](const BoundModel::Ceiling& c) { return c.resource == Bound::RowLock; });
        QVERIFY(rowLock != ceilings.end());
        qInfo("%.0f orders/s; the busiest slot row's ceiling %.0f orders/s, reached %.0f %%", r.ordersPerS,
            rowLock->ordersPerS, 100.0 * rowLock->reach);
        QCOMPARE(rowLock->term(BoundModel::Term::BusiestRowShare), 1.0 / 16);
        QVERIFY2(rowLock->reach < 1.2, qPrintable(QString::number(rowLock->reach)));
    }

    // An order that never stops losing is given up after the experiment's max retries, as the
    // lab's own strategies' are: the run ends, nothing hangs.
    void anOrderThatAlwaysLosesIsGivenUpAfterItsRetries()
    {
        std::unique_ptr<FileStrategy> strategy = strategyFrom(m_folder, kAlwaysLosing);
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(100);
        e.threads = 2;
        e.maxRetries = 5;
        e.stop = StopKind::Duration;
        e.durationMs = 500;
        const StrategyResult r = run(*strategy, e);
        qInfo("%lld failed, %lld retries", r.clients[ClientCount::Failed], r.clients[ClientCount::Retries]);
        QCOMPARE(r.clients[ClientCount::Sold], 0LL);
        QVERIFY(r.clients[ClientCount::Failed] > 0);
        QVERIFY(r.clients[ClientCount::Retries] >= 5 * r.clients[ClientCount::Failed]);
    }

    // A file in one engine's dialect run on the other: the run ends with the server's refusal
    // of the statement, named, before any order.
    void aFileForTheOtherEngineEndsTheRunWithTheServersReason()
    {
        std::unique_ptr<FileStrategy> strategy = strategyFrom(m_folder, kMySqlOnly);
        QVERIFY(strategy);
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
        Experiment e = ServerFixture::soldOutExperiment(100);
        e.threads = 2;
        const StrategyResult r = runOn(PostgresFixture::params(), *strategy, e);
        qInfo("%s", qPrintable(r.error));
        QVERIFY2(r.error.contains(QLatin1String("SQLSTATE 42601: file-mysql-only, line 3: ")),
            qPrintable(r.error));
        QCOMPARE(r.clients[ClientCount::Sold], 0LL);
    }

    // An order called sold while its transaction is open would be counted before it commits:
    // it fails instead, rolled back, naming the line.
    void soldBeforeItsCommitIsTheFilesMistake()
    {
        std::unique_ptr<FileStrategy> strategy = strategyFrom(m_folder, kSoldBeforeCommit);
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(100);
        e.threads = 2;
        e.stop = StopKind::Duration;
        e.durationMs = 500;
        const StrategyResult r = run(*strategy, e);
        QCOMPARE(r.clients[ClientCount::Sold], 0LL);
        QVERIFY(r.clients[ClientCount::Failed] > 0);
        QVERIFY(!r.failsSafety());
        const QString said = r.errorMessages.join(QLatin1Char('\n'));
        QVERIFY2(
            said.contains(QLatin1String("file-sold-early, line 5: \\sold with the transaction still open")),
            qPrintable(said));
    }

    void aFilesOwnFailureFailsItsOrdersWithItsLine()
    {
        std::unique_ptr<FileStrategy> strategy = strategyFrom(m_folder, kRefusing);
        QVERIFY(strategy);
        Experiment e = ServerFixture::soldOutExperiment(100);
        e.threads = 2;
        e.stop = StopKind::Duration;
        e.durationMs = 500;
        const StrategyResult r = run(*strategy, e);
        QCOMPARE(r.clients[ClientCount::Sold], 0LL);
        QVERIFY(r.clients[ClientCount::Failed] > 0);
        const QString said = r.errorMessages.join(QLatin1Char('\n'));
        QVERIFY2(said.contains(QLatin1String("file-refusing, line 4: no order today")), qPrintable(said));
    }
};

QTEST_GUILESS_MAIN(TestStrategyFiles)
#include "tst_strategyfiles.moc"
