#include "app/run/deadlockreader.h"
#include "app/db/sqlerrortext.h"

#include <QFile>
#include <QFileInfo>
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

DeadlockReader::DeadlockReader(const ConnectionParams& params, QSqlDatabase database)
    : m_database(std::move(database))
    , m_postgres(params.isPostgres())
{
    for (const ConnectionParams::Node& node : params.nodes) {
        if (!node.errorLog.isEmpty())
            m_logs.append({ node.errorLog, 0, {}, {} });
    }
    if (m_logs.isEmpty() && !params.embeddedErrorLog.isEmpty())
        m_logs.append({ params.embeddedErrorLog, 0, {}, {} });
}

void DeadlockReader::start()
{
    if (!m_logs.isEmpty()) {
        for (FollowedLog& log : m_logs) {
            const QFileInfo file(log.path);
            log.offset = file.exists() ? file.size() : 0;
        }
        return;
    }
    if (m_postgres)
        return;
    QSqlQuery query(m_database);
    if (query.exec(QStringLiteral("SHOW ENGINE INNODB STATUS")) && query.next()) {
        if (const auto record = DeadlockParser::parseStatus(query.value(2).toString()))
            m_lastSeen = fingerprint(*record);
    }
}

QList<DeadlockRecord> DeadlockReader::readLog(FollowedLog& followed)
{
    QFile log(followed.path);
    if (!log.open(QIODevice::ReadOnly)) {
        m_error = tr("cannot read %1: %2").arg(followed.path, log.errorString());
        return {};
    }
    if (log.size() < followed.offset) // the log was rotated or truncated
        followed.offset = 0;
    log.seek(followed.offset);
    // What was written since the last look, at most 64 MB: read(64 MB) would set the whole
    // 64 MB aside at every look, however little is new.
    const QByteArray fresh = log.read(std::min<qint64>(log.size() - followed.offset, 64 * 1024 * 1024));
    followed.offset += fresh.size();
    return m_postgres ? followed.pgParser.feed(QString::fromUtf8(fresh))
                      : followed.parser.feed(QString::fromUtf8(fresh));
}

QList<DeadlockRecord> DeadlockReader::poll()
{
    if (!m_logs.isEmpty()) {
        QList<DeadlockRecord> found;
        for (FollowedLog& log : m_logs)
            found += readLog(log);
        return found;
    }
    if (m_postgres || !m_database.isOpen()) // closed: the server dropped the connection
        return {};
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("SHOW ENGINE INNODB STATUS")) || !query.next()) {
        m_error = QStringLiteral("cannot read SHOW ENGINE INNODB STATUS (it needs the PROCESS privilege): %1")
                      .arg(SqlErrorText::of(query.lastError()));
        return {};
    }
    const std::optional<DeadlockRecord> record = DeadlockParser::parseStatus(query.value(2).toString());
    if (!record || fingerprint(*record) == m_lastSeen)
        return {};
    m_lastSeen = fingerprint(*record);
    return { *record };
}
