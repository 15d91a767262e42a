#pragma once

#include <QString>

// Every client holds a socket: thousands of clients need thousands of open files, and the
// soft limit a shell gives (ulimit -n) is often 1,024. The lab raises its own soft limit as
// far as the hard limit allows, at start (so that the server it starts inherits it) and
// before a run, and says plainly when the hard limit is too low.
namespace FileLimit {

// Raises the soft limit to the hard one; returns the soft limit now.
long long raiseToHard();
// Why `clients` clients cannot have their sockets under this process's limits; empty when
// they can (after raising the soft limit if needed).
QString problemFor(int clients);
// Files the lab keeps open besides its clients' sockets: its own connections, logs, pipes.
constexpr int kReserve = 256;

} // namespace FileLimit
