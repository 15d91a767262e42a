#include "app/fiber/fiberscheduler.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

namespace {

thread_local FiberScheduler* t_scheduler = nullptr;
thread_local void* t_task = nullptr; // the task whose fiber runs now

// Deadlines nearer than this are epoll's own timeout; further ones are the alarm's.
constexpr std::int64_t kPreciseNs = 50'000'000;

timespec timespecOf(std::int64_t ns)
{
    return { static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000) };
}

} // namespace

struct FiberScheduler::Task {
    explicit Task(std::function<void()> body)
        : fiber(std::move(body))
    {
    }
    enum class Wait { None, Socket, Timer, Park };

    Fiber fiber;
    Wait wait = Wait::None;
    std::uint64_t ticket = 0; // one per wait: a timer of an earlier wait finds it changed
    std::uint32_t result = 0;
    int fd = -1;
    bool wakePending = false; // a wake() that came while it waited on something else
};

// The token of parking() is the task itself.
struct FiberScheduler::Parked { };

FiberScheduler::FiberScheduler()
    : m_epoll(epoll_create1(EPOLL_CLOEXEC))
    , m_wakeFd(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
    , m_alarmFd(timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK))
{
    for (const int fd : { m_wakeFd, m_alarmFd }) {
        epoll_event event {};
        event.events = EPOLLIN;
        event.data.fd = fd;
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &event);
    }
}

FiberScheduler::~FiberScheduler()
{
    m_tasks.clear(); // a fiber that never ended unwinds here
    ::close(m_wakeFd);
    if (m_alarmFd >= 0)
        ::close(m_alarmFd);
    ::close(m_epoll);
}

std::int64_t FiberScheduler::nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

FiberScheduler* FiberScheduler::current()
{
    return Fiber::current() ? t_scheduler : nullptr;
}

void FiberScheduler::spawn(std::function<void()> body)
{
    m_tasks.push_back(std::make_unique<Task>(std::move(body)));
    m_ready.push_back(m_tasks.back().get());
    ++m_live;
}

void FiberScheduler::run()
{
    FiberScheduler* outer = t_scheduler;
    t_scheduler = this;
    while (m_live > 0) {
        // The tasks ready now, not those they make ready: sockets and timers get their turn.
        for (std::size_t n = m_ready.size(); n > 0 && !m_ready.empty(); --n) {
            Task* task = m_ready.front();
            m_ready.pop_front();
            t_task = task;
            const bool alive = task->fiber.resume();
            t_task = nullptr;
            if (!alive)
                --m_live;
        }
        if (m_live == 0)
            break;
        poll(m_ready.empty());
        fireTimers();
    }
    t_scheduler = outer;
}

FiberScheduler::Task& FiberScheduler::currentTask()
{
    return *static_cast<Task*>(t_task);
}

std::uint32_t FiberScheduler::suspend(Task& task, std::int64_t deadlineNs)
{
    ++task.ticket;
    if (deadlineNs > 0)
        pushTimer({ deadlineNs, &task, task.ticket });
    task.fiber.yield();
    return task.result;
}

void FiberScheduler::makeReady(Task& task, std::uint32_t result)
{
    task.result = result;
    task.wait = Task::Wait::None;
    ++task.ticket;
    m_ready.push_back(&task);
}

std::uint32_t FiberScheduler::waitSocket(
    int fd, const void* owner, std::uint32_t events, std::int64_t deadlineNs, bool fresh)
{
    Task& task = currentTask();
    auto [socket, inserted] = m_sockets.try_emplace(fd);
    if (!watch(fd, socket->second, events, inserted || fresh || socket->second.owner != owner)) {
        m_sockets.erase(socket);
        return EPOLLERR; // the caller's next read or write meets the socket's own error
    }
    socket->second.owner = owner;
    socket->second.waiter = &task;
    socket->second.events = events;
    task.wait = Task::Wait::Socket;
    task.fd = fd;
    const std::uint32_t result = suspend(task, deadlineNs);
    if (result == kTimedOut) {
        if (auto it = m_sockets.find(fd); it != m_sockets.end() && it->second.waiter == &task)
            it->second.waiter = nullptr;
    }
    return result;
}

bool FiberScheduler::watch(int fd, Socket& socket, std::uint32_t events, bool added)
{
    // Edge-triggered: a client waits only after a read or write found nothing to do, or
    // after sending a statement whose reply it then reads, so the next edge is the one it
    // waits for. Room to write is watched only while someone waits for it: the peer reading
    // each statement frees room, an edge that would wake the thread for nothing.
    const std::uint32_t wanted = EPOLLIN | EPOLLRDHUP | EPOLLPRI | EPOLLET | (events & EPOLLOUT);
    if (!added && socket.watched == wanted)
        return true;
    epoll_event event {};
    event.events = wanted;
    event.data.fd = fd;
    // A number closed and opened again has left epoll (added again); one this scheduler
    // watched under another owner is still there (changed).
    int changed = epoll_ctl(m_epoll, added ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event);
    if (changed != 0 && errno == (added ? EEXIST : ENOENT))
        changed = epoll_ctl(m_epoll, added ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event);
    socket.watched = changed == 0 ? wanted : 0;
    return changed == 0;
}

void FiberScheduler::forgetSocket(int fd, const void* owner)
{
    // The client library may have closed the socket already, and another connection may wait
    // on a new one under its number: that one is not this owner's to forget.
    auto socket = m_sockets.find(fd);
    if (socket == m_sockets.end() || socket->second.owner != owner)
        return;
    m_sockets.erase(socket);
    epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, nullptr);
}

void FiberScheduler::sleepUntil(std::int64_t deadlineNs)
{
    Task& task = currentTask();
    if (deadlineNs <= nowNs())
        return;
    task.wait = Task::Wait::Timer;
    suspend(task, deadlineNs);
}

FiberScheduler::Parked* FiberScheduler::parking()
{
    return reinterpret_cast<Parked*>(&currentTask());
}

void FiberScheduler::park()
{
    Task& task = currentTask();
    if (task.wakePending) {
        task.wakePending = false;
        return;
    }
    task.wait = Task::Wait::Park;
    suspend(task, 0);
}

void FiberScheduler::wake(Parked* token)
{
    // The write happens under the lock that the scheduler drains under: the woken fiber (and
    // so its scheduler's end) cannot come before this call is done with the scheduler.
    std::lock_guard lock(m_remoteMutex);
    const bool first = m_remote.empty();
    m_remote.push_back(reinterpret_cast<Task*>(token));
    if (first) {
        const std::uint64_t one = 1;
        [[maybe_unused]] const ssize_t written = ::write(m_wakeFd, &one, sizeof one);
    }
}

void FiberScheduler::poll(bool block)
{
    timespec timeout {};
    const timespec* wait = block ? waitUntilNextTimer(timeout) : &timeout; // zero: what is ready now
    epoll_event events[256];
    const int count = epoll_pwait2(m_epoll, events, 256, wait, nullptr);
    for (int i = 0; i < count; ++i) {
        const int fd = events[i].data.fd;
        if (fd == m_alarmFd) {
            std::uint64_t rang = 0;
            [[maybe_unused]] const ssize_t read = ::read(m_alarmFd, &rang, sizeof rang);
            m_alarmNs = 0; // fireTimers() takes what is due
            continue;
        }
        if (fd == m_wakeFd) {
            std::uint64_t drained = 0;
            [[maybe_unused]] const ssize_t read = ::read(m_wakeFd, &drained, sizeof drained);
            std::vector<Task*> woken;
            {
                std::lock_guard lock(m_remoteMutex);
                woken.swap(m_remote);
            }
            for (Task* task : woken) {
                if (task->wait == Task::Wait::Park)
                    makeReady(*task, 0);
                else
                    task->wakePending = true;
            }
            continue;
        }
        auto socket = m_sockets.find(fd);
        if (socket == m_sockets.end() || !socket->second.waiter)
            continue; // an edge nobody waits for: whoever comes next reads or writes first,
                      // or waits for the reply to what it has just sent
        const std::uint32_t happened = events[i].events;
        if (happened & (socket->second.events | EPOLLERR | EPOLLHUP | EPOLLRDHUP)) {
            Task* waiter = socket->second.waiter;
            socket->second.waiter = nullptr;
            makeReady(*waiter, happened);
        }
    }
}

// How long a sleep may last: until the next live deadline (null: no end). A deadline due
// soon (a simulated round trip's sleep) is epoll's own timeout; one further off (a read
// timeout, minutes away, renewed by every statement) is left to the alarm, set again only
// for an earlier deadline: an epoll timeout would arm and cancel a kernel timer at every
// sleep (about 4 % of the client's CPU per order at 8 clients).
const timespec* FiberScheduler::waitUntilNextTimer(timespec& timeout)
{
    while (!m_timers.empty() && !isLive(m_timers.front()))
        popTimer();
    if (m_timers.empty())
        return nullptr;
    const std::int64_t deadline = m_timers.front().deadlineNs;
    const std::int64_t left = std::max<std::int64_t>(0, deadline - nowNs());
    if (left > kPreciseNs) {
        if (m_alarmNs == 0 || m_alarmNs > deadline) {
            itimerspec ring {};
            ring.it_value = timespecOf(deadline);
            m_alarmNs = timerfd_settime(m_alarmFd, TFD_TIMER_ABSTIME, &ring, nullptr) == 0 ? deadline : 0;
        }
        if (m_alarmNs != 0)
            return nullptr; // it rings at the deadline or before
    }
    timeout = timespecOf(left);
    return &timeout;
}

bool FiberScheduler::isLive(const Timer& timer)
{
    return timer.ticket == timer.task->ticket && timer.task->wait != Task::Wait::None;
}

void FiberScheduler::pushTimer(const Timer& timer)
{
    // Nearly every wait ends long before its deadline, and its timer stays behind: swept out
    // once they outnumber the tasks (each has at most one live), they stay few.
    if (m_timers.size() >= 2 * m_tasks.size() + 64) {
        std::erase_if(m_timers, [](const Timer& t) { return !isLive(t); });
        std::make_heap(m_timers.begin(), m_timers.end(), std::greater<>());
    }
    m_timers.push_back(timer);
    std::push_heap(m_timers.begin(), m_timers.end(), std::greater<>());
}

void FiberScheduler::popTimer()
{
    std::pop_heap(m_timers.begin(), m_timers.end(), std::greater<>());
    m_timers.pop_back();
}

void FiberScheduler::fireTimers()
{
    if (m_timers.empty())
        return;
    const std::int64_t now = nowNs();
    while (!m_timers.empty() && m_timers.front().deadlineNs <= now) {
        const Timer timer = m_timers.front();
        popTimer();
        if (!isLive(timer))
            continue; // its wait ended otherwise
        Task& task = *timer.task;
        if (task.wait == Task::Wait::Socket) {
            if (auto it = m_sockets.find(task.fd); it != m_sockets.end() && it->second.waiter == &task)
                it->second.waiter = nullptr;
        }
        makeReady(task, task.wait == Task::Wait::Timer ? 0 : kTimedOut);
    }
}
