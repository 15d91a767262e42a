#include "app/db/databaseconnection.h"

#include "app/core/steadyclock.h"
#include "app/db/nonblockingcall.h"
#include "app/db/pgsession.h"
#include "app/fiber/clientwait.h"

#include <mysql.h>

#include <cerrno>
#include <mutex>
#include <sys/socket.h>
#include <thread>

#ifdef __linux__
#include <sys/prctl.h>
#endif

void DatabaseConnection::initialiseLibrary()
{
    static std::once_flag once;
    std::call_once(once, [] { mysql_library_init(0, nullptr, nullptr); });
}

DatabaseConnection::DatabaseConnection() = default;

DatabaseConnection::~DatabaseConnection()
{
    close();
}

bool DatabaseConnection::open(const ConnectionParams& params, bool useDatabase)
{
    close();
    m_error = {};
    if (params.isPostgres())
        return openPostgres(params, useDatabase);
    m_handle = mysql_init(nullptr);
    if (!m_handle) {
        m_error = { 2008, tr("out of memory creating a connection") };
        return false;
    }
    mysql_options(m_handle, MYSQL_OPT_CONNECT_TIMEOUT, &m_connectTimeoutS);
    mysql_options(m_handle, MYSQL_OPT_READ_TIMEOUT, &m_ioTimeoutS);
    mysql_options(m_handle, MYSQL_OPT_WRITE_TIMEOUT, &m_ioTimeoutS);
    const my_bool noReconnect = 0; // reconnecting silently would hide a lost transaction
    mysql_options(m_handle, MYSQL_OPT_RECONNECT, &noReconnect);
    m_nonBlocking = ClientWait::onFiber();
    if (m_nonBlocking)
        mysql_options(m_handle, MYSQL_OPT_NONBLOCK, nullptr);

    const QByteArray host = params.socket.isEmpty() ? params.host.toUtf8() : QByteArray("localhost");
    const QByteArray user = params.user.toUtf8();
    const QByteArray password = params.password.toUtf8();
    const QByteArray database = params.database.toUtf8();
    const QByteArray socket = params.socket.toUtf8();
    MYSQL* connected = nullptr;
    const char* schema = useDatabase ? database.constData() : nullptr;
    const auto port = static_cast<unsigned int>(params.port);
    const char* socketPath = params.socket.isEmpty() ? nullptr : socket.constData();
    if (m_nonBlocking) {
        NonBlockingCall::drive(
            m_handle,
            [&] {
                return mysql_real_connect_start(&connected, m_handle, host.constData(), user.constData(),
                    password.constData(), schema, port, socketPath, 0);
            },
            [&](int ready) { return mysql_real_connect_cont(&connected, m_handle, ready); }, true);
    } else {
        connected = mysql_real_connect(
            m_handle, host.constData(), user.constData(), password.constData(), schema, port, socketPath, 0);
    }
    if (!connected) {
        captureError();
        mysql_close(m_handle);
        m_handle = nullptr;
        return false;
    }
    m_socket.store(static_cast<int>(mysql_get_socket(m_handle)));
    return true;
}

bool DatabaseConnection::openPostgres(const ConnectionParams& params, bool useDatabase)
{
    m_nonBlocking = ClientWait::onFiber();
    m_pg = std::make_unique<PgSession>();
    if (!m_pg->open(
            params, useDatabase, static_cast<int>(m_connectTimeoutS), static_cast<int>(m_ioTimeoutS))) {
        m_error = m_pg->openError();
        m_pg.reset();
        return false;
    }
    m_socket.store(m_pg->socket());
    return true;
}

void DatabaseConnection::setTimeouts(unsigned int connectS, unsigned int ioS)
{
    m_connectTimeoutS = connectS;
    m_ioTimeoutS = ioS;
}

bool DatabaseConnection::ping()
{
    if (m_pg)
        return queryText(QStringLiteral("SELECT 1")).has_value();
    int failed = 1;
    if (m_handle && m_nonBlocking)
        NonBlockingCall::drive(
            m_handle, [&] { return mysql_ping_start(&failed, m_handle); },
            [&](int ready) { return mysql_ping_cont(&failed, m_handle, ready); });
    else if (m_handle)
        failed = mysql_ping(m_handle);
    if (failed != 0) {
        captureError();
        return false;
    }
    return true;
}

void DatabaseConnection::close()
{
    if (m_pg) {
        m_socket.store(-1);
        m_pg.reset(); // forgets its socket and closes; the server rolls back what is open
    }
    if (!m_handle)
        return;
    const int socket = m_socket.exchange(-1);
    if (m_nonBlocking && socket >= 0)
        ClientWait::forgetSocket(socket, m_handle); // its number may come back for another connection
    mysql_close(m_handle); // the server rolls back whatever is still open
    m_handle = nullptr;
}

void DatabaseConnection::setRoundTrip(std::chrono::nanoseconds roundTrip)
{
    m_roundTrip = roundTrip;
#ifdef __linux__
    // Linux lets a sleep overshoot by the thread's timer slack, 50 µs by default: a twentieth
    // of a 1 ms round trip, crossed several times per order. 1 µs keeps the network as asked.
    if (roundTrip.count() > 0)
        prctl(PR_SET_TIMERSLACK, 1000UL, 0UL, 0UL, 0UL);
#endif
}

void DatabaseConnection::abortFromAnyThread() const
{
    if (const int socket = m_socket.load(); socket >= 0)
        ::shutdown(socket, SHUT_RDWR);
}

bool DatabaseConnection::idleAndAlive() const
{
    const int socket = m_socket.load();
    if (!isOpen() || socket < 0)
        return false;
    char byte = 0;
    const ssize_t waiting = ::recv(socket, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return waiting < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

void DatabaseConnection::crossNetwork()
{
    if (m_roundTrip.count() > 0) {
        const std::int64_t before = steadyNowNs();
        ClientWait::sleepFor(m_roundTrip);
        m_sentAtNs = steadyNowNs();
        // The network is the round trip asked for; a sleep that ends later is the machine's delay.
        const std::int64_t slept = m_sentAtNs - before;
        const std::int64_t asked = std::chrono::duration_cast<std::chrono::nanoseconds>(m_roundTrip).count();
        m_time.networkNs += std::min(slept, asked);
        m_time.lateWakeNs += std::max<std::int64_t>(0, slept - asked);
        if (m_timeline)
            m_timeline->record(TimelinePhase::Network, before, m_sentAtNs);
    } else {
        m_sentAtNs = steadyNowNs();
    }
    ++m_time.statements;
}

DatabaseConnection::ReplyTimer::~ReplyTimer()
{
    m_connection.m_time.serverNs += steadyNowNs() - m_connection.m_sentAtNs;
}

bool DatabaseConnection::execute(const QString& sql)
{
    if (!isOpen()) {
        m_error = { 2006, tr("not connected") };
        return false;
    }
    if (m_pg) {
        crossNetwork();
        const ReplyTimer replied(*this);
        PgSession::Reply reply = m_pg->exec(sql);
        m_error = reply.error;
        m_affectedRows = reply.affectedRows;
        return reply.ok;
    }
    const QByteArray utf8 = sql.toUtf8();
    crossNetwork();
    const ReplyTimer replied(*this);
    if (realQuery(utf8) != 0) {
        captureError();
        return false;
    }
    // Read before the results are drained: the client library reports -1 once they are.
    m_affectedRows = mysql_affected_rows(m_handle);
    // Drain every result, so the connection stays usable: a CALL sends one per SELECT in the
    // procedure and a last status; an error inside the procedure may come with any of them.
    while (true) {
        if (MYSQL_RES* result = storeResult())
            mysql_free_result(result);
        const int more = nextResult();
        if (more < 0)
            return true;
        if (more > 0) {
            captureError();
            return false;
        }
    }
}

bool DatabaseConnection::commit()
{
    return finishTransaction(true);
}

bool DatabaseConnection::rollback()
{
    return finishTransaction(false);
}

bool DatabaseConnection::finishTransaction(bool commit)
{
    if (m_pg)
        return finishOnPostgres(commit);
    if (!m_handle) {
        captureError();
        return false;
    }
    crossNetwork();
    const ReplyTimer replied(*this);
    if (endTransaction(commit) != 0) {
        captureError();
        return false;
    }
    return true;
}

std::optional<std::int64_t> DatabaseConnection::queryInt(const QString& sql)
{
    const std::optional<QString> text = queryText(sql);
    return text ? std::optional<std::int64_t>(text->toLongLong()) : std::nullopt;
}

std::optional<QString> DatabaseConnection::globalStatus(const QString& name)
{
    if (m_pg)
        return std::nullopt; // PostgreSQL keeps its counters in views of their own
    // The name comes from the lab's own code, never from input.
    return queryText(QStringLiteral(
        "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = '%1'")
                         .arg(name));
}

bool DatabaseConnection::finishOnPostgres(bool commit)
{
    crossNetwork();
    const ReplyTimer replied(*this);
    const PgSession::Reply reply = m_pg->exec(commit ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"));
    m_error = reply.error;
    // PostgreSQL answers COMMIT of a transaction an earlier error aborted with ROLLBACK, no error.
    if (reply.ok && commit && reply.commandTag == QLatin1String("ROLLBACK")) {
        m_error = { 1105, tr("COMMIT rolled back a transaction that had failed earlier"),
            QStringLiteral("25P02") };
        return false;
    }
    return reply.ok;
}

std::optional<QString> DatabaseConnection::queryTextOnPostgres(const QString& sql)
{
    crossNetwork();
    const ReplyTimer replied(*this);
    const PgSession::Reply reply = m_pg->exec(sql);
    m_error = reply.error;
    if (!reply.ok || reply.rows.isEmpty() || reply.rows.first().value(0).isNull())
        return std::nullopt;
    return reply.rows.first().first();
}

std::optional<QString> DatabaseConnection::queryText(const QString& sql)
{
    if (m_pg)
        return queryTextOnPostgres(sql);
    if (!m_handle)
        return std::nullopt;
    const QByteArray utf8 = sql.toUtf8();
    crossNetwork();
    const ReplyTimer replied(*this);
    if (realQuery(utf8) != 0) {
        captureError();
        return std::nullopt;
    }
    MYSQL_RES* result = storeResult();
    if (!result) {
        captureError();
        return std::nullopt;
    }
    std::optional<QString> value;
    if (MYSQL_ROW row = mysql_fetch_row(result); row && row[0])
        value = QString::fromUtf8(row[0]);
    mysql_free_result(result);
    return value;
}

std::uint64_t DatabaseConnection::affectedRows() const
{
    return isOpen() ? m_affectedRows : 0;
}

unsigned long DatabaseConnection::threadId() const
{
    if (m_pg)
        return static_cast<unsigned long>(m_pg->backendPid());
    return m_handle ? mysql_thread_id(m_handle) : 0;
}

QString DatabaseConnection::serverVersion() const
{
    if (m_pg)
        return m_pg->serverVersion();
    return m_handle ? QString::fromUtf8(mysql_get_server_info(m_handle)) : QString();
}

void DatabaseConnection::captureError()
{
    if (!m_handle) {
        m_error = { 2006, tr("not connected") };
        return;
    }
    m_error = { mysql_errno(m_handle), QString::fromUtf8(mysql_error(m_handle)) };
    if (m_error.code == 0)
        m_error = { 2000, tr("unknown client error") };
}

int DatabaseConnection::realQuery(const QByteArray& sql)
{
    const auto length = static_cast<unsigned long>(sql.size());
    if (!m_nonBlocking)
        return mysql_real_query(m_handle, sql.constData(), length);
    // A statement that fits the socket's buffer is sent at once: sent, waited for, then read.
    if (sql.size() <= kSentAtOnceBytes) {
        if (mysql_send_query(m_handle, sql.constData(), length) != 0)
            return 1;
        waitForReply();
        return mysql_read_query_result(m_handle);
    }
    int failed = 0;
    NonBlockingCall::drive(
        m_handle, [&] { return mysql_real_query_start(&failed, m_handle, sql.constData(), length); },
        [&](int ready) { return mysql_real_query_cont(&failed, m_handle, ready); });
    return failed;
}

void DatabaseConnection::waitForReply()
{
    NonBlockingCall::waitForReply(m_handle, static_cast<int>(m_ioTimeoutS) * 1000);
}

st_mysql_res* DatabaseConnection::storeResult()
{
    if (!m_nonBlocking)
        return mysql_store_result(m_handle);
    MYSQL_RES* result = nullptr;
    NonBlockingCall::drive(
        m_handle, [&] { return mysql_store_result_start(&result, m_handle); },
        [&](int ready) { return mysql_store_result_cont(&result, m_handle, ready); });
    return result;
}

int DatabaseConnection::nextResult()
{
    if (!m_nonBlocking)
        return mysql_next_result(m_handle);
    int more = 0;
    NonBlockingCall::drive(
        m_handle, [&] { return mysql_next_result_start(&more, m_handle); },
        [&](int ready) { return mysql_next_result_cont(&more, m_handle, ready); });
    return more;
}

int DatabaseConnection::endTransaction(bool commit)
{
    if (!m_nonBlocking)
        return commit ? mysql_commit(m_handle) : mysql_rollback(m_handle);
    // What mysql_commit() and mysql_rollback() send, sent without a read before the reply.
    return realQuery(commit ? QByteArrayLiteral("COMMIT") : QByteArrayLiteral("ROLLBACK"));
}
