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

// Waits, at most `timeoutMs`, until the reply to a statement sent without reading has
// arrived, so that the blocking read that follows finds it there: Connector/C's own
// non-blocking calls read once before they wait, a system call that fails for every reply
// not yet back. On a timeout it shuts the socket down, and the read fails as a lost
// connection, as Connector/C's own read timeout would.
void waitForReply(st_mysql* mysql, int timeoutMs);

// Runs `start()` (returning a status), then `next(ready)` until the status is 0.
template <typename Start, typename Next>
void drive(st_mysql* mysql, Start start, Next next, bool connecting = false)
{
    for (int status = start(); status != 0;)
        status = next(waitFor(mysql, status, connecting));
}

} // namespace NonBlockingCall
