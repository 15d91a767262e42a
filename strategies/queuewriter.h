#pragma once

#include "strategies/orderqueue.h"
#include "strategies/statementset.h"
#include "strategies/transactionclient.h"

#include <map>
#include <thread>

// One writer connection of the queued strategy: drains its queue, committing up to
// `batch` orders of one SKU per transaction (one UPDATE by the summed quantity, one
// multi-row INSERT). Because each SKU belongs to exactly one writer, no two transactions
// ever wait for the same SKU's row lock.
class QueueWriter {
public:
    QueueWriter(RunEnvironment& environment, WorkerCounters& counters);
    ~QueueWriter();

    // Starts the thread, which connects; returns once connected, or with `error` set.
    bool start(QString* error);
    OrderQueue& queue() { return m_queue; }
    // Closes the queue; the thread finishes what is queued, then exits. Joins.
    void finish();

    static QStringList sql();

private:
    void drain();
    void process(const std::vector<QueuedOrder*>& batch);
    Attempt attempt(const std::vector<QueuedOrder*>& batch);
    PreparedStatement* insertFor(int rows);

    RunEnvironment& m_environment;
    StatementSet m_statements;
    WorkerCounters& m_counters;
    TransactionClient m_client;
    OrderQueue m_queue;
    PreparedStatement m_takeAll;
    PreparedStatement m_lock;
    PreparedStatement m_take;
    std::map<int, PreparedStatement> m_inserts; // multi-row INSERT per row count, prepared on first use
    std::vector<bool> m_accepted;
    std::int64_t m_probeRequestId = 0;
    std::thread m_thread;
};
