#include "app/fiber/fiber.h"

#include <boost/context/protected_fixedsize_stack.hpp>

#include <cstdio>
#include <exception>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define LOCKBENCH_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
extern "C" void __tsan_func_exit(); // part of the runtime's interface, not of its header
#define LOCKBENCH_TSAN 1
#endif

namespace {

thread_local Fiber* t_current = nullptr;

// Boost's guarded stack, remembering where it is for the sanitizers.
struct RecordedStack {
    boost::context::protected_fixedsize_stack inner;
    const void** bottom;
    std::size_t* size;

    boost::context::stack_context allocate()
    {
        boost::context::stack_context stack = inner.allocate();
        *size = stack.size;
        *bottom = static_cast<const char*>(stack.sp) - stack.size; // sp is the stack's top
#ifdef LOCKBENCH_ASAN
        // A new mapping may take the address of an old fiber's stack, whose frames AddressSanitizer
        // still marks as redzones: a live variable there was reported as a stack-buffer-overflow.
        __asan_unpoison_memory_region(*bottom, stack.size);
#endif
        return stack;
    }
    void deallocate(boost::context::stack_context& stack) noexcept
    {
#ifdef LOCKBENCH_ASAN
        // A finished fiber never unwinds its first frames: leave no redzone behind for the next mapping.
        __asan_unpoison_memory_region(static_cast<char*>(stack.sp) - stack.size, stack.size);
#endif
        inner.deallocate(stack);
    }
};

// The one place where a switch happens. ThreadSanitizer keeps a shadow stack of function
// entries per fiber; it is told of the switch here, in the same frame as the jump, so that
// the frames entered before the switch are left on the old fiber's shadow stack and the
// frames left after landing are popped from the new one's: every switch lands inside this
// same function, so the entries and exits on each shadow stack stay paired.
__attribute__((noinline)) void jump(boost::context::fiber& target, [[maybe_unused]] void* tsanTarget)
{
#ifdef LOCKBENCH_TSAN
    __tsan_switch_to_fiber(tsanTarget, 0);
#endif
    target = std::move(target).resume();
}

} // namespace

Fiber::Fiber(std::function<void()> body, std::size_t stackBytes)
    : m_body(std::move(body))
{
    m_context = boost::context::fiber(std::allocator_arg,
        RecordedStack { boost::context::protected_fixedsize_stack(stackBytes), &m_stackBottom, &m_stackSize },
        [this](boost::context::fiber&& caller) {
            m_caller = std::move(caller);
            switchingIn();
            try {
                m_body();
            } catch (const boost::context::detail::forced_unwind&) {
                throw; // a fiber destroyed before its end unwinds this way: let Boost finish it
            } catch (const std::exception& e) {
                // Nothing may unwind past the fiber's first frame: the process would end.
                std::fprintf(stderr, "lockbench: a client ended on an exception: %s\n", e.what());
            } catch (...) {
                std::fprintf(stderr, "lockbench: a client ended on an exception\n");
            }
            m_finished = true;
            switchingOut(true);
            return std::move(m_caller);
        });
#ifdef LOCKBENCH_TSAN
    m_tsanFiber = __tsan_create_fiber(0);
#endif
}

Fiber::~Fiber()
{
#ifdef LOCKBENCH_TSAN
    if (m_context) {
        // A fiber destroyed before its end is unwound on its own stack: under its own shadow stack too.
        void* me = __tsan_get_current_fiber();
        __tsan_switch_to_fiber(m_tsanFiber, 0);
        m_context = {};
        __tsan_switch_to_fiber(me, 0);
    }
    if (m_tsanFiber)
        __tsan_destroy_fiber(m_tsanFiber);
#endif
}

Fiber* Fiber::current()
{
    return t_current;
}

bool Fiber::resume()
{
    if (m_finished)
        return false;
    m_previous = t_current;
    t_current = this;
#ifdef LOCKBENCH_TSAN
    m_tsanCaller = __tsan_get_current_fiber();
#endif
#ifdef LOCKBENCH_ASAN
    __sanitizer_start_switch_fiber(&m_callerFakeStack, m_stackBottom, m_stackSize);
#endif
    jump(m_context, m_tsanFiber);
#ifdef LOCKBENCH_ASAN
    __sanitizer_finish_switch_fiber(m_callerFakeStack, nullptr, nullptr);
#endif
#ifdef LOCKBENCH_TSAN
    if (m_finished) {
        // An ending fiber returns to us without passing through jump(): ThreadSanitizer is told
        // now, and the entry of the jump() we called, left on our shadow stack, is popped by hand.
        __tsan_switch_to_fiber(m_tsanCaller, 0);
        __tsan_func_exit();
    }
#endif
    t_current = m_previous;
    return !m_finished;
}

void Fiber::yield()
{
    switchingOut(false);
    jump(m_caller, m_tsanCaller);
    switchingIn();
}

void Fiber::switchingIn()
{
#ifdef LOCKBENCH_ASAN
    __sanitizer_finish_switch_fiber(m_fakeStack, &m_callerBottom, &m_callerSize);
#endif
}

void Fiber::switchingOut(bool ending)
{
#ifdef LOCKBENCH_ASAN
    // An ending fiber's fake frames go with its stack.
    __sanitizer_start_switch_fiber(ending ? nullptr : &m_fakeStack, m_callerBottom, m_callerSize);
#else
    (void)ending;
#endif
}
