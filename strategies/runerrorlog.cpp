#include "strategies/runerrorlog.h"

#include "app/core/passwordmask.h"

void RunErrorLog::report(const DatabaseError& error, const QString& context)
{
    // The server's text may quote a connection string with its password (FEDERATED, CONNECT).
    const QString message = PasswordMask::mask(
        context.isEmpty() ? error.message : context + QStringLiteral(": ") + error.message);
    std::lock_guard lock(m_mutex);
    for (Entry& entry : m_entries) {
        if (entry.code == error.code && entry.message == message) {
            ++entry.count;
            return;
        }
    }
    if (m_entries.size() < 100)
        m_entries.append({ error.code, message, 1 });
}

QList<RunErrorLog::Entry> RunErrorLog::entries() const
{
    std::lock_guard lock(m_mutex);
    return m_entries;
}

QStringList RunErrorLog::describe() const
{
    QStringList lines;
    for (const Entry& entry : entries())
        lines << tr("%1× error %2: %3").arg(entry.count).arg(entry.code).arg(entry.message);
    return lines;
}
