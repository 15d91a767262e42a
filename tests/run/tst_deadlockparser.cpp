// Deadlock reports as InnoDB writes them: the error log of innodb_print_all_deadlocks, fed in
// pieces, and the LATEST DETECTED DEADLOCK section of SHOW ENGINE INNODB STATUS.
#include "app/run/deadlockparser.h"

#include <QSignalSpy>
#include <QTest>

namespace {

const char* kLogReport
    = "2026-11-21 23:18:57 0 [Note] InnoDB: Buffer pool(s) load completed\n"
      "2026-11-21 23:18:57 36 [Note] InnoDB: Transactions deadlock detected, dumping detailed information.\n"
      "2026-11-21 23:18:57 36 [Note] InnoDB: \n"
      "*** (1) TRANSACTION:\n"
      "\n"
      "TRANSACTION 167048, ACTIVE 0 sec starting index read\n"
      "mysql tables in use 1, locked 1\n"
      "LOCK WAIT 3 lock struct(s), heap size 1128, 2 row lock(s)\n"
      "MariaDB thread id 36, OS thread handle 131434120730304, query id 98800 localhost root Sending data\n"
      "SELECT stock FROM inventory WHERE sku_id = ? FOR UPDATE\n"
      "2026-11-21 23:18:57 36 [Note] InnoDB: *** WAITING FOR THIS LOCK TO BE GRANTED:\n"
      "\n"
      "RECORD LOCKS space id 23 page no 3 n bits 8 index PRIMARY of table `lockbench`.`inventory` trx id "
      "167048 lock_mode X locks rec but not gap waiting\n"
      "Record lock, heap no 3 PHYSICAL RECORD: n_fields 5; compact format; info bits 0\n"
      " 0: len 8; hex 8000000000000002; asc         ;;\n"
      "\n"
      "2026-11-21 23:18:57 36 [Note] InnoDB: *** CONFLICTING WITH:\n"
      "\n"
      "RECORD LOCKS space id 23 page no 3 n bits 8 index PRIMARY of table `lockbench`.`inventory` trx id "
      "167070 lock_mode X locks rec but not gap\n"
      "\n"
      "2026-11-21 23:18:57 36 [Note] InnoDB: \n"
      "*** (2) TRANSACTION:\n"
      "\n"
      "TRANSACTION 167070, ACTIVE 0 sec starting index read\n"
      "mysql tables in use 1, locked 1\n"
      "MariaDB thread id 14, OS thread handle 131434127488704, query id 98957 localhost root Sending data\n"
      "UPDATE inventory\n"
      "   SET stock = stock - 1 WHERE sku_id = 1\n"
      "2026-11-21 23:18:57 36 [Note] InnoDB: *** WAITING FOR THIS LOCK TO BE GRANTED:\n"
      "\n"
      "RECORD LOCKS space id 23 page no 3 n bits 8 index PRIMARY of table `lockbench`.`inventory` trx id "
      "167070 lock_mode X locks rec but not gap waiting\n"
      "\n"
      "2026-11-21 23:18:57 36 [Note] InnoDB: *** WE ROLL BACK TRANSACTION (2)\n"
      "2026-11-21 23:18:58 0 [Note] something else\n";

const char* kStatus = "=====================================\n"
                      "2026-11-21 23:20:01 0x7f00 INNODB MONITOR OUTPUT\n"
                      "------------------------\n"
                      "LATEST DETECTED DEADLOCK\n"
                      "------------------------\n"
                      "2026-11-21 23:19:59 0x7f2a\n"
                      "*** (1) TRANSACTION:\n"
                      "TRANSACTION 500, ACTIVE 0 sec starting index read\n"
                      "MySQL thread id 9, OS thread handle 1, query id 2 localhost root statistics\n"
                      "SELECT stock FROM inventory WHERE sku_id = 2 FOR UPDATE\n"
                      "*** (1) HOLDS THE LOCK(S):\n"
                      "RECORD LOCKS space id 2 page no 4 n bits 72 index PRIMARY of table "
                      "`lockbench`.`inventory` trx id 500 lock_mode X locks rec but not gap\n"
                      "*** (1) WAITING FOR THIS LOCK TO BE GRANTED:\n"
                      "RECORD LOCKS space id 2 page no 4 n bits 72 index PRIMARY of table "
                      "`lockbench`.`inventory` trx id 500 lock_mode X locks rec but not gap waiting\n"
                      "*** (2) TRANSACTION:\n"
                      "TRANSACTION 501, ACTIVE 0 sec starting index read\n"
                      "MySQL thread id 10, OS thread handle 2, query id 3 localhost root statistics\n"
                      "SELECT stock FROM inventory WHERE sku_id = 1 FOR UPDATE\n"
                      "*** (2) WAITING FOR THIS LOCK TO BE GRANTED:\n"
                      "RECORD LOCKS space id 2 page no 4 n bits 72 index PRIMARY of table "
                      "`lockbench`.`inventory` trx id 501 lock_mode X locks rec but not gap waiting\n"
                      "*** WE ROLL BACK TRANSACTION (1)\n"
                      "------------\n"
                      "TRANSACTIONS\n";

void checkLogRecord(const DeadlockRecord& record)
{
    QCOMPARE(record.when, QStringLiteral("2026-11-21 23:18:57"));
    QCOMPARE(record.transactions.size(), 2);
    QCOMPARE(record.transactions[0].trxId, QStringLiteral("167048"));
    QCOMPARE(record.transactions[0].threadId, 36LL);
    QCOMPARE(record.transactions[0].statement,
        QStringLiteral("SELECT stock FROM inventory WHERE sku_id = ? FOR UPDATE"));
    QVERIFY(record.transactions[0].waitingFor.contains(QLatin1String("`lockbench`.`inventory`")));
    QVERIFY(record.transactions[0].waitingFor.contains(QLatin1String("lock_mode X")));
    // Decoded from the record's key: SKU 2 (hex 8000000000000002, the sign bit flipped).
    QCOMPARE(record.transactions[0].waitedRow, QStringLiteral("inventory, SKU 2: X lock on the row"));
    // No record printed: the table and the lock, without a row.
    QCOMPARE(record.transactions[1].waitedRow, QStringLiteral("inventory: X lock on the row"));
    QCOMPARE(record.transactions[1].trxId, QStringLiteral("167070"));
    QCOMPARE(record.transactions[1].threadId, 14LL);
    QCOMPARE(record.transactions[1].statement,
        QStringLiteral("UPDATE inventory SET stock = stock - 1 WHERE sku_id = 1"));
    QCOMPARE(record.victim, 2);
    QCOMPARE(record.victimTrxId(), QStringLiteral("167070"));
}

} // namespace

class TestDeadlockParser : public QObject {
    Q_OBJECT

private slots:
    void parsesAnErrorLogReport()
    {
        DeadlockParser parser;
        const QList<DeadlockRecord> records = parser.feed(QString::fromLatin1(kLogReport));
        QCOMPARE(records.size(), 1);
        checkLogRecord(records.first());
    }

    void reportCutAnywhereComesOutOnceComplete_data()
    {
        QTest::addColumn<int>("cut");
        const int length = static_cast<int>(qstrlen(kLogReport));
        for (int cut : { 1, 100, 300, 777, length / 2, length - 60, length - 1 })
            QTest::addRow("cut at %d", cut) << cut;
    }
    void reportCutAnywhereComesOutOnceComplete()
    {
        QFETCH(int, cut);
        const QString text = QString::fromLatin1(kLogReport);
        DeadlockParser parser;
        QList<DeadlockRecord> records = parser.feed(text.left(cut));
        records += parser.feed(text.mid(cut));
        QCOMPARE(records.size(), 1);
        checkLogRecord(records.first());
    }

    void twoReportsInARowAreTwoRecords()
    {
        DeadlockParser parser;
        const QString text = QString::fromLatin1(kLogReport);
        QCOMPARE(parser.feed(text + text).size(), 2);
    }

    void hourPaddedWithASpaceIsStillALogLine()
    {
        // Before 10 o'clock MariaDB writes "2026-11-22  0:21:40": the prefix must still be stripped.
        QString text = QString::fromLatin1(kLogReport);
        text.replace(QLatin1String("2026-11-21 23:18:57"), QLatin1String("2026-11-22  0:21:40"));
        DeadlockParser parser;
        const QList<DeadlockRecord> records = parser.feed(text);
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first().when, QStringLiteral("2026-11-22  0:21:40"));
        QCOMPARE(records.first().transactions.size(), 2);
        QVERIFY(
            records.first().transactions[0].waitingFor.contains(QLatin1String("`lockbench`.`inventory`")));
        QCOMPARE(records.first().victim, 2);
    }

    void otherLogLinesAreNoReport()
    {
        DeadlockParser parser;
        QVERIFY(
            parser
                .feed(QStringLiteral("2026-11-21 23:18:57 0 [Note] InnoDB: Buffer pool(s) load completed\n"
                                     "2026-11-21 23:18:57 0 [Warning] Aborted connection 12\n"))
                .isEmpty());
    }

    void parsesTheStatusSection()
    {
        const std::optional<DeadlockRecord> record
            = DeadlockParser::parseStatus(QString::fromLatin1(kStatus));
        QVERIFY(record);
        QCOMPARE(record->when, QStringLiteral("2026-11-21 23:19:59"));
        QCOMPARE(record->transactions.size(), 2);
        QCOMPARE(record->transactions[0].statement,
            QStringLiteral("SELECT stock FROM inventory WHERE sku_id = 2 FOR UPDATE"));
        QVERIFY(record->transactions[0].waitingFor.endsWith(QLatin1String("waiting")));
        QCOMPARE(record->transactions[1].threadId, 10LL);
        QCOMPARE(record->victim, 1);
    }

    // MySQL 8.0's LATEST DETECTED DEADLOCK, as its manual shows it (8.0.18 on): both
    // transactions print HOLDS THE LOCK(S) before what they wait for, each lock followed by the
    // record's dump, "mysql tables in use" and "LOCK WAIT" lines among the transaction's lines.
    // No MySQL 8 server runs here: this is the format the parser is held to.
    void parsesMySql8sLatestDeadlock()
    {
        const QString status = QStringLiteral(
            "------------------------\n"
            "LATEST DETECTED DEADLOCK\n"
            "------------------------\n"
            "2026-11-28 10:23:45 140234567890112\n"
            "*** (1) TRANSACTION:\n"
            "TRANSACTION 12345, ACTIVE 0 sec starting index read\n"
            "mysql tables in use 1, locked 1\n"
            "LOCK WAIT 3 lock struct(s), heap size 1128, 2 row lock(s)\n"
            "MySQL thread id 9, OS thread handle 140234561234, query id 25 localhost lab statistics\n"
            "SELECT stock FROM inventory WHERE sku_id = 2 FOR UPDATE\n"
            "\n"
            "*** (1) HOLDS THE LOCK(S):\n"
            "RECORD LOCKS space id 2 page no 4 n bits 72 index PRIMARY of table `lockbench`.`inventory` "
            "trx id 12345 lock_mode X locks rec but not gap\n"
            "Record lock, heap no 2 PHYSICAL RECORD: n_fields 5; compact format; info bits 0\n"
            " 0: len 8; hex 8000000000000001; asc         ;;\n"
            " 1: len 6; hex 000000003039; asc      09;;\n"
            "\n"
            "*** (1) WAITING FOR THIS LOCK TO BE GRANTED:\n"
            "RECORD LOCKS space id 2 page no 4 n bits 72 index PRIMARY of table `lockbench`.`inventory` "
            "trx id 12345 lock_mode X locks rec but not gap waiting\n"
            "Record lock, heap no 3 PHYSICAL RECORD: n_fields 5; compact format; info bits 0\n"
            " 0: len 8; hex 8000000000000002; asc         ;;\n"
            "\n"
            "*** (2) TRANSACTION:\n"
            "TRANSACTION 12346, ACTIVE 0 sec starting index read\n"
            "mysql tables in use 1, locked 1\n"
            "LOCK WAIT 3 lock struct(s), heap size 1128, 2 row lock(s)\n"
            "MySQL thread id 10, OS thread handle 140234561235, query id 26 localhost lab statistics\n"
            "SELECT stock FROM inventory WHERE sku_id = 1 FOR UPDATE\n"
            "\n"
            "*** (2) HOLDS THE LOCK(S):\n"
            "RECORD LOCKS space id 2 page no 4 n bits 72 index PRIMARY of table `lockbench`.`inventory` "
            "trx id 12346 lock_mode X locks rec but not gap\n"
            "Record lock, heap no 3 PHYSICAL RECORD: n_fields 5; compact format; info bits 0\n"
            " 0: len 8; hex 8000000000000002; asc         ;;\n"
            "\n"
            "*** (2) WAITING FOR THIS LOCK TO BE GRANTED:\n"
            "RECORD LOCKS space id 2 page no 4 n bits 72 index PRIMARY of table `lockbench`.`inventory` "
            "trx id 12346 lock_mode X locks rec but not gap waiting\n"
            "Record lock, heap no 2 PHYSICAL RECORD: n_fields 5; compact format; info bits 0\n"
            " 0: len 8; hex 8000000000000001; asc         ;;\n"
            "\n"
            "*** WE ROLL BACK TRANSACTION (2)\n"
            "------------\n"
            "TRANSACTIONS\n"
            "------------\n");
        const std::optional<DeadlockRecord> record = DeadlockParser::parseStatus(status);
        QVERIFY(record);
        QCOMPARE(record->when, QStringLiteral("2026-11-28 10:23:45"));
        QCOMPARE(record->transactions.size(), 2);
        QCOMPARE(record->transactions[0].trxId, QStringLiteral("12345"));
        QCOMPARE(record->transactions[0].threadId, 9LL);
        QCOMPARE(record->transactions[1].threadId, 10LL);
        QCOMPARE(record->transactions[1].statement,
            QStringLiteral("SELECT stock FROM inventory WHERE sku_id = 1 FOR UPDATE"));
        // What each waited for, not the lock it held, which MySQL 8 prints first.
        QCOMPARE(record->transactions[0].waitedRow, QStringLiteral("inventory, SKU 2: X lock on the row"));
        QCOMPARE(record->transactions[1].waitedRow, QStringLiteral("inventory, SKU 1: X lock on the row"));
        QCOMPARE(record->victim, 2);
        QCOMPARE(record->victimTrxId(), QStringLiteral("12346"));
    }

    void slotAndOrderKeysAreDecoded()
    {
        const QString report = QStringLiteral(
            "Transactions deadlock detected, dumping detailed information.\n"
            "*** (1) TRANSACTION:\n"
            "TRANSACTION 9, ACTIVE 0 sec\n"
            "MariaDB thread id 5, OS thread handle 1, query id 2 localhost root Updating\n"
            "UPDATE inventory_slot SET stock = stock - 1 WHERE sku_id = 3 AND slot = 7\n"
            "*** WAITING FOR THIS LOCK TO BE GRANTED:\n"
            "RECORD LOCKS space id 7 page no 3 n bits 80 index PRIMARY of table `lockbench`.`inventory_slot` "
            "trx id 9 "
            "lock_mode X locks rec but not gap waiting\n"
            "Record lock, heap no 4 PHYSICAL RECORD: n_fields 5; compact format; info bits 0\n"
            " 0: len 8; hex 8000000000000003; asc         ;;\n"
            " 1: len 4; hex 80000007; asc     ;;\n"
            " 2: len 6; hex 000000000009; asc       ;;\n"
            "*** (2) TRANSACTION:\n"
            "TRANSACTION 10, ACTIVE 0 sec\n"
            "MariaDB thread id 6, OS thread handle 1, query id 3 localhost root Update\n"
            "INSERT INTO orders (request_id, sku_id, qty) VALUES (?, ?, ?)\n"
            "*** WAITING FOR THIS LOCK TO BE GRANTED:\n"
            "RECORD LOCKS space id 8 page no 3 n bits 80 index PRIMARY of table `lockbench`.`orders` trx id "
            "10 "
            "lock_mode X insert intention waiting\n"
            "Record lock, heap no 1 PHYSICAL RECORD: n_fields 1; compact format; info bits 0\n"
            " 0: len 8; hex 73757072656d756d; asc supremum;;\n"
            "*** WE ROLL BACK TRANSACTION (2)\n");
        DeadlockParser parser;
        const QList<DeadlockRecord> records = parser.feed(report);
        QCOMPARE(records.size(), 1);
        const DeadlockRecord& record = records.first();
        QCOMPARE(record.transactions.size(), 2);
        QCOMPARE(record.transactions[0].waitedRow,
            QStringLiteral("inventory_slot, SKU 3, slot 7: X lock on the row"));
        QCOMPARE(record.transactions[1].waitedRow,
            QStringLiteral("orders, the end of the index: X lock to insert before the row"));
    }

    void statusWithoutDeadlockHasNone()
    {
        QVERIFY(!DeadlockParser::parseStatus(QStringLiteral("=====\nTRANSACTIONS\n------------\n")));
    }
};

QTEST_APPLESS_MAIN(TestDeadlockParser)
#include "tst_deadlockparser.moc"
