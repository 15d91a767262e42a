#include "app/run/deadlockwatcher.h"

#include <QFile>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

namespace {

QString fingerprint(const DeadlockRecord& record)
{
    QString key = record.when;
    for (const DeadlockRecord::Transaction& trx : record.transactions)
        key += QLatin1Char('/') + trx.trxId;
    return key;
}

} // namespace

DeadlockWatcher::DeadlockWatcher(const ConnectionParams& params, QSqlDatabase database)
    : m_logPath(params.embeddedErrorLog)
    , m_database(std::move(database))
{
}

void DeadlockWatcher::start()
{
    if (!m_logPath.isEmpty()) {
        QFile log(m_logPath);
        m_offset = log.exists() ? log.size() : 0;
        return;
    }
    QSqlQuery query(m_database);
    if (query.exec(QStringLiteral("SHOW ENGINE INNODB STATUS")) && query.next()) {
        if (const auto record = DeadlockParser::parseStatus(query.value(2).toString()))
            m_lastSeen = fingerprint(*record);
    }
}

QList<DeadlockRecord> DeadlockWatcher::poll()
{
    if (!m_logPath.isEmpty()) {
        QFile log(m_logPath);
        if (!log.open(QIODevice::ReadOnly)) {
            m_error = tr("cannot read %1: %2").arg(m_logPath, log.errorString());
            return {};
        }
        if (log.size() < m_offset) // the log was rotated or truncated
            m_offset = 0;
        log.seek(m_offset);
        // What was written since the last look, at most 64 MB: read(64 MB) would set the whole
        // 64 MB aside at every look, however little is new.
        const QByteArray fresh = log.read(std::min<qint64>(log.size() - m_offset, 64 * 1024 * 1024));
        m_offset += fresh.size();
        return m_parser.feed(QString::fromUtf8(fresh));
    }
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("SHOW ENGINE INNODB STATUS")) || !query.next()) {
        m_error = QStringLiteral("cannot read SHOW ENGINE INNODB STATUS (it needs the PROCESS privilege): %1")
                      .arg(query.lastError().text());
        return {};
    }
    const std::optional<DeadlockRecord> record = DeadlockParser::parseStatus(query.value(2).toString());
    if (!record || fingerprint(*record) == m_lastSeen)
        return {};
    m_lastSeen = fingerprint(*record);
    return { *record };
}
