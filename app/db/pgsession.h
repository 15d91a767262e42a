#pragma once

#include "app/core/databaseerror.h"
#include "app/db/connectionparams.h"
#include "app/db/sqlvalue.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <span>

struct pg_conn;
struct pg_result;

// One PostgreSQL session over libpq's asynchronous calls, for the lab's client connections: it
// waits for its socket through ClientWait, so that on a fiber the other clients go on meanwhile
// and on a thread it blocks. Errors come back in the lab's vocabulary (pgErrorCode), with the
// server's SQLSTATE kept beside.
class PgSession {
    Q_DECLARE_TR_FUNCTIONS(PgSession)

public:
    struct Reply {
        bool ok = false;
        DatabaseError error;
        QList<QStringList> rows; // a NULL as a null QString
        QStringList columns; // the result's column names
        QList<unsigned int> columnTypes; // and their types' OIDs
        std::uint64_t affectedRows = 0;
        QString commandTag; // "COMMIT", "ROLLBACK", "UPDATE", …
    };

    PgSession() = default;
    ~PgSession();
    PgSession(const PgSession&) = delete;
    PgSession& operator=(const PgSession&) = delete;

    // Connects; `useDatabase` false connects to the "postgres" database instead of params'.
    bool open(const ConnectionParams& params, bool useDatabase, int connectTimeoutS, int ioTimeoutS);
    void close();
    bool isOpen() const { return m_conn != nullptr; }
    const DatabaseError& openError() const { return m_openError; }

    Reply exec(const QString& sql);
    // A statement prepared once under `name` ($1, $2, … its parameters), run with values sent
    // as text, which the server reads as the types it gave the parameters.
    Reply prepare(const QByteArray& name, const QString& sql);
    Reply execPrepared(const QByteArray& name, std::span<const SqlValue> params);

    int socket() const;
    int backendPid() const;
    QString serverVersion() const;

    // The lab's error code for a SQLSTATE: 40P01 a deadlock (1213), 55P03 a NOWAIT refusal
    // (3572) or a lock_timeout (1205, raised in `sourceFunction` ProcessInterrupts), 40001 a
    // serialization failure (1020), 57014 a cancel (1317), class 08 and the shutdowns a lost
    // connection (2013), a refused password or role 1045, …; 1105 for the rest.
    static unsigned int pgErrorCode(const QString& sqlState, const QString& sourceFunction);
    // A failed connect, from libpq's message at VERBOSE: a refusal the server gave keeps its
    // SQLSTATE and its code (a wrong password 1045, a database gone 1049, no CONNECT right
    // 1142), one it did not give (nobody listening, no answer) is 2003.
    static DatabaseError connectError(const QString& libpqMessage);

private:
    Reply collect(); // flushes what was sent, waits for and reads every result
    bool waitFor(std::uint32_t events, int timeoutMs, Reply* failed);
    Reply lost(const QString& message);
    static Reply replyOf(pg_result* result);

    pg_conn* m_conn = nullptr;
    int m_ioTimeoutMs = 120000;
    int m_socket = -1; // as the fiber scheduler knows it, from the connect on
    DatabaseError m_openError;
};
