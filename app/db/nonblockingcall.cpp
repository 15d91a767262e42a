#include "app/db/nonblockingcall.h"

#include "app/fiber/clientwait.h"

#include <mysql.h>

#include <sys/epoll.h>
#include <sys/socket.h>

namespace NonBlockingCall {

int waitFor(st_mysql* mysql, int status, bool connecting)
{
    std::uint32_t events = 0;
    if (status & MYSQL_WAIT_READ)
        events |= EPOLLIN;
    if (status & MYSQL_WAIT_WRITE)
        events |= EPOLLOUT;
    if (status & MYSQL_WAIT_EXCEPT)
        events |= EPOLLPRI;
    const int timeoutMs
        = (status & MYSQL_WAIT_TIMEOUT) ? static_cast<int>(mysql_get_timeout_value_ms(mysql)) : -1;
    const std::uint32_t happened = ClientWait::forSocket(
        static_cast<int>(mysql_get_socket(mysql)), mysql, events, timeoutMs, connecting);
    if (happened == FiberScheduler::kTimedOut)
        return MYSQL_WAIT_TIMEOUT;
    int ready = 0;
    // An error or a hang-up wakes both directions: the call's next read or write meets it.
    if (happened & (EPOLLIN | EPOLLERR | EPOLLHUP | EPOLLRDHUP))
        ready |= MYSQL_WAIT_READ;
    if (happened & (EPOLLOUT | EPOLLERR | EPOLLHUP))
        ready |= MYSQL_WAIT_WRITE;
    if (happened & EPOLLPRI)
        ready |= MYSQL_WAIT_EXCEPT;
    return ready;
}

void waitForReply(st_mysql* mysql, int timeoutMs)
{
    const int socket = static_cast<int>(mysql_get_socket(mysql));
    if (ClientWait::forSocket(socket, mysql, EPOLLIN, timeoutMs) == FiberScheduler::kTimedOut)
        ::shutdown(socket, SHUT_RDWR);
}

} // namespace NonBlockingCall
