#pragma once

#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

struct pg_conn;

// One connection to PostgreSQL over libpq, owned by exactly one thread.
class PgConnection {
    Q_DECLARE_TR_FUNCTIONS(PgConnection)

public:
    // What a statement returned: its rows as text (a NULL as a null QString), or the server's
    // SQLSTATE and message.
    struct Result {
        bool ok = false;
        QString sqlState; // "40P01" a deadlock, "55P03" NOWAIT refused, "08006" the connection lost, …
        QString error;
        QList<QStringList> rows;
        long long affectedRows = 0;
        QString value(int row = 0, int column = 0) const { return rows.value(row).value(column); }
    };

    PgConnection() = default;
    ~PgConnection();
    PgConnection(const PgConnection&) = delete;
    PgConnection& operator=(const PgConnection&) = delete;

    // Connects over params.socket (a directory, as libpq's host) or host:port; 10 s to connect.
    bool open(const ConnectionParams& params, QString* error);
    void close();
    bool isOpen() const { return m_conn != nullptr; }

    // Runs `sql`, with $1, $2, … bound to `params` as text when given.
    Result exec(const QString& sql, const QStringList& params = {});
    int backendPid() const;
    QString serverVersion() const; // "15.18"

    // The libpq connection string of `params` for database `database` (empty: params.database).
    static QByteArray connectionString(const ConnectionParams& params, const QString& database = {});

private:
    pg_conn* m_conn = nullptr;
};
