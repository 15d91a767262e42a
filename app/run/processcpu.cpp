#include "app/run/processcpu.h"

#include <QFile>
#include <QList>

#include <thread>
#include <unistd.h>

namespace ProcessCpu {

std::optional<double> seconds(qint64 pid)
{
    QFile stat(pid == 0 ? QStringLiteral("/proc/self/stat") : QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray line = stat.readAll();
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return std::nullopt;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    // Fields 14 and 15 (utime, stime) are the 12th and 13th after the name.
    if (fields.size() < 13)
        return std::nullopt;
    const long ticks = ::sysconf(_SC_CLK_TCK);
    if (ticks <= 0)
        return std::nullopt;
    return static_cast<double>(fields[11].toLongLong() + fields[12].toLongLong())
        / static_cast<double>(ticks);
}

int cores()
{
    return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

} // namespace ProcessCpu
