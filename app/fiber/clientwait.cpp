#include "app/fiber/clientwait.h"

#include <poll.h>
#include <thread>

namespace ClientWait {

bool onFiber()
{
    return FiberScheduler::current() != nullptr;
}

void sleepFor(std::chrono::nanoseconds duration)
{
    if (FiberScheduler* scheduler = FiberScheduler::current())
        scheduler->sleepUntil(FiberScheduler::nowNs() + duration.count());
    else
        std::this_thread::sleep_for(duration);
}

std::uint32_t forSocket(int fd, const void* owner, std::uint32_t events, int timeoutMs, bool fresh)
{
    if (FiberScheduler* scheduler = FiberScheduler::current())
        return scheduler->waitSocket(
            fd, owner, events, timeoutMs < 0 ? 0 : FiberScheduler::nowNs() + timeoutMs * 1'000'000LL, fresh);
    pollfd one { fd, static_cast<short>(events), 0 };
    while (true) {
        const int ready = ::poll(&one, 1, timeoutMs);
        if (ready > 0)
            return static_cast<std::uint16_t>(one.revents);
        if (ready == 0)
            return FiberScheduler::kTimedOut;
        if (errno != EINTR)
            return POLLERR;
    }
}

void forgetSocket(int fd, const void* owner)
{
    if (FiberScheduler* scheduler = FiberScheduler::current())
        scheduler->forgetSocket(fd, owner);
}

void Signal::notify()
{
    const int before = m_state.exchange(kSet, std::memory_order_acq_rel);
    if (before == kParked) {
        // A fiber waits: once woken it may end and take this signal with it.
        m_scheduler->wake(m_parked);
        return;
    }
    m_state.notify_all();
}

void Signal::wait()
{
    if (FiberScheduler* scheduler = FiberScheduler::current()) {
        m_scheduler = scheduler;
        m_parked = scheduler->parking();
        int expected = kIdle;
        // Published with the exchange: notify() reads them only after seeing kParked.
        if (m_state.compare_exchange_strong(expected, kParked, std::memory_order_acq_rel))
            scheduler->park();
        return;
    }
    m_state.wait(kIdle, std::memory_order_acquire);
}

void Gate::open()
{
    std::vector<std::pair<FiberScheduler*, FiberScheduler::Parked*>> parked;
    {
        std::lock_guard lock(m_mutex);
        m_open.store(true, std::memory_order_release);
        parked.swap(m_parked);
    }
    m_open.notify_all();
    for (const auto& [scheduler, token] : parked)
        scheduler->wake(token);
}

void Gate::wait()
{
    if (isOpen())
        return;
    if (FiberScheduler* scheduler = FiberScheduler::current()) {
        {
            std::lock_guard lock(m_mutex);
            if (isOpen())
                return;
            m_parked.emplace_back(scheduler, scheduler->parking());
        }
        scheduler->park();
        return;
    }
    m_open.wait(false, std::memory_order_acquire);
}

void Semaphore::acquire()
{
    std::unique_lock lock(m_mutex);
    if (m_free > 0) {
        --m_free;
        return;
    }
    // release() hands its permit straight to the first waiter.
    Waiter waiter;
    if (FiberScheduler* scheduler = FiberScheduler::current()) {
        waiter.scheduler = scheduler;
        waiter.parked = scheduler->parking();
        m_waiting.push_back(&waiter);
        lock.unlock();
        scheduler->park(); // a wake that came first counts
        return;
    }
    m_waiting.push_back(&waiter);
    m_handedOver.wait(lock, [&] { return waiter.granted; });
}

void Semaphore::release()
{
    std::unique_lock lock(m_mutex);
    if (m_waiting.empty()) {
        ++m_free;
        return;
    }
    Waiter* next = m_waiting.front();
    m_waiting.pop_front();
    if (next->scheduler == nullptr) {
        // Granted under the lock: the thread cannot see it, return and end its waiter before
        // the notification is done with the condition variable, which is ours.
        next->granted = true;
        m_handedOver.notify_all();
        return;
    }
    FiberScheduler* scheduler = next->scheduler;
    FiberScheduler::Parked* parked = next->parked;
    lock.unlock();
    scheduler->wake(parked);
}

} // namespace ClientWait
