#pragma once

#include "app/fiber/fiberscheduler.h"

#include <atomic>
#include <chrono>
#include <cstdint>
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

} // namespace ClientWait
