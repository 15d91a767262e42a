#include "strategies/orderqueue.h"

#include <chrono>

void OrderQueue::push(QueuedOrder* order)
{
    order->enqueuedNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
                            .count();
    {
        std::lock_guard lock(m_mutex);
        m_orders.push_back(order);
    }
    m_wake.notify_one();
}

std::vector<QueuedOrder*> OrderQueue::popBatch(int maxOrders)
{
    std::unique_lock lock(m_mutex);
    m_wake.wait(lock, [this] { return m_closed || !m_orders.empty(); });
    std::vector<QueuedOrder*> batch;
    if (m_orders.empty())
        return batch;
    const std::int64_t sku = m_orders.front()->order.skuId;
    for (auto it = m_orders.begin(); it != m_orders.end() && static_cast<int>(batch.size()) < maxOrders;) {
        if ((*it)->order.skuId == sku) {
            batch.push_back(*it);
            it = m_orders.erase(it);
        } else {
            ++it;
        }
    }
    return batch;
}

void OrderQueue::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_wake.notify_all();
}
