#pragma once

#include <vector>

// Free TCP ports on 127.0.0.1 for the servers the lab starts: MariaDB's own, and a Galera
// node's group, state-transfer and incremental-transfer ports.
namespace LoopbackPort {

// `wanted`, when it is free (with SO_REUSEADDR, as the server binds it), else any free port;
// 0 when none can be had.
int free(int wanted = 0);

// Like free(wanted), but never `taken`: a second port for the same server, which binds neither yet.
int freeBesides(int taken, int wanted = 0);

// `count` free ports, all different: each is held bound until the last is found, so the kernel
// cannot hand out the same port twice (as separate free() calls may). Empty when they cannot be had.
std::vector<int> distinct(int count);

} // namespace LoopbackPort
