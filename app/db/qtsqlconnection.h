#pragma once

#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QString>

#include <atomic>

// A QSqlDatabase (the QMYSQL driver, or QPSQL for PostgreSQL) under a unique name, owned by
// the thread that opened it and removed from Qt's registry when this object dies.
class QtSqlConnection {
    Q_DECLARE_TR_FUNCTIONS(QtSqlConnection)

public:
    QtSqlConnection();
    ~QtSqlConnection();
    QtSqlConnection(const QtSqlConnection&) = delete;
    QtSqlConnection& operator=(const QtSqlConnection&) = delete;

    // `useDatabase` false: no database (MySQL), the "postgres" database (PostgreSQL).
    bool open(const ConnectionParams& params, bool useDatabase, QString* error);
    // True when the server answers on this connection.
    bool isAlive();
    // Opens the connection again under the same name: every copy of database() (the
    // sampler's, the auditor's, the inspector's) uses the new one. Session state is gone.
    bool reopen(QString* error);
    // Shuts the connection's socket down from any thread: a query blocked on a server that
    // stopped answering returns at once with a lost connection, to be reopened later.
    void abortFromAnyThread() const;
    QSqlDatabase& database() { return m_database; }
    // Puts the connection on `database`: USE on MySQL; on PostgreSQL, where a session stays in
    // the database it opened, the connection is opened again there.
    bool useDatabase(const QString& database, QString* error);
    // Runs statements that return no rows; stops at the first failure with its text in `error`.
    bool exec(const QString& sql, QString* error);
    bool isMariaDb() const { return m_mariaDb; }
    // MariaDB says so in VERSION() ("10.11.6-MariaDB-0+deb12u1", "5.5.5-10.11.6-MariaDB" through
    // some proxies); MySQL 8 does not ("8.0.36", "8.0.36-0ubuntu0.22.04.1").
    static bool isMariaDbVersion(const QString& version);
    bool isPostgres() const { return m_postgres; }
    QString serverVersion() const { return m_version; }

private:
    QString m_name;
    QSqlDatabase m_database;
    bool m_mariaDb = true;
    bool m_postgres = false;
    QString m_version;
    std::atomic<int> m_socket { -1 };

    // After each open: the driver's socket, for abortFromAnyThread(), and on PostgreSQL its
    // notices kept off the terminal (a backend terminated while idle says FATAL there).
    void adoptDriverHandle();
};
