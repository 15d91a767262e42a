#pragma once

#include <QtGlobal>

#include <optional>

// CPU time (user + system) a process has used so far, to the nanosecond where Linux keeps it
// (this process's CPU clock; another's threads' schedstat, each ended thread counted up to the
// last reading that saw it), else in its stat's clock ticks.
namespace ProcessCpu {

// 0 means this process; nullopt when the process is gone or /proc cannot be read.
std::optional<double> seconds(qint64 pid = 0);
int cores();

} // namespace ProcessCpu
