#include "strategies/transactionclient.h"

TransactionClient::TransactionClient(RunEnvironment& environment, WorkerCounters& counters, Prepare prepare)
    : m_connection(environment, counters)
    , m_lookup(environment, m_connection)
    , m_clock(environment, counters, m_connection.connection())
    , m_retrier(environment, counters, m_connection, m_lookup, m_clock)
{
    m_connection.addPreparation(m_lookup.preparation());
    m_connection.addPreparation({ tr("cannot prepare the strategy's statements: %1"), std::move(prepare) });
}
