#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

// One deadlock as InnoDB reported it: the transactions in the cycle, what each ran and
// waited for, and which one the server rolled back.
struct DeadlockRecord {
    struct Transaction {
        QString trxId;
        long long threadId = 0;
        QString statement;
        QString
            waitingFor; // the lock line, e.g. "... of table `lockbench`.`inventory` ... lock_mode X waiting"
        // The same, decoded from the lab's own tables: "inventory, SKU 2: X lock on the row".
        QString waitedRow;
        // PostgreSQL writes each other process's statement as it stands when it writes the report:
        // one that had already ended its transaction shows its ROLLBACK or COMMIT, not its wait.
        bool statementAfterCycle = false;
    };
    int runId = 0;
    QString strategy;
    double elapsedS = 0.0;
    QString when; // the server's timestamp
    QList<Transaction> transactions;
    int victim = 0; // 1-based index into transactions; 0 when unknown

    QString victimTrxId() const
    {
        return victim > 0 && victim <= transactions.size() ? transactions[victim - 1].trxId : QString();
    }
};
Q_DECLARE_METATYPE(DeadlockRecord)
