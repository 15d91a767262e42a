#pragma once

#include <QString>
#include <QStringList>

// The statements a client session is set up and looked after with, in the dialect of its server:
// MySQL and MariaDB, or PostgreSQL (whose lock wait limit is lock_timeout, and which refuses
// FOR SHARE beside an aggregate).
namespace SessionSql {

// `isolation` as SQL, e.g. "REPEATABLE READ".
QString setIsolation(bool postgres, const QString& isolation);
QString setLockWaitTimeout(bool postgres, int seconds);
// Queries that read back what the session runs under, tried in turn until one answers: the
// isolation level as words ("REPEATABLE-READ" or "repeatable read"), the wait limit in seconds.
QStringList readIsolation(bool postgres);
QString readLockWaitTimeout(bool postgres);
// Whether the order row `request_id = ?` is committed, read under a shared lock, so that an
// order still being committed is waited for rather than missed.
QString probeCommitted(bool postgres);

} // namespace SessionSql
