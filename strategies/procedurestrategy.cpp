#include "strategies/procedurestrategy.h"

#include "strategies/retryingsession.h"

#include <QCoreApplication>

namespace {

// Out of stock is a SIGNAL with this text; any other error of the body is rolled back and
// passed on as it is (RESIGNAL), so that deadlocks, lock wait timeouts and a duplicate
// request id reach the retrier with their own codes.
const QString kOutOfStock = QStringLiteral("lab_sell: out of stock");

const QString kCreateSql
    = QStringLiteral("CREATE PROCEDURE lab_sell(IN p_sku BIGINT, IN p_qty INT, IN p_request BIGINT)\n"
                     "MODIFIES SQL DATA\n"
                     "BEGIN\n"
                     "  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;\n"
                     "  START TRANSACTION;\n"
                     "  UPDATE inventory SET stock = stock - p_qty WHERE sku_id = p_sku AND stock >= p_qty;\n"
                     "  IF ROW_COUNT() = 0 THEN\n"
                     "    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'lab_sell: out of stock';\n"
                     "  END IF;\n"
                     "  INSERT INTO orders (request_id, sku_id, qty) VALUES (p_request, p_sku, p_qty);\n"
                     "  COMMIT;\n"
                     "END");

// The same on PostgreSQL, a PL/pgSQL function: SELECT lab_sell(…) runs as one transaction of its
// own, and an error inside rolls all of it back and reaches the client with its SQLSTATE.
const QString kCreatePostgresSql
    = QStringLiteral("CREATE FUNCTION lab_sell(p_sku BIGINT, p_qty INT, p_request BIGINT) RETURNS void\n"
                     "LANGUAGE plpgsql AS $$\n"
                     "BEGIN\n"
                     "  UPDATE inventory SET stock = stock - p_qty WHERE sku_id = p_sku AND stock >= p_qty;\n"
                     "  IF NOT FOUND THEN\n"
                     "    RAISE EXCEPTION 'lab_sell: out of stock';\n"
                     "  END IF;\n"
                     "  INSERT INTO orders (request_id, sku_id, qty) VALUES (p_request, p_sku, p_qty);\n"
                     "END\n"
                     "$$");

class ProcedureSession : public RetryingSession {
public:
    ProcedureSession(RunEnvironment& environment, WorkerCounters& counters)
        : RetryingSession(environment, counters)
        , m_call(environment.params().isPostgres() ? QStringLiteral("SELECT lab_sell(%1, %2, %3)")
                                                   : QStringLiteral("CALL lab_sell(%1, %2, %3)"))
    {
    }

protected:
    Attempt attempt(const Order& order) override
    {
        // Whole numbers only: the text needs no quoting, and a prepared CALL would gain nothing.
        if (connection().execute(m_call.arg(order.skuId).arg(order.qty).arg(order.requestId)))
            return Attempt::sold();
        const MysqlError error = connection().lastError();
        if (error.code == 1644 && error.message.contains(kOutOfStock))
            return Attempt::outOfStock(); // the procedure rolled back already
        return Attempt::failed(error);
    }

private:
    QString m_call;
};

} // namespace

QString ProcedureStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "The articles' \"merge the SQL\": the order is one CALL of a stored procedure the lab creates in "
        "its own database. Inside the server it runs conditional's transaction (UPDATE … WHERE stock >= n, "
        "INSERT the order, COMMIT), so the row lock is held only while the server executes those "
        "statements, never across a network round trip or the client's work. Pessimistic holds the hot "
        "row across three round trips and conditional across two; the procedure across none, which is "
        "why its lead grows with the round trip (--rtt-ms). The in-transaction delay does not apply: "
        "there is no client step inside its transaction.");
}

QStringList ProcedureStrategy::orderSql() const
{
    return { QStringLiteral("CALL lab_sell(?, ?, ?)  ")
            + QCoreApplication::translate("Strategy", "-- sku, qty, request id: one round trip"),
        QCoreApplication::translate("Strategy", "-- the procedure, created by the lab before the run:"),
        kCreateSql };
}

QStringList ProcedureStrategy::orderSqlOnPostgres() const
{
    return { QStringLiteral("SELECT lab_sell(?, ?, ?)  ")
            + QCoreApplication::translate("Strategy", "-- sku, qty, request id: one round trip"),
        QCoreApplication::translate("Strategy", "-- the function, created by the lab before the run:"),
        kCreatePostgresSql };
}

QList<LabRoutine> ProcedureStrategy::routines() const
{
    return { { QStringLiteral("lab_sell"), kCreateSql, kCreatePostgresSql } };
}

std::unique_ptr<OrderSession> ProcedureStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openRetryingSession<ProcedureSession>(environment, counters, error);
}
