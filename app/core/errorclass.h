#pragma once

#include <QString>

#include <array>
#include <cstddef>

struct DatabaseError;

// Server and client error codes grouped by what a worker must do about them.
enum class ErrorClass {
    Deadlock, // 1213: the server rolled the transaction back; retry it
    LockWaitTimeout, // 1205 (and a statement timeout): only the statement was rolled back; roll back, retry
    RecordChanged, // 1020: a consistent-read conflict; roll back and retry
    LockNowait, // 3572: NOWAIT found the row locked; roll back and retry
    ConnectionLost, // 2006/2013 and kills: reconnect, reconcile the order by request id
    DuplicateKey, // 1062: the order's request id is already committed
    // 1213 or 1180 returned by COMMIT itself: a cluster's certification rejected the write set
    // (another node wrote the row first). Rolled back like a deadlock, but no lock wait caused it.
    CommitAbort,
    Other, // anything else: reported, the order fails
};

inline constexpr std::size_t kErrorClassCount = 8;
// Connector/C's own errors (CR_*): what the client saw, never the server's answer.
inline constexpr unsigned int kFirstClientError = 2000;
inline constexpr unsigned int kLastClientError = 2999;
// An error the server itself sent (a refusal, a failed statement), not one the client library
// met while the server said nothing.
inline constexpr bool isServersAnswer(unsigned int code)
{
    return code != 0 && (code < kFirstClientError || code > kLastClientError);
}

ErrorClass classifyError(unsigned int code);
// The class of an error COMMIT returned: a deadlock or 1180 there is a certification abort.
ErrorClass classifyCommitError(unsigned int code);
QString errorClassKey(ErrorClass errorClass); // stable key for JSON/CSV, e.g. "deadlock"
QString errorClassLabel(ErrorClass errorClass); // human text with the code, e.g. "1213 deadlock", translated
bool isRetryable(ErrorClass errorClass);

// Errors after which no later order can succeed either: the server refuses writes or the
// account lost a privilege or the lab's tables went away. The run stops with the message.
bool endsTheRun(unsigned int code);
QString describeRunEndingError(const DatabaseError& error);

using ErrorCounts = std::array<long long, kErrorClassCount>;
