#include "app/server/serverknobs.h"

#include "app/db/qtsqlconnection.h"
#include "app/db/sqlerrortext.h"

#include <QSqlError>
#include <QSqlQuery>

#include <memory>

namespace {

QString readGlobal(QSqlDatabase& database, const QString& variable)
{
    QSqlQuery query(database);
    if (query.exec(QStringLiteral("SELECT @@GLOBAL.%1").arg(variable)) && query.next())
        return query.value(0).toString();
    return {};
}

// PostgreSQL's settings that bear on a hot row, as the result records them: how long a waiter
// waits before the deadlock detector runs, the connection limit, how a commit is made durable.
QString readSetting(QSqlDatabase& database, const QString& setting)
{
    QSqlQuery query(database);
    if (query.exec(QStringLiteral("SELECT current_setting('%1')").arg(setting)) && query.next())
        return query.value(0).toString();
    return {};
}

} // namespace

ServerKnobs::ServerKnobs(QSqlDatabase database, const ConnectionParams& params)
    : m_database(std::move(database))
    , m_params(params)
{
}

ServerKnobs::~ServerKnobs()
{
    restore();
}

bool ServerKnobs::set(const QString& variable, const QString& value, QString* error)
{
    if (!m_saved.contains(variable))
        m_saved.insert(variable, readGlobal(m_database, variable));
    QSqlQuery query(m_database);
    // Variable names are ours and values are validated numbers or ON/OFF: no user text here.
    if (!query.exec(QStringLiteral("SET GLOBAL %1 = %2").arg(variable, value))) {
        *error = tr("cannot set %1 = %2 on the server (it needs SUPER or SYSTEM_VARIABLES_ADMIN): %3")
                     .arg(variable, value, query.lastError().databaseText());
        return false;
    }
    return true;
}

bool ServerKnobs::applyOnPostgres(const Experiment& e)
{
    m_effective.clear();
    for (const QString& setting : { QStringLiteral("deadlock_timeout"), QStringLiteral("max_connections"),
             QStringLiteral("synchronous_commit"), QStringLiteral("shared_buffers") })
        if (const QString value = readSetting(m_database, setting); !value.isEmpty())
            m_effective.insert(setting, value);
    // Kept under InnoDB's names, which the results show for both engines; each worker's session
    // sets lock_timeout and the isolation.
    m_effective.insert(QStringLiteral("innodb_lock_wait_timeout"),
        e.lockWaitTimeoutS > 0 ? QString::number(e.lockWaitTimeoutS)
                               : readSetting(m_database, QStringLiteral("lock_timeout")));
    noteIsolation(e);
    return true;
}

bool ServerKnobs::apply(const Experiment& e, QString* error)
{
    // What the server does not allow was refused before (ServerFit).
    if (m_params.isPostgres())
        return applyOnPostgres(e);
    if (e.deadlockDetect != KnobSwitch::Server
        && !set(QStringLiteral("innodb_deadlock_detect"),
            e.deadlockDetect == KnobSwitch::On ? QStringLiteral("ON") : QStringLiteral("OFF"), error))
        return false;
    if (e.flushLogAtCommit >= 0
        && !set(QStringLiteral("innodb_flush_log_at_trx_commit"), QString::number(e.flushLogAtCommit), error))
        return false;
    if (e.bufferPoolMb > 0
        && !set(QStringLiteral("innodb_buffer_pool_size"),
            QString::number(static_cast<qint64>(e.bufferPoolMb) * 1024 * 1024), error))
        return false;

    m_effective.clear();
    for (const QString& variable : { QStringLiteral("innodb_deadlock_detect"),
             QStringLiteral("innodb_flush_log_at_trx_commit"), QStringLiteral("innodb_buffer_pool_size"),
             QStringLiteral("thread_handling"), QStringLiteral("innodb_spin_wait_delay"),
             // What bounds thousands of clients: connections, files, the thread pool's threads.
             QStringLiteral("max_connections"), QStringLiteral("open_files_limit"),
             QStringLiteral("thread_pool_max_threads") })
        if (const QString value = readGlobal(m_database, variable); !value.isEmpty())
            m_effective.insert(variable, value); // a server without the variable shows nothing for it
    // MariaDB reports the switch as 1/0.
    const QString detect = m_effective.value(QStringLiteral("innodb_deadlock_detect"));
    if (detect == QLatin1String("1") || detect == QLatin1String("0"))
        m_effective.insert(QStringLiteral("innodb_deadlock_detect"),
            detect == QLatin1String("1") ? QStringLiteral("ON") : QStringLiteral("OFF"));
    // The lock wait timeout and isolation are set on each worker's session.
    m_effective.insert(QStringLiteral("innodb_lock_wait_timeout"),
        e.lockWaitTimeoutS > 0 ? QString::number(e.lockWaitTimeoutS)
                               : readGlobal(m_database, QStringLiteral("innodb_lock_wait_timeout")));
    noteIsolation(e);
    return true;
}

void ServerKnobs::noteIsolation(const Experiment& e)
{
    QString isolation = isolationSql(e.isolation);
    if (isolation.isEmpty() && m_params.isPostgres())
        isolation = readSetting(m_database, QStringLiteral("default_transaction_isolation"));
    else if (isolation.isEmpty()) // MariaDB before 11.1 knows it as tx_isolation only
        for (const QString& variable :
            { QStringLiteral("transaction_isolation"), QStringLiteral("tx_isolation") })
            if ((isolation = readGlobal(m_database, variable)).size())
                break;
    if (!isolation.isEmpty())
        m_effective.insert(QStringLiteral("transaction_isolation"),
            isolation.replace(QLatin1Char('-'), QLatin1Char(' ')).toUpper());
}

void ServerKnobs::restore()
{
    if (m_saved.isEmpty())
        return;
    // The control connection may have been killed mid-run: a setting left changed would
    // outlive the lab on an external server, so a failed restore is retried on a fresh one.
    std::unique_ptr<QtSqlConnection> fresh;
    QSqlDatabase database = m_database;
    for (auto it = m_saved.begin(); it != m_saved.end(); ++it) {
        if (it.value().isEmpty())
            continue;
        const bool numeric = it.value().front().isDigit();
        const QString sql = QStringLiteral("SET GLOBAL %1 = %2")
                                .arg(it.key(), numeric ? it.value() : QStringLiteral("'%1'").arg(it.value()));
        QSqlQuery query(database);
        if (query.exec(sql))
            continue;
        QString error = SqlErrorText::of(query.lastError());
        if (!fresh) {
            fresh = std::make_unique<QtSqlConnection>();
            if (fresh->open(m_params, false, &error)) {
                database = fresh->database();
                QSqlQuery retry(database);
                if (retry.exec(sql))
                    continue;
                error = SqlErrorText::of(retry.lastError());
            }
        }
        qWarning("lockbench: could not restore %s to %s: %s", qPrintable(it.key()), qPrintable(it.value()),
            qPrintable(error));
    }
    m_saved.clear();
}
