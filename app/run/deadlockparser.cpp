#include "app/run/deadlockparser.h"

#include <QRegularExpression>

#include <optional>

namespace {

// "2026-11-21 23:18:57 36 [Note] InnoDB: text" -> "text"; other lines stay as they are.
QString stripLogPrefix(const QString& line, QString* timestamp = nullptr)
{
    // MariaDB pads the hour with a space before 10 o'clock: "2026-11-22  0:21:40".
    static const QRegularExpression prefix(QStringLiteral("^(\\d{4}-\\d\\d-\\d\\d +\\d{1,2}:\\d\\d:\\d\\d) +\\d+ \\[\\w+\\] InnoDB: ?"));
    const QRegularExpressionMatch match = prefix.match(line);
    if (!match.hasMatch())
        return line;
    if (timestamp)
        *timestamp = match.captured(1);
    return line.mid(match.capturedLength());
}

bool isStart(const QString& text)
{
    return text.contains(QLatin1String("Transactions deadlock detected"));
}

bool isEnd(const QString& text)
{
    return text.contains(QLatin1String("WE ROLL BACK TRANSACTION"));
}

} // namespace

QList<DeadlockRecord> DeadlockParser::feed(const QString& text)
{
    QList<DeadlockRecord> records;
    m_pending += text;
    const qsizetype lastNewline = m_pending.lastIndexOf(QLatin1Char('\n'));
    if (lastNewline < 0)
        return records;
    const QStringList lines = m_pending.left(lastNewline).split(QLatin1Char('\n'));
    m_pending = m_pending.mid(lastNewline + 1);
    for (const QString& line : lines) {
        const QString body = stripLogPrefix(line);
        if (isStart(body)) {
            m_block = { line };
            m_inBlock = true;
            continue;
        }
        if (!m_inBlock)
            continue;
        m_block << line;
        if (isEnd(body)) {
            records.append(parseBlock(m_block));
            m_block.clear();
            m_inBlock = false;
        } else if (m_block.size() > 2000) { // not a report after all; do not grow forever
            m_block.clear();
            m_inBlock = false;
        }
    }
    return records;
}

std::optional<DeadlockRecord> DeadlockParser::parseStatus(const QString& status)
{
    const qsizetype start = status.indexOf(QLatin1String("LATEST DETECTED DEADLOCK"));
    if (start < 0)
        return std::nullopt;
    const qsizetype end = status.indexOf(QLatin1String("WE ROLL BACK TRANSACTION"), start);
    if (end < 0)
        return std::nullopt;
    const qsizetype lineEnd = status.indexOf(QLatin1Char('\n'), end);
    QStringList lines = status.mid(start, (lineEnd < 0 ? status.size() : lineEnd) - start).split(QLatin1Char('\n'));
    DeadlockRecord record = parseBlock(lines);
    // The section's second line after the dashes is the server's timestamp of the deadlock.
    static const QRegularExpression stamp(QStringLiteral("^(\\d{4}-\\d\\d-\\d\\d +\\d{1,2}:\\d\\d:\\d\\d)"));
    for (const QString& line : std::as_const(lines)) {
        const QRegularExpressionMatch match = stamp.match(line.trimmed());
        if (match.hasMatch()) {
            record.when = match.captured(1);
            break;
        }
    }
    return record;
}

DeadlockRecord DeadlockParser::parseBlock(const QStringList& lines)
{
    static const QRegularExpression transactionHeader(QStringLiteral("^\\*\\*\\* \\((\\d+)\\) TRANSACTION:"));
    static const QRegularExpression transactionLine(QStringLiteral("^TRANSACTION (\\S+?),"));
    static const QRegularExpression threadLine(QStringLiteral("^(?:MariaDB|MySQL) thread id (\\d+)"));
    static const QRegularExpression victimLine(QStringLiteral("WE ROLL BACK TRANSACTION \\((\\d+)\\)"));

    DeadlockRecord record;
    DeadlockRecord::Transaction* current = nullptr;
    enum class Reading { Nothing, Statement, WaitingLock } reading = Reading::Nothing;
    for (const QString& raw : lines) {
        QString timestamp;
        const QString line = stripLogPrefix(raw, &timestamp).trimmed();
        if (record.when.isEmpty() && !timestamp.isEmpty())
            record.when = timestamp;
        if (const QRegularExpressionMatch match = transactionHeader.match(line); match.hasMatch()) {
            record.transactions.append(DeadlockRecord::Transaction {});
            current = &record.transactions.last();
            reading = Reading::Nothing;
            continue;
        }
        if (const QRegularExpressionMatch match = victimLine.match(line); match.hasMatch()) {
            record.victim = match.captured(1).toInt();
            break;
        }
        if (!current)
            continue;
        if (const QRegularExpressionMatch match = transactionLine.match(line); match.hasMatch()) {
            current->trxId = match.captured(1);
            continue;
        }
        if (const QRegularExpressionMatch match = threadLine.match(line); match.hasMatch()) {
            current->threadId = match.captured(1).toLongLong();
            reading = Reading::Statement; // the statement follows the thread line
            continue;
        }
        if (line.startsWith(QLatin1String("***"))) {
            reading = line.contains(QLatin1String("WAITING FOR THIS LOCK")) ? Reading::WaitingLock : Reading::Nothing;
            continue;
        }
        if (line.isEmpty())
            continue;
        if (reading == Reading::Statement) {
            current->statement += (current->statement.isEmpty() ? QString() : QStringLiteral(" ")) + line;
        } else if (reading == Reading::WaitingLock && line.startsWith(QLatin1String("RECORD LOCKS"))) {
            current->waitingFor = line;
            reading = Reading::Nothing;
        }
    }
    return record;
}
