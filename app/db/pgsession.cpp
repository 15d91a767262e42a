#include "app/db/pgsession.h"

#include "app/db/pgconnection.h"
#include "app/db/pgnotices.h"
#include "app/fiber/clientwait.h"

#include <libpq-fe.h>

#include <QRegularExpression>

#include <sys/epoll.h>

#include <string>
#include <vector>

namespace {

constexpr unsigned int kLostConnection = 2013;
constexpr unsigned int kCannotConnect = 2003;
constexpr unsigned int kUnknownError = 1105;

struct SqlStateCode {
    const char* sqlState;
    unsigned int code;
};

// The SQLSTATEs whose handling the lab's codes already name (see classifyError, endsTheRun).
constexpr SqlStateCode kCodes[] = {
    { "40P01", 1213 }, // deadlock_detected
    { "40001", 1020 }, // serialization_failure: another transaction changed what this one read
    { "23505", 1062 }, // unique_violation
    { "57014", 1317 }, // query_canceled: the stop that cancels the orders under way
    { "P0001", 1644 }, // raise_exception: a routine's own error, as MySQL's SIGNAL
    { "57P01", kLostConnection }, // admin_shutdown
    { "57P02", kLostConnection }, // crash_shutdown
    { "57P03", kLostConnection }, // cannot_connect_now: starting up or shutting down
    { "25006", 1792 }, // read_only_sql_transaction
    { "42501", 1142 }, // insufficient_privilege
    { "3D000", 1049 }, // invalid_catalog_name: the database is gone
    { "42P01", 1146 }, // undefined_table
    // Refusals at connect: the account or its rights are gone, which waiting will not change.
    { "28P01", 1045 }, // invalid_password
    { "28000", 1045 }, // invalid_authorization_specification: no such role, or pg_hba refuses
    { "53300", 1040 }, // too_many_connections
};

// A connection the server refused says why in a message libpq gives as text; at VERBOSE its
// SQLSTATE stands after the severity, in any language the server speaks ("FATAL:  28P01: …").
const QRegularExpression& sqlStateInMessage()
{
    static const QRegularExpression pattern(QStringLiteral(":\\s+((?=[0-9A-Z]{0,4}[0-9])[0-9A-Z]{5}): "));
    return pattern;
}

} // namespace

PgSession::~PgSession()
{
    close();
}

DatabaseError PgSession::connectError(const QString& libpqMessage)
{
    const QRegularExpressionMatch match = sqlStateInMessage().match(libpqMessage);
    if (!match.hasMatch()) // no answer from a server: unreachable, refused, timed out
        return { kCannotConnect, libpqMessage };
    // The message as people read it: without the code, which comes apart, and without VERBOSE's
    // LOCATION line (the server's source file).
    QString message = libpqMessage;
    message.remove(match.capturedStart(1), match.capturedLength(1) + 2);
    QStringList lines = message.split(QLatin1Char('\n'));
    lines.removeIf([](const QString& line) {
        return line.contains(QRegularExpression(QStringLiteral("\\S+\\.c:\\d+")));
    });
    const QString sqlState = match.captured(1);
    const unsigned int code = pgErrorCode(sqlState, QString());
    return { code == kUnknownError ? kCannotConnect : code, lines.join(QLatin1Char('\n')).trimmed(),
        sqlState };
}

unsigned int PgSession::pgErrorCode(const QString& sqlState, const QString& sourceFunction)
{
    // 55P03 answers both NOWAIT and lock_timeout, which the lab handles as InnoDB's 3572 and 1205.
    // The lock timeout is raised where a backend handles its interrupts; NOWAIT where it locks a
    // row. Told apart by that function, not by the message, which the server may translate.
    if (sqlState == QLatin1String("55P03"))
        return sourceFunction == QLatin1String("ProcessInterrupts") ? 1205 : 3572;
    if (sqlState.startsWith(QLatin1String("08")))
        return kLostConnection;
    for (const SqlStateCode& known : kCodes) {
        if (sqlState == QLatin1String(known.sqlState))
            return known.code;
    }
    return kUnknownError;
}

bool PgSession::open(const ConnectionParams& params, bool useDatabase, int connectTimeoutS, int ioTimeoutS)
{
    close();
    m_openError = {};
    m_ioTimeoutMs = ioTimeoutS * 1000;
    const QByteArray conninfo
        = PgConnection::connectionString(params, useDatabase ? QString() : QStringLiteral("postgres"));
    m_conn = PQconnectStart(conninfo.constData());
    if (!m_conn) {
        m_openError = { 2008, tr("out of memory creating a connection") };
        return false;
    }
    PQsetErrorVerbosity(m_conn, PQERRORS_VERBOSE); // a refusal's SQLSTATE, in its message
    // From the start: a backend ended while the session starts up says FATAL through libpq's
    // notice processor, which would print it on the console.
    keepNoticesOffTheTerminal(m_conn);
    for (PostgresPollingStatusType polling = PGRES_POLLING_WRITING; polling != PGRES_POLLING_OK;) {
        if (PQstatus(m_conn) == CONNECTION_BAD || polling == PGRES_POLLING_FAILED) {
            m_openError = connectError(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
            close();
            return false;
        }
        // Each host libpq tries is a new socket, perhaps under the number of the last one.
        const std::uint32_t events = polling == PGRES_POLLING_READING ? EPOLLIN : EPOLLOUT;
        m_socket = PQsocket(m_conn);
        if (ClientWait::forSocket(m_socket, this, events, connectTimeoutS * 1000, true)
            == FiberScheduler::kTimedOut) {
            m_openError
                = { kCannotConnect, tr("no answer from PostgreSQL within %1 s").arg(connectTimeoutS) };
            close();
            return false;
        }
        polling = PQconnectPoll(m_conn);
    }
    PQsetErrorVerbosity(m_conn, PQERRORS_DEFAULT);
    PQsetnonblocking(m_conn, 1);
    return true;
}

void PgSession::close()
{
    if (!m_conn)
        return;
    // The number it was opened under: libpq closes a broken connection's socket itself, and
    // PQsocket() then says -1 while the fiber scheduler still knows the old number.
    if (m_socket >= 0)
        ClientWait::forgetSocket(m_socket, this);
    m_socket = -1;
    PQfinish(m_conn); // the server rolls back whatever is still open
    m_conn = nullptr;
}

PgSession::Reply PgSession::exec(const QString& sql)
{
    if (!m_conn)
        return lost(tr("not connected"));
    if (PQsendQuery(m_conn, sql.toUtf8().constData()) != 1)
        return lost(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
    return collect();
}

PgSession::Reply PgSession::prepare(const QByteArray& name, const QString& sql)
{
    if (!m_conn)
        return lost(tr("not connected"));
    if (PQsendPrepare(m_conn, name.constData(), sql.toUtf8().constData(), 0, nullptr) != 1)
        return lost(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
    return collect();
}

PgSession::Reply PgSession::execPrepared(const QByteArray& name, std::span<const SqlValue> params)
{
    if (!m_conn)
        return lost(tr("not connected"));
    std::vector<QByteArray> values;
    std::vector<const char*> pointers;
    values.reserve(params.size());
    for (const SqlValue& param : params) {
        values.push_back(param.toBytes());
        pointers.push_back(param.isNull() ? nullptr : values.back().constData());
    }
    if (PQsendQueryPrepared(
            m_conn, name.constData(), static_cast<int>(pointers.size()), pointers.data(), nullptr, nullptr, 0)
        != 1)
        return lost(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
    return collect();
}

bool PgSession::waitFor(std::uint32_t events, int timeoutMs, Reply* failed)
{
    // A connection libpq found broken has no socket left to wait on: nothing would wake the wait.
    if (PQsocket(m_conn) < 0 || PQstatus(m_conn) == CONNECTION_BAD) {
        *failed = lost(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
        return false;
    }
    if (ClientWait::forSocket(PQsocket(m_conn), this, events, timeoutMs) == FiberScheduler::kTimedOut) {
        *failed = lost(tr("no reply from PostgreSQL within %1 s").arg(timeoutMs / 1000));
        return false;
    }
    return true;
}

PgSession::Reply PgSession::collect()
{
    Reply failed;
    // A statement longer than the socket's buffer leaves in parts.
    for (int flushing = PQflush(m_conn); flushing != 0; flushing = PQflush(m_conn)) {
        if (flushing < 0 || !waitFor(EPOLLOUT | EPOLLIN, m_ioTimeoutMs, &failed)
            || PQconsumeInput(m_conn) != 1)
            return failed.error.isSet() ? failed : lost(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
    }
    Reply reply;
    bool first = true;
    while (true) {
        // Read before waiting: the fiber scheduler's waits are edge-triggered, and a reply (or the
        // end of a connection whose server died) that came in before the wait began makes no edge.
        while (PQisBusy(m_conn)) {
            if (PQconsumeInput(m_conn) != 1)
                return lost(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
            if (!PQisBusy(m_conn))
                break;
            if (!waitFor(EPOLLIN, m_ioTimeoutMs, &failed))
                return failed;
        }
        PGresult* result = PQgetResult(m_conn);
        if (!result)
            break;
        // Several statements in one string answer in turn: the first error is the answer.
        Reply next = replyOf(result);
        PQclear(result);
        if (first || (reply.ok && !next.ok))
            reply = std::move(next);
        first = false;
    }
    if (first)
        return lost(QString::fromUtf8(PQerrorMessage(m_conn)).trimmed());
    if (!reply.ok && PQstatus(m_conn) == CONNECTION_BAD)
        reply.error.code = kLostConnection;
    return reply;
}

PgSession::Reply PgSession::replyOf(pg_result* result)
{
    Reply reply;
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
        const char* function = PQresultErrorField(result, PG_DIAG_SOURCE_FUNCTION);
        const QString sqlState = state ? QString::fromLatin1(state) : QString();
        const QString message = QString::fromUtf8(PQresultErrorMessage(result)).trimmed();
        reply.error = { pgErrorCode(sqlState, function ? QString::fromLatin1(function) : QString()), message,
            sqlState };
        return reply;
    }
    reply.ok = true;
    reply.affectedRows = QByteArray(PQcmdTuples(result)).toULongLong();
    reply.commandTag = QString::fromLatin1(PQcmdStatus(result)).section(QLatin1Char(' '), 0, 0);
    const int rows = PQntuples(result);
    const int columns = PQnfields(result);
    for (int column = 0; column < columns; ++column) {
        reply.columns << QString::fromUtf8(PQfname(result, column));
        reply.columnTypes << PQftype(result, column);
    }
    for (int row = 0; row < rows; ++row) {
        QStringList cells;
        for (int column = 0; column < columns; ++column)
            cells << (PQgetisnull(result, row, column) ? QString()
                                                       : QString::fromUtf8(PQgetvalue(result, row, column)));
        reply.rows << cells;
    }
    return reply;
}

PgSession::Reply PgSession::lost(const QString& message)
{
    Reply reply;
    reply.error = { kLostConnection, message, QStringLiteral("08006") };
    return reply;
}

int PgSession::socket() const
{
    return m_conn ? PQsocket(m_conn) : -1;
}

int PgSession::backendPid() const
{
    return m_conn ? PQbackendPID(m_conn) : 0;
}

QString PgSession::serverVersion() const
{
    if (!m_conn)
        return {};
    const int version = PQserverVersion(m_conn);
    return QStringLiteral("%1.%2").arg(version / 10000).arg(version % 10000);
}
