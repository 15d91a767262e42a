#include "app/run/applierstallbreaker.h"

#include "app/db/qtsqlconnection.h"

#include <QList>
#include <QLocale>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

ApplierStallBreaker::ApplierStallBreaker(QString user, QString database)
    : m_user(std::move(user))
    , m_database(std::move(database))
{
}

QString ApplierStallBreaker::check(
    QtSqlConnection& connection, int node, long long lastCommitted, long long recvQueue, long long nowMs)
{
    const long long previousSampleMs = m_lastSampleMs;
    m_lastSampleMs = nowMs;
    if (recvQueue <= 0 || lastCommitted != m_lastCommitted) {
        m_stalledSinceMs = -1;
        m_lastCommitted = lastCommitted;
        return {};
    }
    // Nothing committed since the last sample at the latest, with write sets waiting.
    if (m_stalledSinceMs < 0)
        m_stalledSinceMs = previousSampleMs;
    const long long stalledMs = nowMs - m_stalledSinceMs;
    m_longestStallMs = std::max(m_longestStallMs, stalledMs);
    // A killed connection takes a moment to roll back: one kill per stall interval.
    if (stalledMs < kStallMs || (m_lastKillMs >= 0 && nowMs - m_lastKillMs < kStallMs))
        return {};

    QSqlQuery query(connection.database());
    query.prepare(QStringLiteral(
        "SELECT DISTINCT blocker.ID FROM information_schema.INNODB_LOCK_WAITS w "
        "JOIN information_schema.INNODB_TRX requesting ON requesting.trx_id = w.requesting_trx_id "
        "JOIN information_schema.INNODB_TRX blocking ON blocking.trx_id = w.blocking_trx_id "
        "JOIN information_schema.PROCESSLIST applier ON applier.ID = requesting.trx_mysql_thread_id "
        "JOIN information_schema.PROCESSLIST blocker ON blocker.ID = blocking.trx_mysql_thread_id "
        "WHERE applier.USER = 'system user' AND blocker.USER = ? AND blocker.DB = ?"));
    query.addBindValue(m_user);
    query.addBindValue(m_database);
    if (!query.exec())
        return {}; // not MariaDB's information_schema, or no right to read it: nothing to end
    QList<long long> blockers;
    while (query.next())
        blockers.append(query.value(0).toLongLong());
    if (blockers.isEmpty())
        return {};
    QStringList ended;
    for (const long long id : blockers) {
        QString ignored; // gone by itself meanwhile: nothing left to end
        if (connection.exec(QStringLiteral("KILL CONNECTION %1").arg(id), &ignored))
            ended << QString::number(id);
    }
    if (ended.isEmpty())
        return {};
    m_lastKillMs = nowMs;
    ++m_stallsEnded;
    return tr(
        "node %1's applier had waited %2 s on a lock of connection %3, which the brute-force abort missed: "
        "the lab closed that connection")
        .arg(node)
        .arg(QLocale().toString(static_cast<double>(stalledMs) / 1000.0, 'f', 1))
        .arg(ended.join(QStringLiteral(", ")));
}
