#include "app/db/redisconnection.h"

#include <hiredis/hiredis.h>

#include <csignal>
#include <mutex>
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
    m_context = endpoint.socket.isEmpty()
        ? redisConnectWithTimeout(endpoint.host.toUtf8().constData(), endpoint.port, kConnectTimeout)
        : redisConnectUnixWithTimeout(endpoint.socket.toUtf8().constData(), kConnectTimeout);
    if (!m_context || m_context->err) {
        *error = tr("cannot connect to Redis at %1: %2")
                     .arg(endpoint.describe(), m_context ? QString::fromUtf8(m_context->errstr) : tr("out of memory"));
        close();
        return false;
    }
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
        std::this_thread::sleep_for(m_roundTrip);
    auto* reply = static_cast<redisReply*>(redisCommandArgv(m_context, static_cast<int>(argv.size()), argv.data(), lengths.data()));
    if (!reply) {
        result.text = QString::fromUtf8(m_context->errstr);
        close(); // hiredis cannot use a context after an I/O error
        return result;
    }
    switch (reply->type) {
    case REDIS_REPLY_INTEGER:
        result.kind = Reply::Kind::Integer;
        result.integer = reply->integer;
        break;
    case REDIS_REPLY_STRING:
        result.kind = Reply::Kind::Text;
        result.text = QString::fromUtf8(reply->str, static_cast<qsizetype>(reply->len));
        break;
    case REDIS_REPLY_STATUS:
        result.kind = Reply::Kind::Status;
        result.text = QString::fromUtf8(reply->str, static_cast<qsizetype>(reply->len));
        break;
    case REDIS_REPLY_ERROR:
        result.kind = Reply::Kind::Error;
        result.text = QString::fromUtf8(reply->str, static_cast<qsizetype>(reply->len));
        break;
    case REDIS_REPLY_ARRAY:
        result.kind = Reply::Kind::Array;
        result.integer = static_cast<long long>(reply->elements);
        for (size_t i = 0; i < reply->elements; ++i) {
            const redisReply* element = reply->element[i];
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
    freeReplyObject(reply);
    return result;
}
