#pragma once

#include <libpq-fe.h>

// What the server says outside a statement's reply (the FATAL of a backend terminated while
// idle, a NOTICE) reaches the lab through the next statement's error; libpq's default prints
// it on stderr as well, in the middle of the console's table.
inline void keepNoticesOffTheTerminal(PGconn* conn)
{
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
}
