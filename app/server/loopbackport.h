#pragma once

// Free TCP ports on 127.0.0.1 for the servers the lab starts: MariaDB's own, and a Galera
// node's group, state-transfer and incremental-transfer ports.
namespace LoopbackPort {

// `wanted`, when it is free (with SO_REUSEADDR, as the server binds it), else any free port;
// 0 when none can be had.
int free(int wanted = 0);

} // namespace LoopbackPort
