#include "app/run/deadlockparser.h"

#include <QRegularExpression>

#include <optional>

namespace {

// "2026-11-21 23:18:57 36 [Note] InnoDB: text" -> "text"; other lines stay as they are.
QString stripLogPrefix(const QString& line, QString* timestamp = nullptr)
{
    // MariaDB pads the hour with a space before 10 o'clock: "2026-11-22  0:21:40".
    static const QRegularExpression prefix(
        QStringLiteral("^(\\d{4}-\\d\\d-\\d\\d +\\d{1,2}:\\d\\d:\\d\\d) +\\d+ \\[\\w+\\] InnoDB: ?"));
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

// An InnoDB key field as the report prints it in hex: signed integers are stored with the
// sign bit flipped, so 8000000000000002 is 2.
std::optional<long long> signedKey(const QString& hex)
{
    bool ok = false;
    const qulonglong raw = hex.toULongLong(&ok, 16);
    if (!ok || (hex.size() != 16 && hex.size() != 8))
        return std::nullopt;
    const qulonglong sign = hex.size() == 16 ? (1ULL << 63) : (1ULL << 31);
    const qulonglong value = raw ^ sign;
    return hex.size() == 16 ? static_cast<long long>(value)
                            : static_cast<long long>(static_cast<qint32>(static_cast<quint32>(value)));
}

// The lock line and the record's first key fields, said in the lab's own terms: which SKU
// (and slot) or which order, and what kind of lock.
QString describeWaitedRow(const QString& lockLine, const QStringList& keyHex)
{
    static const QRegularExpression tablePattern(QStringLiteral("index (\\S+) of table `[^`]*`\\.`([^`]*)`"));
    static const QRegularExpression modePattern(QStringLiteral("lock[_ ]mode (\\w+)"));
    const QRegularExpressionMatch table = tablePattern.match(lockLine);
    if (!table.hasMatch())
        return QString();
    const QString index = table.captured(1);
    const QString name = table.captured(2);
    const QString mode = modePattern.match(lockLine).captured(1);
    const QString kind = lockLine.contains(QLatin1String("locks rec but not gap"))
        ? QCoreApplication::translate("DeadlockParser", "on the row")
        : lockLine.contains(QLatin1String("locks gap before rec"))
        ? QCoreApplication::translate("DeadlockParser", "on the gap before the row")
        : lockLine.contains(QLatin1String("insert intention"))
        ? QCoreApplication::translate("DeadlockParser", "to insert before the row")
        : QCoreApplication::translate("DeadlockParser", "on the row and the gap before it");
    QString row;
    const long long first = keyHex.isEmpty() ? 0 : signedKey(keyHex.first()).value_or(0);
    const bool keyed = !keyHex.isEmpty() && signedKey(keyHex.first()).has_value();
    if (index == QLatin1String("PRIMARY") && keyed) {
        const std::optional<long long> second = keyHex.size() > 1 ? signedKey(keyHex[1]) : std::nullopt;
        if (name == QLatin1String("inventory") || name == QLatin1String("sku"))
            row = QStringLiteral("SKU %1").arg(first);
        else if (name == QLatin1String("inventory_slot"))
            row = second ? QCoreApplication::translate("DeadlockParser", "SKU %1, slot %2")
                               .arg(first)
                               .arg(second.value_or(0))
                         : QStringLiteral("SKU %1").arg(first);
        else if (name == QLatin1String("orders"))
            row = QCoreApplication::translate("DeadlockParser", "order %1").arg(first);
    } else if (!keyHex.isEmpty() && keyHex.first().isEmpty()) {
        row = QCoreApplication::translate(
            "DeadlockParser", "the end of the index"); // the supremum pseudo-record
    }
    QString text = name;
    if (!row.isEmpty())
        text += QStringLiteral(", ") + row;
    if (!mode.isEmpty())
        text += QCoreApplication::translate("DeadlockParser", ": %1 lock %2").arg(mode, kind);
    return text;
}

// What the lines being read belong to, within one transaction's part of a report.
enum class Reading { Nothing, Statement, WaitingLock, WaitedRecord };

struct BlockState {
    DeadlockRecord record;
    DeadlockRecord::Transaction* current = nullptr;
    Reading reading = Reading::Nothing;
    QStringList keyHex; // the waited-for record's first fields

    void finishWaitedRecord()
    {
        if (current && !current->waitingFor.isEmpty() && current->waitedRow.isEmpty())
            current->waitedRow = describeWaitedRow(current->waitingFor, keyHex);
        keyHex.clear();
    }
};

// The fields of the record a transaction waits for. False once the line is past them.
bool readWaitedRecord(BlockState& state, const QString& line)
{
    static const QRegularExpression keyField(QStringLiteral("^(\\d+): len \\d+; hex ([0-9a-f]*);"));
    if (const QRegularExpressionMatch field = keyField.match(line); field.hasMatch()) {
        if (field.captured(1).toInt() == state.keyHex.size() && state.keyHex.size() < 2)
            state.keyHex << (line.contains(QLatin1String("supremum")) ? QString() : field.captured(2));
        return true;
    }
    if (line.startsWith(QLatin1String("Record lock")) || line.isEmpty())
        return true;
    state.finishWaitedRecord();
    state.reading = Reading::Nothing;
    return false;
}

// A line that starts a transaction's part or names its id, its thread or what follows. False
// for any other line.
bool readTransactionLine(BlockState& state, const QString& line)
{
    static const QRegularExpression transactionHeader(QStringLiteral("^\\*\\*\\* \\((\\d+)\\) TRANSACTION:"));
    static const QRegularExpression transactionLine(QStringLiteral("^TRANSACTION (\\S+?),"));
    static const QRegularExpression threadLine(QStringLiteral("^(?:MariaDB|MySQL) thread id (\\d+)"));
    if (transactionHeader.match(line).hasMatch()) {
        state.record.transactions.append(DeadlockRecord::Transaction {});
        state.current = &state.record.transactions.last();
        state.reading = Reading::Nothing;
        return true;
    }
    if (!state.current)
        return false;
    if (const QRegularExpressionMatch match = transactionLine.match(line); match.hasMatch()) {
        state.current->trxId = match.captured(1);
        return true;
    }
    if (const QRegularExpressionMatch match = threadLine.match(line); match.hasMatch()) {
        state.current->threadId = match.captured(1).toLongLong();
        state.reading = Reading::Statement; // the statement follows the thread line
        return true;
    }
    if (line.startsWith(QLatin1String("***"))) {
        state.reading
            = line.contains(QLatin1String("WAITING FOR THIS LOCK")) ? Reading::WaitingLock : Reading::Nothing;
        return true;
    }
    return false;
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
    QStringList lines
        = status.mid(start, (lineEnd < 0 ? status.size() : lineEnd) - start).split(QLatin1Char('\n'));
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
    static const QRegularExpression victimLine(QStringLiteral("WE ROLL BACK TRANSACTION \\((\\d+)\\)"));
    BlockState state;
    for (const QString& raw : lines) {
        QString timestamp;
        const QString line = stripLogPrefix(raw, &timestamp).trimmed();
        if (state.record.when.isEmpty() && !timestamp.isEmpty())
            state.record.when = timestamp;
        if (state.reading == Reading::WaitedRecord && readWaitedRecord(state, line))
            continue;
        if (const QRegularExpressionMatch match = victimLine.match(line); match.hasMatch()) {
            state.record.victim = match.captured(1).toInt();
            break;
        }
        if (readTransactionLine(state, line) || !state.current || line.isEmpty())
            continue;
        DeadlockRecord::Transaction& current = *state.current;
        if (state.reading == Reading::Statement) {
            current.statement += (current.statement.isEmpty() ? QString() : QStringLiteral(" ")) + line;
        } else if (state.reading == Reading::WaitingLock && line.startsWith(QLatin1String("RECORD LOCKS"))) {
            current.waitingFor = line;
            state.reading = Reading::WaitedRecord;
        }
    }
    state.finishWaitedRecord();
    return state.record;
}
