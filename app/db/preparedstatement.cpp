#include "app/db/preparedstatement.h"

#include "app/db/databaseconnection.h"
#include "app/db/nonblockingcall.h"
#include "app/db/pgsession.h"

#include <mysql.h>

#include <algorithm>
#include <optional>

namespace {

// What a MySQL column reads as: whole numbers (a SUM is a DECIMAL without decimals), doubles,
// and the rest as the server writes it.
SqlValue::Kind kindOfColumn(enum_field_types type, unsigned int decimals)
{
    switch (type) {
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_YEAR:
    case MYSQL_TYPE_NULL:
        return SqlValue::Kind::Int;
    case MYSQL_TYPE_DECIMAL:
    case MYSQL_TYPE_NEWDECIMAL:
        return decimals == 0 ? SqlValue::Kind::Int : SqlValue::Kind::Double;
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
        return SqlValue::Kind::Double;
    default:
        return SqlValue::Kind::Text;
    }
}

// A PostgreSQL column's text as its type (its OID, from pg_type.dat) reads: the integers and
// booleans as whole numbers, a numeric as one when it has no fraction, the floats as doubles.
SqlValue postgresValue(const QString& cell, unsigned int type)
{
    constexpr unsigned int kBool = 16, kInt8 = 20, kInt2 = 21, kInt4 = 23, kOid = 26, kFloat4 = 700,
                           kFloat8 = 701, kNumeric = 1700;
    if (cell.isNull())
        return {};
    bool whole = false;
    switch (type) {
    case kBool:
        return SqlValue(std::int64_t { cell == QLatin1String("t") ? 1 : 0 });
    case kInt8:
    case kInt2:
    case kInt4:
    case kOid:
    case kNumeric:
        if (const qlonglong value = cell.toLongLong(&whole); whole)
            return SqlValue(std::int64_t { value });
        if (type != kNumeric)
            break;
        [[fallthrough]];
    case kFloat4:
    case kFloat8:
        if (const double value = cell.toDouble(&whole); whole)
            return SqlValue(value);
        break;
    default:
        break;
    }
    return SqlValue(cell.toUtf8());
}

} // namespace

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
    , m_params(std::move(other.m_params))
    , m_paramsBound(std::exchange(other.m_paramsBound, false))
    , m_resultBinds(std::move(other.m_resultBinds))
    , m_resultColumns(std::move(other.m_resultColumns))
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
        m_params = std::move(other.m_params);
        m_paramsBound = std::exchange(other.m_paramsBound, false);
        m_resultBinds = std::move(other.m_resultBinds);
        m_resultColumns = std::move(other.m_resultColumns);
        m_resultsBound = std::exchange(other.m_resultsBound, false);
        m_pg = std::exchange(other.m_pg, {});
    }
    return *this;
}

bool PreparedStatement::prepare(DatabaseConnection& connection, const QString& sql)
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
    m_resultColumns.assign(m_columns, ResultColumn {});
    if (MYSQL_RES* metadata = mysql_stmt_result_metadata(m_stmt)) {
        const MYSQL_FIELD* fields = mysql_fetch_fields(metadata);
        for (unsigned int i = 0; i < m_columns; ++i) {
            m_columnNames << QString::fromUtf8(fields[i].name);
            m_resultColumns[i].kind = kindOfColumn(fields[i].type, fields[i].decimals);
        }
        mysql_free_result(metadata);
    }
    return true;
}

bool PreparedStatement::prepareOnPostgres(DatabaseConnection& connection)
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

bool PreparedStatement::executeOnPostgres(std::span<const SqlValue> params)
{
    PgSession* session = m_connection ? m_connection->postgres() : nullptr;
    if (!session) {
        m_error = { 2006, tr("statement is not prepared (connection lost?)") };
        return false;
    }
    m_connection->crossNetwork();
    const DatabaseConnection::ReplyTimer replied(*m_connection);
    PgSession::Reply reply = session->execPrepared(m_pg.name, params);
    m_error = reply.error;
    m_pg.rows = std::move(reply.rows);
    m_pg.columnTypes = std::move(reply.columnTypes);
    m_columnNames = std::move(reply.columns);
    m_pg.nextRow = 0;
    m_pg.affectedRows = reply.affectedRows;
    return reply.ok;
}

bool PreparedStatement::execute(std::span<const std::int64_t> params)
{
    m_wholeParams.assign(params.begin(), params.end());
    return execute(std::span<const SqlValue>(m_wholeParams));
}

bool PreparedStatement::execute(std::span<const SqlValue> params)
{
    if (!m_pg.name.isEmpty())
        return executeOnPostgres(params);
    if (!m_stmt) {
        m_error = { 2006, tr("statement is not prepared (connection lost?)") };
        return false;
    }
    freeResult();
    if (!bindParams(params))
        return false;
    m_connection->crossNetwork();
    const DatabaseConnection::ReplyTimer replied(*m_connection);
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

bool PreparedStatement::bindParams(std::span<const SqlValue> params)
{
    if (m_params.size() != params.size()) {
        m_params.assign(params.size(), Param {});
        m_paramBinds.assign(params.size(), MYSQL_BIND {});
        m_paramsBound = false;
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
        Param& param = m_params[i];
        MYSQL_BIND& bind = m_paramBinds[i];
        const SqlValue& value = params[i];
        if (param.kind != value.kind()) {
            param.kind = value.kind();
            bind = MYSQL_BIND {};
            bind.buffer_type = param.kind == SqlValue::Kind::Int ? MYSQL_TYPE_LONGLONG
                : param.kind == SqlValue::Kind::Double           ? MYSQL_TYPE_DOUBLE
                : param.kind == SqlValue::Kind::Text             ? MYSQL_TYPE_STRING
                                                                 : MYSQL_TYPE_NULL;
            bind.buffer
                = param.kind == SqlValue::Kind::Double ? static_cast<void*>(&param.real) : &param.number;
            bind.length = &param.length;
            m_paramsBound = false;
        }
        switch (param.kind) {
        case SqlValue::Kind::Int:
            param.number = value.toInt();
            break;
        case SqlValue::Kind::Double:
            param.real = value.toDouble();
            break;
        case SqlValue::Kind::Text:
            param.text = value.toText(); // shared, not copied: its buffer is the value's
            param.length = static_cast<unsigned long>(param.text.size());
            if (bind.buffer != param.text.constData()) {
                bind.buffer = const_cast<char*>(param.text.constData());
                bind.buffer_length = param.length;
                m_paramsBound = false;
            }
            break;
        case SqlValue::Kind::Null:
            break;
        }
    }
    if (!m_paramsBound && !m_paramBinds.empty()) {
        if (mysql_stmt_bind_param(m_stmt, m_paramBinds.data()) != 0) {
            captureError();
            return false;
        }
        m_paramsBound = true;
    }
    return true;
}

bool PreparedStatement::bindResults()
{
    m_resultBinds.assign(m_columns, MYSQL_BIND {});
    for (unsigned int i = 0; i < m_columns; ++i) {
        ResultColumn& column = m_resultColumns[i];
        MYSQL_BIND& bind = m_resultBinds[i];
        bind.is_null = reinterpret_cast<my_bool*>(&column.isNull);
        bind.length = &column.length;
        switch (column.kind) {
        case SqlValue::Kind::Double:
            bind.buffer_type = MYSQL_TYPE_DOUBLE;
            bind.buffer = &column.real;
            break;
        case SqlValue::Kind::Text:
            if (column.text.empty())
                column.text.resize(64);
            bind.buffer_type = MYSQL_TYPE_STRING;
            bind.buffer = column.text.data();
            bind.buffer_length = static_cast<unsigned long>(column.text.size());
            break;
        default:
            bind.buffer_type = MYSQL_TYPE_LONGLONG;
            bind.buffer = &column.number;
            break;
        }
    }
    if (mysql_stmt_bind_result(m_stmt, m_resultBinds.data()) != 0) {
        captureError();
        return false;
    }
    m_resultsBound = true;
    return true;
}

bool PreparedStatement::readLongTexts()
{
    for (unsigned int i = 0; i < m_columns; ++i) {
        ResultColumn& column = m_resultColumns[i];
        if (column.kind != SqlValue::Kind::Text || column.isNull || column.length <= column.text.size())
            continue;
        column.text.resize(column.length);
        MYSQL_BIND whole {};
        whole.buffer_type = MYSQL_TYPE_STRING;
        whole.buffer = column.text.data();
        whole.buffer_length = column.length;
        if (mysql_stmt_fetch_column(m_stmt, &whole, i, 0) != 0) {
            captureError();
            return false;
        }
        m_resultsBound = false; // the next row is read into the grown buffer
    }
    return true;
}

bool PreparedStatement::fetchFromPostgres(std::vector<SqlValue>& row)
{
    if (m_pg.nextRow >= m_pg.rows.size())
        return false;
    const QStringList& cells = m_pg.rows[m_pg.nextRow++];
    row.resize(static_cast<std::size_t>(cells.size()));
    for (qsizetype i = 0; i < cells.size(); ++i)
        row[static_cast<std::size_t>(i)] = postgresValue(cells[i], m_pg.columnTypes.value(i));
    return true;
}

bool PreparedStatement::fetch(std::vector<SqlValue>& row)
{
    if (!m_pg.name.isEmpty())
        return fetchFromPostgres(row);
    if (!m_hasResult || (!m_resultsBound && !bindResults()))
        return false;
    const int status = mysql_stmt_fetch(m_stmt);
    if (status == MYSQL_NO_DATA)
        return false;
    if (status != 0 && status != MYSQL_DATA_TRUNCATED) {
        captureError();
        return false;
    }
    if (!readLongTexts())
        return false;
    row.resize(m_columns);
    for (unsigned int i = 0; i < m_columns; ++i) {
        const ResultColumn& column = m_resultColumns[i];
        if (column.isNull)
            row[i] = SqlValue();
        else if (column.kind == SqlValue::Kind::Double)
            row[i] = SqlValue(column.real);
        else if (column.kind == SqlValue::Kind::Text)
            row[i] = SqlValue(QByteArray(column.text.data(), static_cast<qsizetype>(column.length)));
        else
            row[i] = SqlValue(std::int64_t { column.number });
    }
    return true;
}

bool PreparedStatement::fetch(std::vector<std::optional<std::int64_t>>& row)
{
    if (!fetch(m_values))
        return false;
    row.assign(m_values.size(), std::nullopt);
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        const SqlValue& value = m_values[i];
        if (value.kind() == SqlValue::Kind::Int)
            row[i] = value.toInt();
        else if (value.kind() == SqlValue::Kind::Double)
            row[i] = static_cast<std::int64_t>(value.toDouble());
        else if (value.kind() == SqlValue::Kind::Text)
            row[i] = value.toText().toLongLong();
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
