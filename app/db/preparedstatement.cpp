#include "app/db/preparedstatement.h"

#include "app/db/mysqlconnection.h"
#include "app/db/nonblockingcall.h"
#include "app/db/pgsession.h"

#include <mysql.h>

#include <algorithm>
#include <optional>

PreparedStatement::PreparedStatement() = default;

PreparedStatement::~PreparedStatement()
{
    reset();
}

PreparedStatement::PreparedStatement(PreparedStatement&& other) noexcept
    : m_stmt(std::exchange(other.m_stmt, nullptr))
    , m_connection(std::exchange(other.m_connection, nullptr))
    , m_sql(std::move(other.m_sql))
    , m_error(std::move(other.m_error))
    , m_columns(other.m_columns)
    , m_columnNames(std::move(other.m_columnNames))
    , m_hasResult(std::exchange(other.m_hasResult, false))
    , m_paramBinds(std::move(other.m_paramBinds)) // moved vectors keep their buffers: bindings stay valid
    , m_paramValues(std::move(other.m_paramValues))
    , m_paramsBound(std::exchange(other.m_paramsBound, false))
    , m_resultBinds(std::move(other.m_resultBinds))
    , m_resultValues(std::move(other.m_resultValues))
    , m_resultNulls(std::move(other.m_resultNulls))
    , m_resultsBound(std::exchange(other.m_resultsBound, false))
    , m_pg(std::exchange(other.m_pg, {}))
{
}

PreparedStatement& PreparedStatement::operator=(PreparedStatement&& other) noexcept
{
    if (this != &other) {
        reset();
        m_stmt = std::exchange(other.m_stmt, nullptr);
        m_connection = std::exchange(other.m_connection, nullptr);
        m_sql = std::move(other.m_sql);
        m_error = std::move(other.m_error);
        m_columns = other.m_columns;
        m_columnNames = std::move(other.m_columnNames);
        m_hasResult = std::exchange(other.m_hasResult, false);
        m_paramBinds = std::move(other.m_paramBinds);
        m_paramValues = std::move(other.m_paramValues);
        m_paramsBound = std::exchange(other.m_paramsBound, false);
        m_resultBinds = std::move(other.m_resultBinds);
        m_resultValues = std::move(other.m_resultValues);
        m_resultNulls = std::move(other.m_resultNulls);
        m_resultsBound = std::exchange(other.m_resultsBound, false);
        m_pg = std::exchange(other.m_pg, {});
    }
    return *this;
}

bool PreparedStatement::prepare(MysqlConnection& connection, const QString& sql)
{
    reset();
    m_sql = sql;
    m_error = {};
    if (connection.postgres())
        return prepareOnPostgres(connection);
    if (!connection.handle()) {
        m_error = { 2006, tr("not connected") };
        return false;
    }
    m_stmt = mysql_stmt_init(connection.handle());
    if (!m_stmt) {
        m_error = { 2008, tr("out of memory preparing a statement") };
        return false;
    }
    const QByteArray utf8 = sql.toUtf8();
    m_connection = &connection;
    int failed = 0;
    if (connection.isNonBlocking())
        NonBlockingCall::drive(
            connection.handle(),
            [&] {
                return mysql_stmt_prepare_start(
                    &failed, m_stmt, utf8.constData(), static_cast<unsigned long>(utf8.size()));
            },
            [&](int ready) { return mysql_stmt_prepare_cont(&failed, m_stmt, ready); });
    else
        failed = mysql_stmt_prepare(m_stmt, utf8.constData(), static_cast<unsigned long>(utf8.size()));
    if (failed != 0) {
        m_connection = nullptr;
        captureError();
        mysql_stmt_close(m_stmt);
        m_stmt = nullptr;
        return false;
    }
    m_columns = mysql_stmt_field_count(m_stmt);
    if (MYSQL_RES* metadata = mysql_stmt_result_metadata(m_stmt)) {
        const MYSQL_FIELD* fields = mysql_fetch_fields(metadata);
        for (unsigned int i = 0; i < m_columns; ++i)
            m_columnNames << QString::fromUtf8(fields[i].name);
        mysql_free_result(metadata);
    }
    return true;
}

bool PreparedStatement::prepareOnPostgres(MysqlConnection& connection)
{
    const QByteArray name = connection.nextStatementName();
    const PgSession::Reply reply = connection.postgres()->prepare(name, numberedPlaceholders(m_sql));
    if (!reply.ok) {
        m_error = reply.error;
        return false;
    }
    m_connection = &connection;
    m_pg.name = name;
    return true;
}

QString PreparedStatement::numberedPlaceholders(const QString& sql)
{
    QString numbered;
    QChar quote;
    int parameter = 0;
    for (const QChar c : sql) {
        if (!quote.isNull()) {
            numbered += c;
            if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            numbered += c;
        } else if (c == QLatin1Char('?')) {
            numbered += QLatin1Char('$') + QString::number(++parameter);
        } else {
            numbered += c;
        }
    }
    return numbered;
}

void PreparedStatement::reset()
{
    m_pg = {}; // the server forgets the statement with the session; a new one gets a new name
    m_columnNames.clear();
    if (!m_stmt)
        return;
    freeResult();
    mysql_stmt_close(m_stmt);
    m_stmt = nullptr;
    m_paramsBound = false;
    m_resultsBound = false;
}

bool PreparedStatement::executeOnPostgres(std::span<const std::int64_t> params)
{
    PgSession* session = m_connection ? m_connection->postgres() : nullptr;
    if (!session) {
        m_error = { 2006, tr("statement is not prepared (connection lost?)") };
        return false;
    }
    m_connection->crossNetwork();
    const MysqlConnection::ReplyTimer replied(*m_connection);
    PgSession::Reply reply = session->execPrepared(m_pg.name, params);
    m_error = reply.error;
    m_pg.rows = std::move(reply.rows);
    m_columnNames = std::move(reply.columns);
    m_pg.nextRow = 0;
    m_pg.affectedRows = reply.affectedRows;
    return reply.ok;
}

bool PreparedStatement::execute(std::span<const std::int64_t> params)
{
    if (!m_pg.name.isEmpty())
        return executeOnPostgres(params);
    if (!m_stmt) {
        m_error = { 2006, tr("statement is not prepared (connection lost?)") };
        return false;
    }
    freeResult();
    if (m_paramValues.size() != params.size()) {
        m_paramValues.assign(params.size(), 0);
        m_paramBinds.assign(params.size(), MYSQL_BIND {});
        for (std::size_t i = 0; i < params.size(); ++i) {
            m_paramBinds[i].buffer_type = MYSQL_TYPE_LONGLONG;
            m_paramBinds[i].buffer = &m_paramValues[i];
        }
        m_paramsBound = false;
    }
    std::copy(params.begin(), params.end(), m_paramValues.begin());
    if (!m_paramsBound && !m_paramBinds.empty()) {
        if (mysql_stmt_bind_param(m_stmt, m_paramBinds.data()) != 0) {
            captureError();
            return false;
        }
        m_paramsBound = true;
    }
    m_connection->crossNetwork();
    const MysqlConnection::ReplyTimer replied(*m_connection);
    if (executeThenRead() != 0) {
        captureError();
        return false;
    }
    if (m_columns > 0) {
        if (waitingCall(mysql_stmt_store_result, mysql_stmt_store_result_start, mysql_stmt_store_result_cont)
            != 0) {
            captureError();
            return false;
        }
        m_hasResult = true;
    }
    return true;
}

bool PreparedStatement::fetch(std::vector<std::optional<std::int64_t>>& row)
{
    if (!m_pg.name.isEmpty()) {
        if (m_pg.nextRow >= m_pg.rows.size())
            return false;
        const QStringList& cells = m_pg.rows[m_pg.nextRow++];
        row.assign(static_cast<std::size_t>(cells.size()), std::nullopt);
        for (qsizetype i = 0; i < cells.size(); ++i) {
            if (!cells[i].isNull())
                row[static_cast<std::size_t>(i)] = cells[i].toLongLong();
        }
        return true;
    }
    if (!m_hasResult)
        return false;
    if (!m_resultsBound) {
        m_resultValues.assign(m_columns, 0);
        m_resultNulls.assign(m_columns, 0);
        m_resultBinds.assign(m_columns, MYSQL_BIND {});
        for (unsigned int i = 0; i < m_columns; ++i) {
            m_resultBinds[i].buffer_type = MYSQL_TYPE_LONGLONG;
            m_resultBinds[i].buffer = &m_resultValues[i];
            m_resultBinds[i].is_null = reinterpret_cast<my_bool*>(&m_resultNulls[i]);
        }
        if (mysql_stmt_bind_result(m_stmt, m_resultBinds.data()) != 0) {
            captureError();
            return false;
        }
        m_resultsBound = true;
    }
    const int status = mysql_stmt_fetch(m_stmt);
    if (status == MYSQL_NO_DATA)
        return false;
    if (status != 0 && status != MYSQL_DATA_TRUNCATED) {
        captureError();
        return false;
    }
    row.assign(m_columns, std::nullopt);
    for (unsigned int i = 0; i < m_columns; ++i) {
        if (!m_resultNulls[i])
            row[i] = m_resultValues[i];
    }
    return true;
}

std::optional<std::int64_t> PreparedStatement::fetchSingle()
{
    std::optional<std::int64_t> value;
    if (fetch(m_row) && !m_row.empty())
        value = m_row[0];
    freeResult();
    return value;
}

std::uint64_t PreparedStatement::affectedRows() const
{
    if (!m_pg.name.isEmpty())
        return m_pg.affectedRows;
    return m_stmt ? mysql_stmt_affected_rows(m_stmt) : 0;
}

int PreparedStatement::waitingCall(int (*blocking)(st_mysql_stmt*), int (*start)(int*, st_mysql_stmt*),
    int (*next)(int*, st_mysql_stmt*, int))
{
    if (!m_connection->isNonBlocking() || !m_connection->handle())
        return blocking(m_stmt);
    int failed = 0;
    NonBlockingCall::drive(
        m_connection->handle(), [&] { return start(&failed, m_stmt); },
        [&](int ready) { return next(&failed, m_stmt, ready); });
    return failed;
}

int PreparedStatement::executeThenRead()
{
    st_mysql* mysql = m_connection->handle();
    if (!m_connection->isNonBlocking() || !mysql)
        return mysql_stmt_execute(m_stmt);
    // Sent without reading, waited for, then read (see NonBlockingCall::waitForReply): the
    // option makes mysql_stmt_execute() return once the statement is sent, and the read is
    // the one it would have made next.
    my_bool skipRead = 1;
    mysql_optionsv(mysql, MARIADB_OPT_SKIP_READ_RESPONSE, &skipRead);
    const int sendFailed = mysql_stmt_execute(m_stmt);
    skipRead = 0;
    mysql_optionsv(mysql, MARIADB_OPT_SKIP_READ_RESPONSE, &skipRead);
    if (sendFailed != 0)
        return sendFailed;
    m_connection->waitForReply();
    return mysql->methods->db_read_execute_response(m_stmt);
}

void PreparedStatement::captureError()
{
    m_error = { mysql_stmt_errno(m_stmt), QString::fromUtf8(mysql_stmt_error(m_stmt)) };
    if (m_error.code == 0)
        m_error = { 2000, tr("unknown client error") };
}

void PreparedStatement::freeResult()
{
    m_pg.rows.clear();
    if (m_stmt && m_hasResult)
        mysql_stmt_free_result(m_stmt);
    m_hasResult = false;
}
