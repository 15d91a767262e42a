#pragma once

#include "app/fiber/clientwait.h"
#include "strategies/order.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <vector>

// An order handed from a client to a writer; the client waits on `done` (its thread, or
// only its fiber).
struct QueuedOrder {
    Order order;
    std::int64_t enqueuedNs = 0; // steady clock, set by push()
    OrderOutcome outcome = OrderOutcome::Failed;
    ClientWait::Signal done;

    void complete(OrderOutcome result)
    {
        outcome = result;
        done.notify();
    }
    OrderOutcome wait()
    {
        done.wait();
        return outcome;
    }
};

// The queue of one writer. It holds the per-SKU queues of every SKU that writer owns, in
// arrival order, and hands out batches of orders of a single SKU, oldest SKU first.
class OrderQueue {
public:
    void push(QueuedOrder* order);
    // Blocks until work arrives; empty once the queue is closed and drained.
    std::vector<QueuedOrder*> popBatch(int maxOrders);
    void close();

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<QueuedOrder*> m_orders;
    bool m_closed = false;
};
