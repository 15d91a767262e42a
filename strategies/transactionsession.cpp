#include "strategies/transactionsession.h"

TransactionSession::TransactionSession(RunEnvironment& environment, WorkerCounters& counters)
    : m_client(environment, counters,
        [this](DatabaseConnection& connection) { return m_statements.prepareAll(connection); })
{
    m_statements.add(&m_insertOrder, kInsertOrderSql);
}

OrderOutcome TransactionSession::place(const Order& order)
{
    return m_client.retrier().run(
        [&] { return order.requestId; }, [&] { return attempt(order); }, maxConflicts());
}

Attempt TransactionSession::rollbackAs(Attempt result)
{
    if (!transaction().rollback())
        return connectionFailed();
    return result;
}

Attempt TransactionSession::insertOrder(const Order& order)
{
    if (!m_insertOrder.execute({ order.requestId, order.skuId, order.qty }))
        return failed(m_insertOrder);
    return Attempt::sold();
}

Attempt TransactionSession::insertOrderAndCommit(const Order& order)
{
    if (const Attempt inserted = insertOrder(order); inserted.kind != Attempt::Kind::Sold)
        return inserted;
    if (!transaction().commit())
        return connectionFailed();
    return Attempt::sold();
}
