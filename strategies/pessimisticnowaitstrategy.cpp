#include "strategies/pessimisticnowaitstrategy.h"

#include "strategies/statementset.h"

#include <QCoreApplication>

QString PessimisticNowaitStrategy::lockSql() const
{
    return QStringLiteral("SELECT stock FROM inventory WHERE sku_id = ? FOR UPDATE NOWAIT");
}

// MySQL 8 refuses a NOWAIT lock with 3572; MariaDB with 1205, at once, though that code
// otherwise means a lock wait ran out. With NOWAIT nothing waits, so on this statement both
// mean "the row is locked": counted as 3572, rolled back and retried after a back-off.
MysqlError PessimisticNowaitStrategy::lockError(const MysqlError& error) const
{
    if (error.code != 1205)
        return error;
    return { 3572,
        QCoreApplication::translate(
            "Strategy", "row locked, refused at once by NOWAIT (server error 1205: %1)")
            .arg(error.message) };
}

QString PessimisticNowaitStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "As pessimistic, but the lock is taken with FOR UPDATE NOWAIT: when another transaction holds "
        "the SKU's row, the statement fails at once (3572 on MySQL 8, 1205 on MariaDB) instead of "
        "queueing, the client rolls back, backs off a few milliseconds and tries again. No transaction "
        "waits in the server, so no waiter list grows and no deadlock can form on the row; the price is "
        "retries, which the Errors tab counts as 3572, and orders that give up after 200 of them (or "
        "max-retries, when that is more) on a very hot row. The row still passes one order at a "
        "time: NOWAIT moves the queue, it does not remove it.");
}

QStringList PessimisticNowaitStrategy::orderSql() const
{
    return { QStringLiteral("START TRANSACTION"), lockSql(),
        QCoreApplication::translate(
            "Strategy", "-- row locked (3572, or 1205 on MariaDB): ROLLBACK, back off, start again"),
        QCoreApplication::translate("Strategy", "-- client: stock >= qty?"), kUpdateSql, kInsertOrderSql,
        QStringLiteral("COMMIT") };
}
