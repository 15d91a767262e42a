#pragma once

struct st_mysql;

// Connector/C's non-blocking API (mysql_real_query_start/_cont, …) for a connection opened on
// a fiber: the call runs until it would wait, the fiber waits for the socket (or the call's
// timeout) while its scheduler runs other clients, then the call goes on. Off a fiber the
// same calls wait with poll().
namespace NonBlockingCall {

// Waits for what a _start or _cont call returned (MYSQL_WAIT_READ, …); returns what happened,
// for the next _cont call. `connecting`: the socket may be new under an old number.
int waitFor(st_mysql* mysql, int status, bool connecting = false);

// Runs `start()` (returning a status), then `next(ready)` until the status is 0.
template <typename Start, typename Next>
void drive(st_mysql* mysql, Start start, Next next, bool connecting = false)
{
    for (int status = start(); status != 0;)
        status = next(waitFor(mysql, status, connecting));
}

} // namespace NonBlockingCall
