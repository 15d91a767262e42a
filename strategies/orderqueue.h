#pragma once

#include "strategies/order.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <vector>

// An order handed from a client thread to a writer; the client sleeps on `done`.
struct QueuedOrder {
    Order order;
    std::int64_t enqueuedNs = 0; // steady clock, set by push()
    OrderOutcome outcome = OrderOutcome::Failed;
    std::atomic<bool> done { false };

    void complete(OrderOutcome result)
    {
        outcome = result;
        done.store(true, std::memory_order_release);
        done.notify_one();
    }
    OrderOutcome wait()
    {
        done.wait(false, std::memory_order_acquire);
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
