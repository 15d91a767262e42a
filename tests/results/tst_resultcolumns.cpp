// The one table of result columns: which columns each table shows, how a cell reads, and
// that a password in an error never reaches any table.
#include "app/results/resultcolumns.h"
#include "app/results/resultwriter.h"
#include "app/results/spreadcolumns.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using ResultColumns::Column;
using ResultColumns::Table;

namespace {

const QString kPassword = QStringLiteral("hunter2-secret");

StrategyResult result(const QString& strategy)
{
    StrategyResult r;
    r.strategy = strategy;
    r.experiment.threads = 12;
    r.ordersPerS = 1234.6;
    r.p50Ms = 0.5;
    r.p95Ms = 1.255;
    r.p99Ms = 7.0;
    r.lockWaits = 4321;
    r.deadlocks = 3;
    r.lockWaitTimeouts = 2;
    r.clients.error(ErrorClass::RecordChanged) = 11;
    r.clients.error(ErrorClass::LockNowait) = 12;
    r.clients.error(ErrorClass::ConnectionLost) = 13;
    r.clients[ClientCount::Retries] = 99;
    r.clients[ClientCount::Failed] = 1;
    r.sold = 500;
    r.clients[ClientCount::SoldUnits] = 500;
    r.orderRows = 500;
    r.clients[ClientCount::Sold] = 500;
    r.knobs = { { QStringLiteral("innodb_deadlock_detect"), QStringLiteral("OFF") },
        { QStringLiteral("innodb_lock_wait_timeout"), QStringLiteral("1") } };
    return r;
}

QStringList headers(Table table)
{
    QStringList names;
    for (Column column : ResultColumns::of(table))
        names << ResultColumns::header(column);
    return names;
}

} // namespace

class TestResultColumns : public QObject {
    Q_OBJECT
private slots:
    void eachTableShowsItsColumns_data()
    {
        QTest::addColumn<int>("table");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("console") << int(Table::Console)
                                 << QStringList { "strategy", "run", "clients per node", "orders/s",
                                        "sold out s", "p95 ms", "p99 ms", "sold", "oversold", "lock waits",
                                        "deadlocks", "timeouts", "COMMIT aborts", "retries", "failed",
                                        "double claims", "released", "stranded", "killed", "verdict" };
        QTest::newRow("report") << int(Table::Report)
                                << QStringList { "strategy", "source", "clients", "clients per node", "run",
                                       "orders/s", "sold out s", "p50 ms", "p95 ms", "p99 ms", "lock waits",
                                       "deadlocks", "timeouts", "COMMIT aborts", "retries",
                                       "refused w/ stock", "sold", "oversold", "double claims", "released",
                                       "stranded", "killed", "verdict", "why" };
        QTest::newRow("window") << int(Table::Window)
                                << QStringList { "source", "strategy", "clients", "clients per node", "run",
                                       "orders/s", "predicted", "sold out s", "p95 ms", "p99 ms",
                                       "lock waits", "deadlocks", "timeouts", "COMMIT aborts", "conflicts",
                                       "nowait", "lost conn", "retries", "refused w/ stock", "sold",
                                       "oversold", "double claims", "released", "stranded", "killed",
                                       "verdict", "ran under", "why" };
    }
    void eachTableShowsItsColumns()
    {
        QFETCH(int, table);
        QFETCH(QStringList, expected);
        QCOMPARE(headers(Table(table)), expected);
        for (Column column : ResultColumns::of(Table(table)))
            QVERIFY2(!ResultColumns::toolTip(column).isEmpty(), qPrintable(ResultColumns::header(column)));
    }

    void aClusterRowNamesItsNodesAndCommitAborts()
    {
        StrategyResult r = result(QStringLiteral("pessimistic"));
        QCOMPARE(ResultColumns::text(Column::ClientsPerNode, { QString(), r }), QStringLiteral("-"));
        for (int clients : { 5, 4, 0 }) {
            NodeFigures node;
            node.node = static_cast<int>(r.nodes.size()) + 1;
            node.clients = clients;
            r.nodes << node;
        }
        r.clients.error(ErrorClass::CommitAbort) = 77;
        r.clients.error(ErrorClass::Deadlock) = 5;
        const SourcedResult row { QString(), r };
        QCOMPARE(ResultColumns::text(Column::ClientsPerNode, row), QStringLiteral("5/4/0"));
        QCOMPARE(ResultColumns::text(Column::CommitAborts, row), QStringLiteral("77"));
        QVERIFY(ResultColumns::isClusterColumn(Column::CommitAborts));
        QVERIFY(!ResultColumns::isClaimColumn(Column::ClientsPerNode));
        QVERIFY(ResultColumns::isClaimColumn(Column::WorkersKilled));
    }

    void cellsReadAsTheFiguresSay()
    {
        const SourcedResult row { QStringLiteral("#4"), result(QStringLiteral("pessimistic")) };
        const auto text = [&](Column column) { return ResultColumns::text(column, row); };
        QCOMPARE(text(Column::Source), QStringLiteral("#4"));
        QCOMPARE(text(Column::Strategy), QStringLiteral("pessimistic"));
        QCOMPARE(text(Column::Threads), QStringLiteral("12"));
        QCOMPARE(text(Column::OrdersPerS), QStringLiteral("1235"));
        QCOMPARE(text(Column::P50Ms), QStringLiteral("0.50"));
        QCOMPARE(text(Column::P95Ms), QStringLiteral("1.25"));
        QCOMPARE(text(Column::P99Ms), QStringLiteral("7.00"));
        QCOMPARE(text(Column::LockWaits), QStringLiteral("4321"));
        QCOMPARE(text(Column::Deadlocks), QStringLiteral("3"));
        QCOMPARE(text(Column::Timeouts), QStringLiteral("2"));
        QCOMPARE(text(Column::RecordChanged), QStringLiteral("11"));
        QCOMPARE(text(Column::LockNowait), QStringLiteral("12"));
        QCOMPARE(text(Column::LostConnections), QStringLiteral("13"));
        QCOMPARE(text(Column::Retries), QStringLiteral("99"));
        QCOMPARE(text(Column::Failed), QStringLiteral("1"));
        QCOMPARE(text(Column::Sold), QStringLiteral("500"));
        QCOMPARE(text(Column::Oversold), QStringLiteral("0"));
        QCOMPARE(text(Column::Verdict), QStringLiteral("pass"));
        QCOMPARE(text(Column::RanUnder), QStringLiteral("deadlock detect OFF, lock wait timeout 1 s"));
        QCOMPARE(ResultColumns::text(Column::Source, { QString(), row.result }), QStringLiteral("this run"));
        // No prediction: a dash, and the window hides the column; with one, the measured share.
        QCOMPARE(text(Column::Predicted), QStringLiteral("-"));
        QVERIFY(!ResultColumns::hasFigure(Column::Predicted, row.result));
        SourcedResult predicted = row;
        predicted.result.predictedOrdersPerS = 1300.0;
        QCOMPARE(ResultColumns::text(Column::Predicted, predicted), QStringLiteral("1300 (95 %)"));
        // A server that counts no lock waits (PostgreSQL): a dash, not a 0 it never measured.
        SourcedResult uncounted = row;
        uncounted.result.lockWaits = -1;
        QCOMPARE(ResultColumns::text(Column::LockWaits, uncounted), QStringLiteral("-"));
        QVERIFY(!ResultColumns::hasFigure(Column::LockWaits, uncounted.result));
        // Numbers sort as numbers: 1234.6 after 999.
        QCOMPARE(ResultColumns::sortValue(Column::OrdersPerS, row).toDouble(), 1234.6);
    }

    // A figure column holds what the file holds, and a dash where the file writes "not measured":
    // the audit's figures of a run whose audit could not run, tasks nobody counted.
    void figureColumnsShowWhatTheFileHolds()
    {
        SourcedResult row { QStringLiteral("#4"), result(QStringLiteral("pessimistic")) };
        row.result.soldOutS = 3.5;
        row.result.strandedTasks = 7;
        row.result.workersKilled = 2;
        const QJsonObject summary = ResultWriter::summaryJson(row.result);
        int shown = 0;
        for (int i = 0; i <= static_cast<int>(Column::CommitAborts); ++i) {
            const auto column = static_cast<Column>(i);
            const Figure<StrategyResult>* figure = ResultColumns::figureOf(column);
            if (!figure)
                continue;
            ++shown;
            QCOMPARE(ResultColumns::sortValue(column, row).toDouble(),
                summary.value(QLatin1String(figure->key)).toDouble(-1.0));
        }
        QVERIFY(shown >= 10);
        SourcedResult unaudited = row;
        unaudited.result.auditIncomplete = QStringLiteral("the server stopped answering");
        unaudited.result.strandedTasks = -1;
        for (Column column : { Column::Sold, Column::Oversold, Column::TasksStranded }) {
            QCOMPARE(ResultColumns::text(column, unaudited), QStringLiteral("-"));
            QVERIFY(ResultColumns::text(column, row) != QStringLiteral("-"));
        }
    }

    void repetitionSaysWhichRunOfHowMany()
    {
        SourcedResult row { QString(), result(QStringLiteral("queued")) };
        QCOMPARE(ResultColumns::text(Column::Repetition, row), QStringLiteral("1"));
        row.result.experiment.repeat = 3;
        row.result.repetition = 2;
        QCOMPARE(ResultColumns::text(Column::Repetition, row), QStringLiteral("2/3"));
        QCOMPARE(ResultColumns::sortValue(Column::Repetition, row).toDouble(), 2.0);
    }

    void spreadCellsReadAsTheSummarySays()
    {
        using SpreadColumns::Column;
        QList<SourcedResult> rows;
        const double pessimistic[] = { 2600, 2475, 2550 };
        const double conditional[] = { 1939, 3164, 2400 };
        for (int i = 0; i < 3; ++i) {
            for (const QString& strategy : { QStringLiteral("pessimistic"), QStringLiteral("conditional") }) {
                StrategyResult r = result(strategy);
                r.experiment.repeat = 3;
                r.repetition = i + 1;
                r.ordersPerS = strategy == QLatin1String("pessimistic") ? pessimistic[i] : conditional[i];
                r.p99Ms = 2.0 + i;
                rows.append({ QString(), r });
            }
        }
        const QList<RepeatSummary> summaries = RepeatSummary::of(rows);
        QCOMPARE(summaries.size(), 2);
        const RepeatSummary& s = summaries.first();
        QCOMPARE(SpreadColumns::text(Column::Strategy, s), QStringLiteral("pessimistic"));
        QCOMPARE(SpreadColumns::text(Column::Threads, s), QStringLiteral("12"));
        QCOMPARE(SpreadColumns::text(Column::Runs, s), QStringLiteral("3"));
        QCOMPARE(SpreadColumns::text(Column::OrdersMedian, s), QStringLiteral("2550"));
        QCOMPARE(SpreadColumns::text(Column::OrdersRange, s), QStringLiteral("2475–2600"));
        QCOMPARE(SpreadColumns::text(Column::OrdersInterval, s), QStringLiteral("2475–2600 (75 %)"));
        QCOMPARE(SpreadColumns::text(Column::P99Median, s), QStringLiteral("3.00"));
        QCOMPARE(SpreadColumns::text(Column::P99Range, s), QStringLiteral("2.00–4.00"));
        QCOMPARE(SpreadColumns::text(Column::NotSeparableFrom, s), QStringLiteral("conditional"));
        QCOMPARE(SpreadColumns::text(Column::OrdersSpread, s), QStringLiteral("2550 (2475–2600)"));
        QCOMPARE(SpreadColumns::notSeparableLine(summaries),
            QStringLiteral("not separable (orders/s intervals overlap): pessimistic ~ conditional"));
        for (const auto table : { SpreadColumns::Table::Console, SpreadColumns::Table::Report }) {
            for (Column column : SpreadColumns::of(table))
                QVERIFY(!SpreadColumns::toolTip(column).isEmpty());
        }

        // A single run: its figure, no interval, and nothing to separate.
        const QList<RepeatSummary> once = RepeatSummary::of({ rows[0], rows[1] });
        QCOMPARE(SpreadColumns::text(Column::OrdersInterval, once.first()), QStringLiteral("-"));
        QCOMPARE(SpreadColumns::text(Column::OrdersSpread, once.first()), QStringLiteral("2600"));
        QVERIFY(SpreadColumns::notSeparableLine(once).isEmpty());
    }

    void badValuesAreFlagged()
    {
        SourcedResult row { QString(), result(QStringLiteral("slotted")) };
        QVERIFY(!ResultColumns::flagged(Column::Verdict, row));
        QVERIFY(!ResultColumns::flagged(Column::Oversold, row));
        row.result.oversold = 5;
        QCOMPARE(ResultColumns::text(Column::Verdict, row), QStringLiteral("FAIL: oversold"));
        QVERIFY(ResultColumns::flagged(Column::Verdict, row));
        QVERIFY(ResultColumns::flagged(Column::Oversold, row));
        QVERIFY(!ResultColumns::flagged(Column::Sold, row));
        row.result.oversold = 0;
        row.result.clients[ClientCount::Sold] = 499; // one order counted by the clients is not in the table
        QCOMPARE(ResultColumns::text(Column::Verdict, row),
            QStringLiteral("FAIL: client count differs from orders table"));
        QVERIFY(ResultColumns::flagged(Column::Verdict, row));
    }

    void noTableShowsAPassword_data()
    {
        QTest::addColumn<int>("table");
        QTest::newRow("console") << int(Table::Console);
        QTest::newRow("report") << int(Table::Report);
        QTest::newRow("window") << int(Table::Window);
    }
    void noTableShowsAPassword()
    {
        QFETCH(int, table);
        SourcedResult row { QString(), result(QStringLiteral("conditional")) };
        row.result.error
            = QStringLiteral("cannot connect to mysql://lab:%1@db.example:3306/lockbench: refused")
                  .arg(kPassword);
        row.result.errorMessages
            = { QStringLiteral("2× error 1429: mysql://lab:%1@remote/x").arg(kPassword) };
        QString everything;
        for (Column column : ResultColumns::of(Table(table)))
            everything += ResultColumns::text(column, row) + QLatin1Char('|');
        everything += ResultColumns::verdictDetail(row.result);
        QVERIFY2(!everything.contains(kPassword), qPrintable(everything));
        QVERIFY2(everything.contains(QLatin1String("error: cannot connect to mysql://lab:***@db.example")),
            qPrintable(everything));
        QVERIFY(ResultColumns::verdictDetail(row.result).contains(QLatin1String("mysql://lab:***@remote")));
    }
};

QTEST_GUILESS_MAIN(TestResultColumns)
#include "tst_resultcolumns.moc"
