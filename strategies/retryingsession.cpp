#include "strategies/retryingsession.h"

RetryingSession::RetryingSession(RunEnvironment& environment, WorkerCounters& counters)
    : m_retrier(environment, counters,
        [this](MysqlConnection& connection) { return m_statements.prepareAll(connection); })
{
    m_statements.add(&m_insertOrder, kInsertOrderSql);
}

OrderOutcome RetryingSession::place(const Order& order)
{
    return m_retrier.run([&] { return order.requestId; }, [&] { return attempt(order); }, maxConflicts());
}

Attempt RetryingSession::rollbackAs(Attempt result)
{
    if (!retrier().rollback())
        return connectionFailed();
    return result;
}

Attempt RetryingSession::insertOrder(const Order& order)
{
    if (!m_insertOrder.execute({ order.requestId, order.skuId, order.qty }))
        return failed(m_insertOrder);
    return Attempt::sold();
}

Attempt RetryingSession::insertOrderAndCommit(const Order& order)
{
    if (const Attempt inserted = insertOrder(order); inserted.kind != Attempt::Kind::Sold)
        return inserted;
    if (!retrier().commit())
        return connectionFailed();
    return Attempt::sold();
}
