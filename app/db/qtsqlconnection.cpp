#include "app/db/qtsqlconnection.h"

#include "app/db/sqldialect.h"

#include "app/db/pgnotices.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <libpq-fe.h>
#include <mysql.h>
#include <sys/socket.h>

QtSqlConnection::QtSqlConnection()
    : m_name(QStringLiteral("lockbench-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
}

QtSqlConnection::~QtSqlConnection()
{
    m_socket.store(-1);
    if (m_database.isValid())
        m_database.close();
    m_database = QSqlDatabase();
    if (QSqlDatabase::contains(m_name))
        QSqlDatabase::removeDatabase(m_name);
}

bool QtSqlConnection::open(const ConnectionParams& params, bool useDatabase, QString* error)
{
    m_postgres = params.isPostgres();
    const QString driver = m_postgres ? QStringLiteral("QPSQL") : QStringLiteral("QMYSQL");
    if (!QSqlDatabase::isDriverAvailable(driver)) {
        *error = m_postgres ? tr("the Qt PostgreSQL driver (QPSQL) is missing; install libqt6sql6-psql")
                            : tr("the Qt MySQL driver (QMYSQL) is missing; install libqt6sql6-mysql");
        return false;
    }
    m_database = QSqlDatabase::addDatabase(driver, m_name);
    m_database.setPort(params.port);
    m_database.setUserName(params.user);
    m_database.setPassword(params.password);
    if (m_postgres) {
        // libpq takes a socket's directory as its host, and a session always has a database.
        m_database.setHostName(params.socket.isEmpty() ? params.host : params.socket);
        m_database.setDatabaseName(useDatabase ? params.database : QStringLiteral("postgres"));
        // Its notices ("relation already exists, skipping") and warnings would go to stderr.
        m_database.setConnectOptions(QStringLiteral(
            "connect_timeout=5;application_name=lockbench;options=-cclient_min_messages=error"));
    } else {
        m_database.setHostName(params.socket.isEmpty() ? params.host : QStringLiteral("localhost"));
        if (useDatabase)
            m_database.setDatabaseName(params.database);
        QString options = QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT=5;MYSQL_OPT_READ_TIMEOUT=120");
        if (!params.socket.isEmpty())
            options += QStringLiteral(";UNIX_SOCKET=") + params.socket;
        m_database.setConnectOptions(options);
    }
    if (!m_database.open()) {
        const QSqlError sqlError = m_database.lastError();
        *error
            = tr("cannot connect to %1 as %2: %3 (error %4)")
                  .arg(params.endpoint(), params.user, sqlError.databaseText(), sqlError.nativeErrorCode());
        return false;
    }
    adoptDriverHandle();
    QSqlQuery version(m_database);
    if (version.exec(SqlDialect::of(m_postgres).version()) && version.next())
        m_version = version.value(0).toString();
    m_mariaDb = isMariaDbVersion(m_version);
    return true;
}

bool QtSqlConnection::isMariaDbVersion(const QString& version)
{
    return version.contains(QLatin1String("MariaDB"), Qt::CaseInsensitive);
}

bool QtSqlConnection::isAlive()
{
    QSqlQuery query(m_database);
    return m_database.isOpen() && query.exec(SqlDialect::of(m_postgres).ping());
}

bool QtSqlConnection::reopen(QString* error)
{
    m_socket.store(-1);
    m_database.close();
    if (!m_database.open()) {
        const QSqlError sqlError = m_database.lastError();
        *error = tr("cannot connect again: %1 (error %2)")
                     .arg(sqlError.databaseText(), sqlError.nativeErrorCode());
        return false;
    }
    adoptDriverHandle();
    return true;
}

bool QtSqlConnection::useDatabase(const QString& database, QString* error)
{
    if (!m_postgres) // the name is checked by the caller: letters, digits, underscores
        return exec(QStringLiteral("USE `%1`").arg(database), error);
    if (m_database.databaseName() == database && isAlive())
        return true;
    m_database.setDatabaseName(database);
    return reopen(error);
}

void QtSqlConnection::adoptDriverHandle()
{
    const QVariant handle = m_database.driver()->handle();
    if (m_postgres) {
        // Qt names the type by the struct behind libpq's typedef.
        if (handle.isValid()
            && (qstrcmp(handle.typeName(), "PGconn*") == 0 || qstrcmp(handle.typeName(), "pg_conn*") == 0)) {
            if (PGconn* conn = *static_cast<PGconn* const*>(handle.constData())) {
                m_socket.store(PQsocket(conn));
                keepNoticesOffTheTerminal(conn);
            }
        }
        return;
    }
    // The driver's handle is a MYSQL*, whose type Qt may name by the struct behind the typedef.
    if (handle.isValid()
        && (qstrcmp(handle.typeName(), "MYSQL*") == 0 || qstrcmp(handle.typeName(), "st_mysql*") == 0)) {
        if (MYSQL* mysql = *static_cast<MYSQL* const*>(handle.constData()))
            m_socket.store(static_cast<int>(mysql_get_socket(mysql)));
    }
}

void QtSqlConnection::abortFromAnyThread() const
{
    if (const int socket = m_socket.load(); socket >= 0)
        ::shutdown(socket, SHUT_RDWR);
}

bool QtSqlConnection::exec(const QString& sql, QString* error)
{
    QSqlQuery query(m_database);
    if (!query.exec(sql)) {
        *error
            = tr("%1 (error %2) in: %3")
                  .arg(query.lastError().databaseText(), query.lastError().nativeErrorCode(), sql.left(200));
        return false;
    }
    return true;
}
