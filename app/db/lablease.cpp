#include "app/db/lablease.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QLocale>

namespace {

constexpr qsizetype kMaxLockName = 64; // MySQL refuses longer names; MariaDB takes them
// The lease connection only waits: the server's own idle limit (often minutes on a shared
// server) must not close it, and with it free the lease, in the middle of a long plan.
constexpr int kIdleLimitS = 31'536'000; // a year, the largest wait_timeout the server accepts
// How long one of its statements may take before the lease gives up on the server.
constexpr unsigned int kStatementTimeoutS = 5;

} // namespace

LabLease::LabLease(ConnectionParams params)
    : m_params(std::move(params))
    , m_name(lockName(m_params.database))
{
    // Its statements never wait on anything (GET_LOCK with no wait, RELEASE_LOCK): a server
    // that does not answer in seconds is paused, and a run stopped then must not wait for it.
    m_connection.setTimeouts(5, kStatementTimeoutS);
}

LabLease::~LabLease()
{
    release();
}

QString LabLease::lockName(const QString& database)
{
    // The server compares lock names without case, and database names (on Linux) with it:
    // a name with capitals, or one too long for a lock, is named by its hash.
    const QString name = QStringLiteral("lockbench.") + database;
    if (name.size() <= kMaxLockName && database == database.toLower())
        return name;
    return QStringLiteral("lockbench.")
        + QString::fromLatin1(QCryptographicHash::hash(database.toUtf8(), QCryptographicHash::Sha1).toHex());
}

bool LabLease::acquire(QString* error)
{
    if (m_held)
        return true;
    // Without the database: the lease comes before the lab creates it, or touches it at all.
    if (!m_connection.isOpen() && !m_connection.open(m_params, false)) {
        *error = tr("cannot connect to %1 to reserve database %2: %3")
                     .arg(m_params.maskedUrl(), m_params.database, m_connection.lastError().toString());
        return false;
    }
    m_connection.execute(QStringLiteral("SET SESSION wait_timeout = %1").arg(kIdleLimitS)); // best effort
    // The name comes from a database name checked to be letters, digits and underscores.
    const QString quotedName = QLatin1Char('\'') + m_name + QLatin1Char('\'');
    m_takenByOther = false;
    // Twice: the holder may let go between our refusal and the look at who it was.
    for (int attempt = 0; attempt < 2; ++attempt) {
        const std::optional<std::int64_t> taken
            = m_connection.queryInt(QStringLiteral("SELECT GET_LOCK(%1, 0)").arg(quotedName));
        if (taken == 1) {
            m_held = true;
            return true;
        }
        if (!taken) {
            *error = tr("cannot reserve database %1 on %2: %3")
                         .arg(m_params.database, m_params.maskedUrl(),
                             m_connection.lastError().isSet() ? m_connection.lastError().toString()
                                                              : tr("GET_LOCK returned NULL"));
            return false;
        }
        const std::optional<std::int64_t> holder
            = m_connection.queryInt(QStringLiteral("SELECT IS_USED_LOCK(%1)").arg(quotedName));
        if (holder) {
            m_takenByOther = true;
            *error
                = tr("database %1 on %2 is in use by another lab: its lease (%3) is held by %4. Two labs on "
                     "one database would drop each other's tables: wait for that run to end, or choose "
                     "another database")
                      .arg(m_params.database, m_params.maskedUrl(), m_name, describeHolder(*holder));
            return false;
        }
    }
    m_takenByOther = true;
    *error = tr(
        "database %1 on %2 is in use by another lab that keeps taking and giving back its lease; try again")
                 .arg(m_params.database, m_params.maskedUrl());
    return false;
}

bool LabLease::keep(QString* error)
{
    if (m_held && m_connection.idleAndAlive())
        return true;
    if (!m_held && !m_lost)
        return true; // never taken, or given back
    m_held = false;
    m_lost = true;
    m_connection.close();
    QString why;
    if (acquire(&why)) {
        m_lost = false;
        return true;
    }
    if (!m_takenByOther)
        return true; // the server cannot be asked now: asked again at the next look
    *error = tr("the lab lost its lease on database %1 with its connection, and another lab took "
                "it: %2")
                 .arg(m_params.database, why);
    return false;
}

void LabLease::abandon()
{
    m_held = false;
    m_lost = false;
    m_connection.close();
}

void LabLease::release()
{
    m_lost = false;
    if (m_held && m_connection.isOpen())
        m_connection.execute(QStringLiteral("DO RELEASE_LOCK('%1')").arg(m_name));
    m_held = false;
    m_connection.close(); // closing alone frees the lock as well
}

QString LabLease::describeHolder(std::int64_t connectionId)
{
    // Another account's connections are listed only with the PROCESS privilege.
    const std::optional<QString> row = m_connection.queryText(QStringLiteral(
        "SELECT CONCAT_WS(CHAR(9), IFNULL(USER, ''), IFNULL(HOST, ''), IFNULL(COMMAND, ''), IFNULL(TIME, 0)) "
        "FROM information_schema.PROCESSLIST WHERE ID = %1")
                                                                  .arg(connectionId));
    const QString id = QString::number(connectionId);
    const QStringList fields = row ? row->split(QLatin1Char('\t')) : QStringList();
    if (fields.size() != 4)
        return tr("connection %1 (who and where is shown only to an account with the PROCESS privilege)")
            .arg(id);
    // A lab's lease connection says nothing after it takes the lease: its idle time is the
    // lease's age.
    if (fields[2] == QLatin1String("Sleep")) {
        const qint64 idleS = fields[3].toLongLong();
        return tr("connection %1 (user %2 from %3, since %4, %5 s ago)")
            .arg(id, fields[0], fields[1],
                QDateTime::currentDateTime().addSecs(-idleS).toString(QStringLiteral("HH:mm:ss")),
                QLocale(QLocale::English).toString(idleS));
    }
    return tr("connection %1 (user %2 from %3)").arg(id, fields[0], fields[1]);
}
