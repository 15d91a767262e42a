#pragma once

#include <boost/context/fiber.hpp>

#include <cstddef>
#include <functional>

// A client's own stack and place in its work (Boost.Context), so that code written as a
// plain sequence of blocking calls (an order's statements, a retry's backoff) can wait for a
// socket or a timer without holding an OS thread: the scheduler resumes another fiber meanwhile.
// Every switch is announced to AddressSanitizer and ThreadSanitizer, which would otherwise
// take a stack switch for memory corruption or a data race.
class Fiber {
public:
    // 64 KiB: the deepest order path (a retried statement, its error text, a lookup after a
    // lost connection) uses a few KiB; only the pages touched become resident.
    static constexpr std::size_t kStackBytes = 64 * 1024;

    explicit Fiber(std::function<void()> body, std::size_t stackBytes = kStackBytes);
    ~Fiber();
    Fiber(const Fiber&) = delete;
    Fiber& operator=(const Fiber&) = delete;

    // From the thread's own stack: runs the fiber until it yields or ends; false once it ended.
    bool resume();
    // From inside the fiber: back to whoever resumed it.
    void yield();
    bool finished() const { return m_finished; }

    // The fiber running on this thread, or null on the thread's own stack.
    static Fiber* current();

private:
    void switchingIn(); // on the fiber's stack, just after a switch to it
    void switchingOut(bool ending); // on the fiber's stack, just before a switch away

    boost::context::fiber m_context; // the fiber while suspended
    boost::context::fiber m_caller; // the resumer while the fiber runs
    std::function<void()> m_body;
    bool m_finished = false;
    Fiber* m_previous = nullptr;

    // What the sanitizers are told at each switch.
    const void* m_stackBottom = nullptr;
    std::size_t m_stackSize = 0;
    const void* m_callerBottom = nullptr;
    std::size_t m_callerSize = 0;
    void* m_fakeStack = nullptr; // AddressSanitizer's, for the fiber's stack
    void* m_callerFakeStack = nullptr; // and the resumer's
    void* m_tsanFiber = nullptr;
    void* m_tsanCaller = nullptr;
};
