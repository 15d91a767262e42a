#include "app/core/errorclass.h"

#include "app/core/databaseerror.h"

#include <QCoreApplication>

ErrorClass classifyError(unsigned int code)
{
    switch (code) {
    case 1213:
        return ErrorClass::Deadlock;
    case 1205:
    // A statement the server cut short (PostgreSQL's statement_timeout, 57014; MariaDB's
    // max_statement_time; MySQL's max_execution_time; a KILL QUERY from outside the lab): on a
    // hot row, a wait that ran too long. Only the statement ended, and the order is tried again.
    case 1317:
    case 1969:
    case 3024:
        return ErrorClass::LockWaitTimeout;
    case 1020:
        return ErrorClass::RecordChanged;
    case 3572:
        return ErrorClass::LockNowait;
    case 1062:
        return ErrorClass::DuplicateKey;
    case 2006: // server has gone away
    case 2013: // lost connection during query
    case 2055: // lost connection at handshake/reading
    case 2002: // cannot connect through socket (during reconnect)
    case 2003: // cannot connect to TCP host (during reconnect)
    case 1927: // MariaDB: connection was killed
    case 1053: // server shutdown in progress
    case 4031: // MySQL: disconnected by the server because of inactivity
    // Galera: "WSREP has not yet prepared node for application use", a node outside the primary
    // component. It answers nothing about the data: its clients move to another node.
    case 1047:
        return ErrorClass::ConnectionLost;
    default:
        return ErrorClass::Other;
    }
}

ErrorClass classifyCommitError(unsigned int code)
{
    if (code == 1213 || code == 1180) // 1180: "Got error 6 during COMMIT", Galera's other way of saying it
        return ErrorClass::CommitAbort;
    // Any client-side error (Connector/C's 2000-2999: a broken TLS read 2026, a malformed packet
    // 2027, …) leaves the COMMIT's fate unknown: the connection is dropped and the order looked up.
    if (code >= kFirstClientError && code <= kLastClientError)
        return ErrorClass::ConnectionLost;
    return classifyError(code);
}

QString errorClassKey(ErrorClass errorClass)
{
    switch (errorClass) {
    case ErrorClass::Deadlock:
        return QStringLiteral("deadlock");
    case ErrorClass::LockWaitTimeout:
        return QStringLiteral("lock_wait_timeout");
    case ErrorClass::RecordChanged:
        return QStringLiteral("record_changed");
    case ErrorClass::LockNowait:
        return QStringLiteral("lock_nowait");
    case ErrorClass::ConnectionLost:
        return QStringLiteral("connection_lost");
    case ErrorClass::DuplicateKey:
        return QStringLiteral("duplicate_key");
    case ErrorClass::CommitAbort:
        return QStringLiteral("commit_abort");
    case ErrorClass::Other:
        break;
    }
    return QStringLiteral("other");
}

QString errorClassLabel(ErrorClass errorClass)
{
    switch (errorClass) {
    case ErrorClass::Deadlock:
        return QCoreApplication::translate("ErrorClass", "1213 deadlock");
    case ErrorClass::LockWaitTimeout:
        return QCoreApplication::translate("ErrorClass", "1205 lock wait timeout");
    case ErrorClass::RecordChanged:
        return QCoreApplication::translate("ErrorClass", "1020 record changed");
    case ErrorClass::LockNowait:
        return QCoreApplication::translate("ErrorClass", "3572 lock nowait");
    case ErrorClass::ConnectionLost:
        return QCoreApplication::translate("ErrorClass", "lost connection");
    case ErrorClass::DuplicateKey:
        return QCoreApplication::translate("ErrorClass", "1062 duplicate request id");
    case ErrorClass::CommitAbort:
        return QCoreApplication::translate("ErrorClass", "aborted at COMMIT (certification)");
    case ErrorClass::Other:
        break;
    }
    return QCoreApplication::translate("ErrorClass", "other error");
}

bool isRetryable(ErrorClass errorClass)
{
    switch (errorClass) {
    case ErrorClass::Deadlock:
    case ErrorClass::LockWaitTimeout:
    case ErrorClass::RecordChanged:
    case ErrorClass::LockNowait:
    case ErrorClass::ConnectionLost:
    case ErrorClass::CommitAbort:
        return true;
    case ErrorClass::DuplicateKey:
    case ErrorClass::Other:
        break;
    }
    return false;
}

bool endsTheRun(unsigned int code)
{
    switch (code) {
    case 1290: // --read-only (or another option) prevents the statement
    case 1836: // read-only mode
    case 1792: // cannot execute in a read-only transaction
    case 1142: // command denied
    case 1143: // column command denied
    case 1044: // access denied to the database
    case 1045: // access denied for the account (on reconnect: a changed password, a dropped user)
    case 1049: // the lab's database no longer exists (on reconnect)
    case 1146: // a lab table no longer exists
        return true;
    default:
        return false;
    }
}

QString describeRunEndingError(const DatabaseError& error)
{
    switch (error.code) {
    case 1290:
    case 1836:
    case 1792:
        return QCoreApplication::translate("ErrorClass",
            "the server stopped accepting writes (it is read-only now); the run stopped, and "
            "only orders the server committed are counted (%1)")
            .arg(error.toString());
    case 1049:
    case 1146:
        return QCoreApplication::translate(
            "ErrorClass", "the lab's database or one of its tables disappeared during the run (%1)")
            .arg(error.toString());
    default:
        return QCoreApplication::translate("ErrorClass",
            "the server refused the lab's statements; check the account's privileges "
            "(%1)")
            .arg(error.toString());
    }
}
