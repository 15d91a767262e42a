#include "app/db/pgconnection.h"

#include "app/db/pgnotices.h"

#include <libpq-fe.h>

#include <memory>
#include <vector>

namespace {

constexpr int kConnectTimeoutS = 10;
// SQLSTATE class 08, connection exception: what a lost connection answers.
const QString kConnectionLost = QStringLiteral("08006");

// A value in a libpq connection string: quoted, with its quotes and backslashes escaped.
QByteArray quoted(const QString& value)
{
    QByteArray text = value.toUtf8();
    text.replace('\\', "\\\\");
    text.replace('\'', "\\'");
    return '\'' + text + '\'';
}

struct ResultDeleter {
    void operator()(PGresult* result) const { PQclear(result); }
};
using ResultHandle = std::unique_ptr<PGresult, ResultDeleter>;

} // namespace

PgConnection::~PgConnection()
{
    close();
}

QByteArray PgConnection::connectionString(const ConnectionParams& params, const QString& database)
{
    QByteArray text = "host=" + quoted(params.socket.isEmpty() ? params.host : params.socket);
    if (params.socket.isEmpty() || params.port > 0)
        text += " port=" + QByteArray::number(params.port);
    text += " dbname=" + quoted(database.isEmpty() ? params.database : database);
    if (!params.user.isEmpty())
        text += " user=" + quoted(params.user);
    if (!params.password.isEmpty())
        text += " password=" + quoted(params.password);
    text += " connect_timeout=" + QByteArray::number(kConnectTimeoutS);
    text += " application_name='lockbench'";
    text += " options='-c client_min_messages=error'"; // libpq would print notices on stderr
    return text;
}

bool PgConnection::open(const ConnectionParams& params, QString* error)
{
    close();
    m_conn = PQconnectdb(connectionString(params).constData());
    if (!m_conn) {
        *error = tr("out of memory");
        return false;
    }
    if (PQstatus(m_conn) != CONNECTION_OK) {
        *error
            = tr("cannot connect to PostgreSQL: %1").arg(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
        close();
        return false;
    }
    keepNoticesOffTheTerminal(m_conn);
    return true;
}

void PgConnection::close()
{
    if (m_conn)
        PQfinish(m_conn);
    m_conn = nullptr;
}

PgConnection::Result PgConnection::exec(const QString& sql, const QStringList& params)
{
    Result result;
    if (!m_conn) {
        result.sqlState = kConnectionLost;
        result.error = tr("not connected");
        return result;
    }
    const QByteArray text = sql.toUtf8();
    std::vector<QByteArray> values;
    std::vector<const char*> pointers;
    values.reserve(static_cast<std::size_t>(params.size()));
    for (const QString& param : params) {
        values.push_back(param.toUtf8());
        pointers.push_back(param.isNull() ? nullptr : values.back().constData());
    }
    const ResultHandle reply(params.isEmpty()
            ? PQexec(m_conn, text.constData())
            : PQexecParams(m_conn, text.constData(), static_cast<int>(pointers.size()), nullptr,
                pointers.data(), nullptr, nullptr, 0));
    const ExecStatusType status = reply ? PQresultStatus(reply.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        const char* state = reply ? PQresultErrorField(reply.get(), PG_DIAG_SQLSTATE) : nullptr;
        result.sqlState = state ? QString::fromLatin1(state)
                                : (PQstatus(m_conn) == CONNECTION_BAD ? kConnectionLost : QString());
        result.error
            = QString::fromUtf8(reply ? PQresultErrorMessage(reply.get()) : PQerrorMessage(m_conn)).trimmed();
        return result;
    }
    result.ok = true;
    result.affectedRows = QByteArray(PQcmdTuples(reply.get())).toLongLong();
    const int rows = PQntuples(reply.get());
    const int columns = PQnfields(reply.get());
    for (int row = 0; row < rows; ++row) {
        QStringList cells;
        for (int column = 0; column < columns; ++column)
            cells << (PQgetisnull(reply.get(), row, column)
                    ? QString()
                    : QString::fromUtf8(PQgetvalue(reply.get(), row, column)));
        result.rows << cells;
    }
    return result;
}

int PgConnection::backendPid() const
{
    return m_conn ? PQbackendPID(m_conn) : 0;
}

QString PgConnection::serverVersion() const
{
    if (!m_conn)
        return {};
    const int version = PQserverVersion(m_conn); // 150018 for 15.18
    return QStringLiteral("%1.%2").arg(version / 10000).arg(version % 10000);
}
