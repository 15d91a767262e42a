#pragma once

#include "app/core/deadlockrecord.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

// Reads InnoDB deadlock reports: the blocks innodb_print_all_deadlocks writes to the error
// log (MariaDB prefixes lines with a timestamp and "[Note] InnoDB:"), and the LATEST
// DETECTED DEADLOCK section of SHOW ENGINE INNODB STATUS. Feed text as it arrives; complete
// reports come out, a report cut in half waits for the rest.
class DeadlockParser {
    Q_DECLARE_TR_FUNCTIONS(DeadlockParser)

public:
    QList<DeadlockRecord> feed(const QString& text);
    // The deadlock section of SHOW ENGINE INNODB STATUS output, if there is one.
    static std::optional<DeadlockRecord> parseStatus(const QString& status);

private:
    static DeadlockRecord parseBlock(const QStringList& lines);

    QString m_pending; // an unfinished line
    QStringList m_block; // lines of the report being read
    bool m_inBlock = false;
};
