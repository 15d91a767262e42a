#pragma once

#include "app/fiber/fiberscheduler.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

// The waits of a client's code, which runs either on a thread of its own or on a fiber
// (ClientPool chooses): on a fiber they suspend it and let its scheduler run the others; on
// a thread they block it as before. The code that waits is the same either way.
namespace ClientWait {

bool onFiber();
void sleepFor(std::chrono::nanoseconds duration);
// Waits until `fd` is ready for `events` (EPOLLIN, EPOLLOUT, EPOLLPRI; poll()'s POLLIN, … are
// the same bits), at most `timeoutMs` (negative: no limit). Returns what happened, or
// FiberScheduler::kTimedOut. `owner` and `fresh`: see FiberScheduler::waitSocket.
std::uint32_t forSocket(int fd, const void* owner, std::uint32_t events, int timeoutMs, bool fresh = false);
// When `owner` is done with a socket it waited on with forSocket().
void forgetSocket(int fd, const void* owner);

// Set once, from any thread; waited for by one fiber or thread.
class Signal {
public:
    void notify();
    void wait();
    bool isSet() const { return m_state.load(std::memory_order_acquire) == kSet; }

private:
    static constexpr int kIdle = 0;
    static constexpr int kParked = 1;
    static constexpr int kSet = 2;
    std::atomic<int> m_state { kIdle };
    FiberScheduler* m_scheduler = nullptr;
    FiberScheduler::Parked* m_parked = nullptr;
};

// Opened once, from any thread; any number of fibers and threads wait for it.
class Gate {
public:
    void open();
    void wait();
    bool isOpen() const { return m_open.load(std::memory_order_acquire); }

private:
    std::atomic<bool> m_open { false };
    std::mutex m_mutex;
    std::vector<std::pair<FiberScheduler*, FiberScheduler::Parked*>> m_parked;
};

// At most a number of holders at once; fibers and threads wait their turn in arrival order.
class Semaphore {
public:
    explicit Semaphore(int permits)
        : m_free(permits)
    {
    }
    void acquire();
    void release();

private:
    struct Waiter {
        FiberScheduler* scheduler
            = nullptr; // a fiber's, which release() wakes; a thread waits on m_handedOver
        FiberScheduler::Parked* parked = nullptr;
        bool granted = false;
    };
    std::mutex m_mutex;
    std::condition_variable m_handedOver;
    int m_free;
    std::deque<Waiter*> m_waiting;
};

// Holds a permit of `semaphore` for as long as it lives.
class Permit {
public:
    explicit Permit(Semaphore& semaphore)
        : m_semaphore(semaphore)
    {
        m_semaphore.acquire();
    }
    ~Permit() { m_semaphore.release(); }
    Permit(const Permit&) = delete;
    Permit& operator=(const Permit&) = delete;

private:
    Semaphore& m_semaphore;
};

} // namespace ClientWait
