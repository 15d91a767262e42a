#include "app/core/loadthread.h"

#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace LoadThread {

void lowerPriority()
{
    // On Linux, PRIO_PROCESS with a thread id sets that one thread's nice value. Failing
    // to lower it changes nothing but the window's responsiveness, so the result is ignored.
    // SCHED_BATCH: a waking load thread does not preempt the running one. Client threads
    // wake tens of thousands of times a second, each for a few microseconds; as ordinary
    // threads every one of those wakeups preempted the GUI thread.
    const sched_param batch {};
    (void)::sched_setscheduler(0, SCHED_BATCH, &batch);
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    const int current = ::getpriority(PRIO_PROCESS, tid);
    if (current < kNice)
        (void)::setpriority(PRIO_PROCESS, tid, kNice);
}

} // namespace LoadThread
