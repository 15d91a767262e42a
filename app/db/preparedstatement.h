#pragma once

#include "app/core/databaseerror.h"
#include "app/db/sqlvalue.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

struct st_mysql_stmt;
struct st_mysql_bind;
class DatabaseConnection;

// A server-side prepared statement. The order paths bind and read whole numbers; a strategy
// file's statements bind and read any SqlValue, each result column as its type says (a string,
// a date, a double). Owned by the thread that owns the connection. On PostgreSQL the same SQL
// is prepared by name, its ? placeholders numbered $1, $2, ….
class PreparedStatement {
    Q_DECLARE_TR_FUNCTIONS(PreparedStatement)

public:
    PreparedStatement(); // out of line: the bind vectors hold a type only the .cpp sees
    ~PreparedStatement();
    PreparedStatement(const PreparedStatement&) = delete;
    PreparedStatement& operator=(const PreparedStatement&) = delete;
    PreparedStatement(PreparedStatement&& other) noexcept;
    PreparedStatement& operator=(PreparedStatement&& other) noexcept;

    bool prepare(DatabaseConnection& connection, const QString& sql);
    void reset();
    bool isPrepared() const { return m_stmt != nullptr || !m_pg.name.isEmpty(); }

    // Runs with the given parameters. Result rows, if any, are read with fetch().
    bool execute(std::span<const SqlValue> params);
    bool execute(std::span<const std::int64_t> params);
    bool execute(std::initializer_list<std::int64_t> params)
    {
        return execute(std::span<const std::int64_t>(params.begin(), params.size()));
    }
    // Next row's columns; false when no row is left or on error.
    bool fetch(std::vector<SqlValue>& row);
    // The same as whole numbers (NULL reads as nullopt; a double truncated, a text parsed).
    bool fetch(std::vector<std::optional<std::int64_t>>& row);
    // The first column of the first row, draining the rest; nullopt when there is no row.
    std::optional<std::int64_t> fetchSingle();
    std::uint64_t affectedRows() const;
    // The result's column names: known once prepared (MySQL) or executed (PostgreSQL).
    const QStringList& columnNames() const { return m_columnNames; }

    const DatabaseError& lastError() const { return m_error; }
    const QString& sql() const { return m_sql; }
    // `sql` with each ? outside quotes as $1, $2, …, as PostgreSQL numbers its parameters.
    static QString numberedPlaceholders(const QString& sql);

private:
    void captureError();
    // mysql_stmt_execute(); on a fiber, sent, then waited for, then read.
    int executeThenRead();
    // A call that waits for the server: blocking, or on a fiber through the non-blocking API.
    int waitingCall(int (*blocking)(st_mysql_stmt*), int (*start)(int*, st_mysql_stmt*),
        int (*next)(int*, st_mysql_stmt*, int));
    void freeResult();
    bool prepareOnPostgres(DatabaseConnection& connection);
    bool executeOnPostgres(std::span<const SqlValue> params);
    // The parameters into their buffers, bound again when a kind or a text's buffer changed.
    bool bindParams(std::span<const SqlValue> params);
    bool bindResults();
    // A text longer than its buffer: the buffer grows and the column is read again.
    bool readLongTexts();
    bool fetchFromPostgres(std::vector<SqlValue>& row);

    st_mysql_stmt* m_stmt = nullptr;
    DatabaseConnection* m_connection = nullptr; // its round trip is crossed before each execute
    QString m_sql;
    DatabaseError m_error;
    unsigned int m_columns = 0;
    QStringList m_columnNames;
    bool m_hasResult = false;
    // Bound once per statement and reused: an order's statements run thousands of times a
    // second, and the server reads the values through these buffers at each execute.
    struct Param {
        SqlValue::Kind kind = SqlValue::Kind::Null;
        long long number = 0;
        double real = 0.0;
        QByteArray text;
        unsigned long length = 0;
    };
    std::vector<st_mysql_bind> m_paramBinds;
    std::vector<Param> m_params;
    bool m_paramsBound = false;
    std::vector<SqlValue> m_wholeParams; // execute()'s whole numbers, as values
    // A result column's buffers, of the kind its type reads as (known once prepared).
    struct ResultColumn {
        SqlValue::Kind kind = SqlValue::Kind::Int;
        long long number = 0;
        double real = 0.0;
        std::vector<char> text;
        unsigned long length = 0;
        char isNull = 0;
    };
    std::vector<st_mysql_bind> m_resultBinds;
    std::vector<ResultColumn> m_resultColumns;
    bool m_resultsBound = false;
    std::vector<SqlValue> m_values; // a row read for the whole-number fetch
    std::vector<std::optional<std::int64_t>> m_row;

    // The PostgreSQL statement: its name on the session, and the rows of its last execute.
    struct PostgresStatement {
        QByteArray name;
        QList<QStringList> rows;
        QList<unsigned int> columnTypes; // the columns' type OIDs
        qsizetype nextRow = 0;
        std::uint64_t affectedRows = 0;
    };
    PostgresStatement m_pg;
};
