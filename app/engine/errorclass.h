#pragma once

#include <QString>

#include <array>
#include <cstddef>

// Server and client error codes grouped by what a worker must do about them.
enum class ErrorClass {
    Deadlock, // 1213: the server rolled the transaction back; retry it
    LockWaitTimeout, // 1205: only the statement was rolled back; roll back explicitly, then retry
    RecordChanged, // 1020: a consistent-read conflict; roll back and retry
    LockNowait, // 3572: NOWAIT found the row locked; roll back and retry
    ConnectionLost, // 2006/2013 and kills: reconnect, reconcile the order by request id
    DuplicateKey, // 1062: the order's request id is already committed
    Other, // anything else: reported, the order fails
};

inline constexpr std::size_t kErrorClassCount = 7;

ErrorClass classifyError(unsigned int code);
QString errorClassKey(ErrorClass errorClass); // stable key for JSON/CSV, e.g. "deadlock"
QString errorClassLabel(ErrorClass errorClass); // human text with the code, e.g. "1213 deadlock"
bool isRetryable(ErrorClass errorClass);

using ErrorCounts = std::array<long long, kErrorClassCount>;
