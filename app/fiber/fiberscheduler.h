#pragma once

#include "app/fiber/fiber.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

struct timespec;

// Runs many fibers on the one thread that calls run(): each fiber waits for its socket, its
// timer or a wake-up from another thread, and epoll resumes the ones whose wait is over. One
// scheduler per client thread; a fiber stays on the scheduler that spawned it.
class FiberScheduler {
public:
    FiberScheduler();
    ~FiberScheduler();
    FiberScheduler(const FiberScheduler&) = delete;
    FiberScheduler& operator=(const FiberScheduler&) = delete;

    // Adds a fiber; it first runs once run() is called (or at once, when called from one of
    // this scheduler's fibers).
    void spawn(std::function<void()> body);
    // Runs every fiber until all have ended.
    void run();

    // The scheduler of the fiber running on this thread; null off a fiber.
    static FiberScheduler* current();

    // What a wait ended on: epoll events of the socket (EPOLLIN, EPOLLOUT, EPOLLHUP, …), or
    // kTimedOut when the deadline came first.
    static constexpr std::uint32_t kTimedOut = 1U << 31;

    // From one of this scheduler's fibers. A deadline is steady-clock nanoseconds, 0: none.
    // `owner` tells sockets apart that come back under the same number (a connection lost
    // and opened again, by this client or another); `fresh`: the socket may be new under a
    // number its owner used before (during a connect).
    std::uint32_t waitSocket(
        int fd, const void* owner, std::uint32_t events, std::int64_t deadlineNs, bool fresh = false);
    void sleepUntil(std::int64_t deadlineNs);
    // Suspends the calling fiber until wake() is called for it; returns a token for wake().
    struct Parked;
    Parked* parking(); // the calling fiber's token, to hand to the waker before park()
    void park();
    // From any thread: resumes the parked fiber of `token` (a wake before its park() counts).
    void wake(Parked* token);
    // When its owner is done with it: the number may come back for another connection.
    void forgetSocket(int fd, const void* owner);

    static std::int64_t nowNs();
    // Timers it keeps, live or left behind by waits that ended: a few per task at most.
    std::size_t timersKept() const { return m_timers.size(); }

private:
    struct Task;
    struct Timer {
        std::int64_t deadlineNs;
        Task* task;
        std::uint64_t ticket;
        bool operator>(const Timer& other) const { return deadlineNs > other.deadlineNs; }
    };
    struct Socket {
        const void* owner = nullptr;
        Task* waiter = nullptr;
        std::uint32_t events = 0;
        std::uint32_t watched = 0; // what epoll watches on it for this scheduler
    };
    bool watch(int fd, Socket& socket, std::uint32_t events, bool added);

    std::uint32_t suspend(Task& task, std::int64_t deadlineNs); // yields until a wait ends
    void makeReady(Task& task, std::uint32_t result);
    void poll(bool block);
    const timespec* waitUntilNextTimer(timespec& timeout);
    void fireTimers();
    static bool isLive(const Timer& timer);
    void pushTimer(const Timer& timer);
    void popTimer();
    Task& currentTask();

    int m_epoll = -1;
    int m_wakeFd = -1;
    int m_alarmFd = -1; // a timerfd for deadlines far off (see waitUntilNextTimer)
    std::int64_t m_alarmNs = 0; // when it is set to ring, 0: not set
    std::vector<std::unique_ptr<Task>> m_tasks;
    std::deque<Task*> m_ready;
    std::vector<Timer> m_timers; // a min-heap by deadline; a wait that ended leaves its timer
                                 // behind until it comes to the top or the heap is compacted
    std::unordered_map<int, Socket> m_sockets;
    std::size_t m_live = 0;

    std::mutex m_remoteMutex; // wake() from other threads
    std::vector<Task*> m_remote;
};
