#include "app/run/pgdeadlockparser.h"

#include <QRegularExpression>

namespace {

// "2026-11-27 17:00:00.123 UTC [1234] ERROR:  deadlock detected"
const QRegularExpression& prefixed()
{
    static const QRegularExpression pattern(
        QStringLiteral("^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?(?: \\S+)?) \\[(\\d+)\\] "
                       "([A-Z]+):  (.*)$"));
    return pattern;
}

// "Process 1234 waits for ShareLock on transaction 5678; blocked by process 4321."
const QRegularExpression& waits()
{
    static const QRegularExpression pattern(QStringLiteral("^Process (\\d+) waits for (.*)$"));
    return pattern;
}

// "Process 1234: UPDATE inventory SET ..."
const QRegularExpression& statement()
{
    static const QRegularExpression pattern(QStringLiteral("^Process (\\d+): (.*)$"));
    return pattern;
}

// A statement that waits for no row lock: a process showing one in the cycle had moved on.
bool endsTransaction(const QString& statement)
{
    static const QRegularExpression pattern(
        QStringLiteral("^(ROLLBACK|COMMIT|END|ABORT)\\b"), QRegularExpression::CaseInsensitiveOption);
    return pattern.match(statement).hasMatch();
}

} // namespace

QList<DeadlockRecord> PgDeadlockParser::feed(const QString& text)
{
    QList<DeadlockRecord> found;
    m_pending += text;
    qsizetype start = 0;
    for (qsizetype end; (end = m_pending.indexOf(QLatin1Char('\n'), start)) >= 0; start = end + 1)
        readLine(m_pending.mid(start, end - start), found);
    m_pending.remove(0, start);
    return found;
}

void PgDeadlockParser::readLine(const QString& line, QList<DeadlockRecord>& found)
{
    const QRegularExpressionMatch match = prefixed().match(line);
    if (m_inDetail && line.startsWith(QLatin1Char('\t'))) {
        const QString part = line.trimmed();
        if (const QRegularExpressionMatch w = waits().match(part); w.hasMatch())
            transaction(w.captured(1).toLongLong()).waitingFor = w.captured(2);
        else if (const QRegularExpressionMatch s = statement().match(part); s.hasMatch())
            transaction(s.captured(1).toLongLong()).statement = s.captured(2).simplified();
        return;
    }
    if (m_inDetail) { // the first line after the DETAIL ends the report
        for (qsizetype i = 0; i < m_report.transactions.size(); ++i) {
            DeadlockRecord::Transaction& trx = m_report.transactions[i];
            if (trx.threadId == m_victimPid)
                m_report.victim = static_cast<int>(i) + 1;
            trx.statementAfterCycle = !trx.waitingFor.isEmpty() && endsTransaction(trx.statement);
        }
        found.append(m_report);
        m_inReport = m_inDetail = false;
    }
    if (!match.hasMatch())
        return;
    if (match.captured(3) == QLatin1String("ERROR")
        && match.captured(4) == QLatin1String("deadlock detected")) {
        m_report = {};
        m_report.when = match.captured(1);
        m_victimPid = match.captured(2).toLongLong();
        m_inReport = true;
    } else if (m_inReport && match.captured(3) == QLatin1String("DETAIL")
        && match.captured(2).toLongLong() == m_victimPid) {
        m_inDetail = true;
        if (const QRegularExpressionMatch w = waits().match(match.captured(4)); w.hasMatch())
            transaction(w.captured(1).toLongLong()).waitingFor = w.captured(2);
    } else if (m_inReport && match.captured(2).toLongLong() == m_victimPid) {
        m_inReport = false; // the victim's report had no DETAIL: nothing to show
    }
}

DeadlockRecord::Transaction& PgDeadlockParser::transaction(long long pid)
{
    for (DeadlockRecord::Transaction& trx : m_report.transactions)
        if (trx.threadId == pid)
            return trx;
    DeadlockRecord::Transaction trx;
    trx.trxId = QString::number(pid);
    trx.threadId = pid;
    m_report.transactions.append(trx);
    return m_report.transactions.last();
}
