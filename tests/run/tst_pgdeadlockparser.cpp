// PostgreSQL's deadlock reports as its server log has them (log_line_prefix "%m [%p] "): the
// victim's ERROR, the DETAIL naming each process's wait and statement, fed in pieces as the log
// grows, with the lock-wait lines of log_lock_waits and other processes' lines around them.
#include "app/run/pgdeadlockparser.h"

#include <QTest>

namespace {

const QString kLog = QStringLiteral(
    "2026-11-27 17:19:40.370 UTC [20252] LOG:  process 20252 still waiting for ShareLock on transaction "
    "101993 after 1000.051 ms\n"
    "2026-11-27 17:19:40.370 UTC [20252] DETAIL:  Process holding the lock: 20257. Wait queue: 20252.\n"
    "2026-11-27 17:19:41.374 UTC [20257] ERROR:  deadlock detected\n"
    "2026-11-27 17:19:41.374 UTC [20257] DETAIL:  Process 20257 waits for ShareLock on transaction 101993; "
    "blocked by process 20252.\n"
    "\tProcess 20252 waits for ShareLock on transaction 101992; blocked by process 20257.\n"
    "\tProcess 20257: SELECT stock FROM inventory WHERE sku_id = $1 FOR UPDATE\n"
    "\tProcess 20252: UPDATE inventory SET stock = stock - $1 WHERE sku_id = $2\n"
    "2026-11-27 17:19:41.374 UTC [20257] HINT:  See server log for query details.\n"
    "2026-11-27 17:19:41.374 UTC [20257] CONTEXT:  while locking tuple (0,2) in relation \"inventory\"\n"
    "2026-11-27 17:19:41.374 UTC [20257] STATEMENT:  SELECT stock FROM inventory WHERE sku_id = $1 FOR "
    "UPDATE\n");

} // namespace

class TestPgDeadlockParser : public QObject {
    Q_OBJECT

private slots:
    void aReportIsReadWithEachProcessWaitAndStatement()
    {
        PgDeadlockParser parser;
        const QList<DeadlockRecord> found = parser.feed(kLog);
        QCOMPARE(found.size(), 1);
        const DeadlockRecord& record = found.first();
        QCOMPARE(record.when, QStringLiteral("2026-11-27 17:19:41.374 UTC"));
        QCOMPARE(record.transactions.size(), 2);
        QCOMPARE(record.victimTrxId(), QStringLiteral("20257"));
        QCOMPARE(record.transactions[0].threadId, 20257LL);
        QCOMPARE(record.transactions[0].waitingFor,
            QStringLiteral("ShareLock on transaction 101993; blocked by process 20252."));
        QCOMPARE(record.transactions[0].statement,
            QStringLiteral("SELECT stock FROM inventory WHERE sku_id = $1 FOR UPDATE"));
        QCOMPARE(record.transactions[1].trxId, QStringLiteral("20252"));
        QCOMPARE(record.transactions[1].statement,
            QStringLiteral("UPDATE inventory SET stock = stock - $1 WHERE sku_id = $2"));
    }

    // Whatever the cut, the report comes out once, when its HINT has arrived.
    void aReportCutAnywhereComesOutOnceWhole()
    {
        for (qsizetype cut = 1; cut < kLog.size(); cut += 7) {
            PgDeadlockParser parser;
            QList<DeadlockRecord> found = parser.feed(kLog.left(cut));
            found += parser.feed(kLog.mid(cut));
            QCOMPARE(found.size(), 1);
            QCOMPARE(found.first().transactions.size(), 2);
            QVERIFY(!found.first().transactions[1].statement.isEmpty());
        }
    }

    // PostgreSQL reads each other process's statement when it writes the report: a process that
    // had rolled back by then shows its ROLLBACK, kept as written and marked as later.
    void aStatementWrittenAfterTheCycleIsMarked()
    {
        QString log = kLog;
        log.replace(
            QStringLiteral("\tProcess 20252: UPDATE inventory SET stock = stock - $1 WHERE sku_id = $2"),
            QStringLiteral("\tProcess 20252: ROLLBACK"));
        PgDeadlockParser parser;
        const QList<DeadlockRecord> found = parser.feed(log);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().transactions[1].statement, QStringLiteral("ROLLBACK"));
        QVERIFY(found.first().transactions[1].statementAfterCycle);
        QVERIFY(!found.first().transactions[0].statementAfterCycle);
        QVERIFY(!PgDeadlockParser().feed(kLog).first().transactions[1].statementAfterCycle);
    }

    void lockWaitLinesAloneAreNoDeadlock()
    {
        PgDeadlockParser parser;
        QVERIFY(parser.feed(kLog.left(kLog.indexOf(QLatin1String("2026-11-27 17:19:41")))).isEmpty());
        QVERIFY(parser.feed(QStringLiteral("2026-11-27 17:19:42.000 UTC [1] LOG:  checkpoint starting\n"))
                    .isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPgDeadlockParser)
#include "tst_pgdeadlockparser.moc"
