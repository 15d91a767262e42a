#include "preparedstatement.h"

#include "mysqlconnection.h"

#include <mysql.h>

#include <optional>

PreparedStatement::~PreparedStatement()
{
    reset();
}

PreparedStatement::PreparedStatement(PreparedStatement&& other) noexcept
    : m_stmt(std::exchange(other.m_stmt, nullptr))
    , m_sql(std::move(other.m_sql))
    , m_error(std::move(other.m_error))
    , m_columns(other.m_columns)
    , m_hasResult(std::exchange(other.m_hasResult, false))
{
}

PreparedStatement& PreparedStatement::operator=(PreparedStatement&& other) noexcept
{
    if (this != &other) {
        reset();
        m_stmt = std::exchange(other.m_stmt, nullptr);
        m_sql = std::move(other.m_sql);
        m_error = std::move(other.m_error);
        m_columns = other.m_columns;
        m_hasResult = std::exchange(other.m_hasResult, false);
    }
    return *this;
}

bool PreparedStatement::prepare(MysqlConnection& connection, const QString& sql)
{
    reset();
    m_sql = sql;
    m_error = {};
    if (!connection.handle()) {
        m_error = { 2006, QStringLiteral("not connected") };
        return false;
    }
    m_stmt = mysql_stmt_init(connection.handle());
    if (!m_stmt) {
        m_error = { 2008, QStringLiteral("out of memory preparing a statement") };
        return false;
    }
    const QByteArray utf8 = sql.toUtf8();
    if (mysql_stmt_prepare(m_stmt, utf8.constData(), static_cast<unsigned long>(utf8.size())) != 0) {
        captureError();
        mysql_stmt_close(m_stmt);
        m_stmt = nullptr;
        return false;
    }
    m_columns = mysql_stmt_field_count(m_stmt);
    return true;
}

void PreparedStatement::reset()
{
    if (!m_stmt)
        return;
    freeResult();
    mysql_stmt_close(m_stmt);
    m_stmt = nullptr;
}

bool PreparedStatement::execute(std::span<const std::int64_t> params)
{
    if (!m_stmt) {
        m_error = { 2006, QStringLiteral("statement is not prepared (connection lost?)") };
        return false;
    }
    freeResult();
    std::vector<MYSQL_BIND> binds(params.size());
    std::vector<long long> values(params.begin(), params.end());
    for (std::size_t i = 0; i < params.size(); ++i) {
        binds[i] = MYSQL_BIND {};
        binds[i].buffer_type = MYSQL_TYPE_LONGLONG;
        binds[i].buffer = &values[i];
    }
    if (!binds.empty() && mysql_stmt_bind_param(m_stmt, binds.data()) != 0) {
        captureError();
        return false;
    }
    if (mysql_stmt_execute(m_stmt) != 0) {
        captureError();
        return false;
    }
    if (m_columns > 0) {
        if (mysql_stmt_store_result(m_stmt) != 0) {
            captureError();
            return false;
        }
        m_hasResult = true;
    }
    return true;
}

bool PreparedStatement::fetch(std::vector<std::optional<std::int64_t>>& row)
{
    if (!m_hasResult)
        return false;
    std::vector<MYSQL_BIND> binds(m_columns);
    std::vector<long long> values(m_columns, 0);
    std::vector<my_bool> nulls(m_columns, 0);
    for (unsigned int i = 0; i < m_columns; ++i) {
        binds[i] = MYSQL_BIND {};
        binds[i].buffer_type = MYSQL_TYPE_LONGLONG;
        binds[i].buffer = &values[i];
        binds[i].is_null = &nulls[i];
    }
    if (mysql_stmt_bind_result(m_stmt, binds.data()) != 0) {
        captureError();
        return false;
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
        if (!nulls[i])
            row[i] = values[i];
    }
    return true;
}

std::optional<std::int64_t> PreparedStatement::fetchSingle()
{
    std::vector<std::optional<std::int64_t>> row;
    std::optional<std::int64_t> value;
    if (fetch(row) && !row.empty())
        value = row[0];
    freeResult();
    return value;
}

std::uint64_t PreparedStatement::affectedRows() const
{
    return m_stmt ? mysql_stmt_affected_rows(m_stmt) : 0;
}

void PreparedStatement::captureError()
{
    m_error = { mysql_stmt_errno(m_stmt), QString::fromUtf8(mysql_stmt_error(m_stmt)) };
    if (m_error.code == 0)
        m_error = { 2000, QStringLiteral("unknown client error") };
}

void PreparedStatement::freeResult()
{
    if (m_stmt && m_hasResult)
        mysql_stmt_free_result(m_stmt);
    m_hasResult = false;
}
