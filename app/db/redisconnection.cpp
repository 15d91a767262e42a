#include "app/db/redisconnection.h"

#include "app/fiber/clientwait.h"

#include <hiredis/hiredis.h>

#include <csignal>
#include <cstdio>
#include <mutex>
#include <sys/epoll.h>
#include <thread>
#include <vector>

namespace {

constexpr timeval kConnectTimeout { 5, 0 };
constexpr timeval kReplyTimeout { 30, 0 };

} // namespace

RedisConnection::~RedisConnection()
{
    close();
}

bool RedisConnection::open(const RedisEndpoint& endpoint, QString* error)
{
    // hiredis writes with write(2), not send(MSG_NOSIGNAL): a Redis that went away would end
    // the lab with SIGPIPE instead of an error the run can report.
    static std::once_flag ignorePipe;
    std::call_once(ignorePipe, [] { ::signal(SIGPIPE, SIG_IGN); });
    close();
    m_nonBlocking = ClientWait::onFiber();
    if (m_nonBlocking)
        m_context = endpoint.socket.isEmpty()
            ? redisConnectNonBlock(endpoint.host.toUtf8().constData(), endpoint.port)
            : redisConnectUnixNonBlock(endpoint.socket.toUtf8().constData());
    else
        m_context = endpoint.socket.isEmpty()
            ? redisConnectWithTimeout(endpoint.host.toUtf8().constData(), endpoint.port, kConnectTimeout)
            : redisConnectUnixWithTimeout(endpoint.socket.toUtf8().constData(), kConnectTimeout);
    if (!m_context || m_context->err) {
        *error = tr("cannot connect to Redis at %1: %2")
                     .arg(endpoint.describe(),
                         m_context ? QString::fromUtf8(m_context->errstr) : tr("out of memory"));
        close();
        return false;
    }
    if (!m_nonBlocking)
        redisSetTimeout(m_context, kReplyTimeout);
    if (!endpoint.password.isEmpty()) {
        const Reply auth = command({ QStringLiteral("AUTH"), endpoint.password });
        if (!auth.ok()) {
            *error = tr("Redis at %1 refused the password: %2").arg(endpoint.describe(), auth.text);
            close();
            return false;
        }
    }
    return true;
}

void RedisConnection::close()
{
    if (m_context && m_nonBlocking)
        ClientWait::forgetSocket(m_context->fd, this);
    if (m_context)
        redisFree(m_context);
    m_context = nullptr;
}

RedisConnection::Reply RedisConnection::command(const QStringList& arguments)
{
    Reply result;
    if (!m_context) {
        result.text = tr("not connected");
        return result;
    }
    std::vector<QByteArray> bytes;
    bytes.reserve(static_cast<std::size_t>(arguments.size()));
    std::vector<const char*> argv;
    std::vector<size_t> lengths;
    for (const QString& argument : arguments) {
        bytes.push_back(argument.toUtf8());
        argv.push_back(bytes.back().constData());
        lengths.push_back(static_cast<size_t>(bytes.back().size()));
    }
    if (m_roundTrip.count() > 0)
        ClientWait::sleepFor(m_roundTrip);
    redisReply* reply = nullptr;
    if (!m_nonBlocking)
        reply = static_cast<redisReply*>(
            redisCommandArgv(m_context, static_cast<int>(argv.size()), argv.data(), lengths.data()));
    else if (redisAppendCommandArgv(m_context, static_cast<int>(argv.size()), argv.data(), lengths.data())
        == REDIS_OK)
        reply = static_cast<redisReply*>(exchangeOnFiber());
    if (!reply) {
        result.text = QString::fromUtf8(m_context->errstr);
        close(); // hiredis cannot use a context after an I/O error
        return result;
    }
    result = replyOf(*reply);
    freeReplyObject(reply);
    return result;
}

RedisConnection::Reply RedisConnection::replyOf(const redisReply& reply)
{
    Reply result;
    switch (reply.type) {
    case REDIS_REPLY_INTEGER:
        result.kind = Reply::Kind::Integer;
        result.integer = reply.integer;
        break;
    case REDIS_REPLY_STRING:
        result.kind = Reply::Kind::Text;
        result.text = QString::fromUtf8(reply.str, static_cast<qsizetype>(reply.len));
        break;
    case REDIS_REPLY_STATUS:
        result.kind = Reply::Kind::Status;
        result.text = QString::fromUtf8(reply.str, static_cast<qsizetype>(reply.len));
        break;
    case REDIS_REPLY_ERROR:
        result.kind = Reply::Kind::Error;
        result.text = QString::fromUtf8(reply.str, static_cast<qsizetype>(reply.len));
        break;
    case REDIS_REPLY_ARRAY:
        result.kind = Reply::Kind::Array;
        result.integer = static_cast<long long>(reply.elements);
        for (size_t i = 0; i < reply.elements; ++i) {
            const redisReply* element = reply.element[i];
            if (element->type == REDIS_REPLY_INTEGER)
                result.elements << QString::number(element->integer);
            else if (element->type == REDIS_REPLY_STRING || element->type == REDIS_REPLY_STATUS)
                result.elements << QString::fromUtf8(element->str, static_cast<qsizetype>(element->len));
            else
                result.elements << QString();
        }
        break;
    default:
        result.kind = Reply::Kind::Nil;
        break;
    }
    return result;
}

void RedisConnection::timedOut(const char* what)
{
    m_context->err = REDIS_ERR_IO;
    std::snprintf(m_context->errstr, sizeof m_context->errstr, "%s", what);
}

void* RedisConnection::exchangeOnFiber()
{
    const auto timeoutMs = static_cast<int>(kReplyTimeout.tv_sec * 1000);
    // A connect still in progress finishes with the first write.
    for (int done = 0; !done;) {
        if (redisBufferWrite(m_context, &done) != REDIS_OK)
            return nullptr;
        if (!done
            && ClientWait::forSocket(m_context->fd, this, EPOLLOUT, timeoutMs) == FiberScheduler::kTimedOut) {
            timedOut("timed out sending to Redis");
            return nullptr;
        }
    }
    void* reply = nullptr;
    while (true) {
        if (redisGetReplyFromReader(m_context, &reply) != REDIS_OK)
            return nullptr;
        if (reply)
            return reply;
        if (ClientWait::forSocket(m_context->fd, this, EPOLLIN, timeoutMs) == FiberScheduler::kTimedOut) {
            timedOut("timed out waiting for Redis");
            return nullptr;
        }
        if (redisBufferRead(m_context) != REDIS_OK)
            return nullptr;
    }
}
