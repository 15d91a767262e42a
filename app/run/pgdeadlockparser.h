#pragma once

#include "app/core/deadlockrecord.h"

#include <QString>

// Reads PostgreSQL's deadlock reports from its server log (log_line_prefix "%m [%p] "): the
// victim's "ERROR:  deadlock detected", then a DETAIL naming each process in the cycle, what it
// waits for and its statement. Feed text as it arrives; a report comes out once the line after
// its DETAIL (the HINT) has arrived, so that a report cut in half waits for the rest.
class PgDeadlockParser {
public:
    QList<DeadlockRecord> feed(const QString& text);

private:
    void readLine(const QString& line, QList<DeadlockRecord>& found);
    DeadlockRecord::Transaction& transaction(long long pid);

    QString m_pending; // an unfinished line
    bool m_inReport = false;
    bool m_inDetail = false;
    DeadlockRecord m_report;
    long long m_victimPid = 0;
};
