#pragma once

#include "app/db/redisendpoint.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <chrono>
#include <cstdint>

struct redisContext;
struct redisReply;

// One connection to Redis over hiredis, owned by exactly one thread. Opened on a fiber, it
// does not block: its fiber waits for the socket while the other clients go on.
class RedisConnection {
    Q_DECLARE_TR_FUNCTIONS(RedisConnection)

public:
    // What a command returned.
    struct Reply {
        enum class Kind { Integer, Text, Nil, Array, Status, Error, Lost };
        Kind kind = Kind::Lost;
        long long integer = 0;
        QString text; // a string, a status, or the error's message
        QStringList elements; // an array's strings and integers as text; a nil as an empty string
        bool ok() const { return kind != Kind::Error && kind != Kind::Lost; }
    };

    RedisConnection() = default;
    ~RedisConnection();
    RedisConnection(const RedisConnection&) = delete;
    RedisConnection& operator=(const RedisConnection&) = delete;

    // Connects (5 s to connect, 30 s per reply) and authenticates; false with `error` set.
    bool open(const RedisEndpoint& endpoint, QString* error);
    void close();
    bool isOpen() const { return m_context != nullptr; }

    // Sends one command, each argument as it is (no quoting), and waits for its reply. A lost
    // connection is closed and answers Lost.
    Reply command(const QStringList& arguments);
    // A simulated network round trip each command crosses, as DatabaseConnection's (0: none).
    void setRoundTrip(std::chrono::nanoseconds roundTrip) { m_roundTrip = roundTrip; }

private:
    // Writes the appended command and reads its reply on a non-blocking context.
    void* exchangeOnFiber();
    void timedOut(const char* what); // as hiredis reports its own I/O errors
    static Reply replyOf(const redisReply& reply);

    redisContext* m_context = nullptr;
    bool m_nonBlocking = false;
    std::chrono::nanoseconds m_roundTrip { 0 };
};
