#pragma once

// Client threads and queue writers are the load; the GUI thread, the sampler and the
// heartbeat measure it. On a machine whose cores the load saturates, equal priorities let a
// few hundred load threads delay the measuring ones by hundreds of milliseconds (a frozen
// window, late samples). A load thread calls this once: it lowers its own scheduling
// priority (nice), which needs no privilege. Only the share of CPU between the lab's own
// threads changes; the server runs at its own priority.
namespace LoadThread {

constexpr int kNice = 15;

void lowerPriority();

} // namespace LoadThread
