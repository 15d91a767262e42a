#pragma once

#include <QList>
#include <QtGlobal>

#include <optional>

// CPU time (user + system) a process has used so far, to the nanosecond where Linux keeps it
// (this process's CPU clock; another's threads' schedstat, each ended thread counted up to the
// last reading that saw it), else in its stat's clock ticks.
namespace ProcessCpu {

// 0 means this process; nullopt when the process is gone or /proc cannot be read.
std::optional<double> seconds(qint64 pid = 0);
// The same for a server of many processes (PostgreSQL: the postmaster and a backend per
// connection): the process, its live children (each one's schedstat, to the nanosecond) and the
// children it has reaped (its stat's cutime and cstime, in ticks).
std::optional<double> treeSeconds(qint64 pid);
// The live processes whose parent is `pid`.
QList<qint64> children(qint64 pid);
int cores();

} // namespace ProcessCpu
