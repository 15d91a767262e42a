#include "app/run/processcpu.h"

#include <QDir>
#include <QFile>
#include <QList>

#include <ctime>
#include <thread>
#include <unistd.h>

namespace ProcessCpu {

namespace {

// utime + stime of a /proc stat file, in clock ticks; nullopt when it cannot be read.
std::optional<long long> statTicks(const QString& path)
{
    QFile stat(path);
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
    return fields[11].toLongLong() + fields[12].toLongLong();
}

// The first field of a thread's schedstat: its time on a CPU, in nanoseconds.
std::optional<long long> scheduledNs(const QString& path)
{
    QFile schedstat(path);
    if (!schedstat.open(QIODevice::ReadOnly))
        return std::nullopt;
    bool ok = false;
    const long long ns = schedstat.readAll().split(' ').value(0).toLongLong(&ok);
    return ok ? std::optional(ns) : std::nullopt;
}

struct Threads {
    long long ticks = 0;
    long long ns = 0;
};

// The live threads' stat ticks and scheduled nanoseconds, summed; nullopt when one cannot be read.
std::optional<Threads> liveThreads(const QString& proc)
{
    Threads sum;
    const QString tasks = proc + QStringLiteral("/task");
    for (const QString& tid : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString task = tasks + QLatin1Char('/') + tid;
        const std::optional<long long> ticks = statTicks(task + QStringLiteral("/stat"));
        const std::optional<long long> ns = scheduledNs(task + QStringLiteral("/schedstat"));
        if (!ticks || !ns)
            return std::nullopt;
        sum.ticks += *ticks;
        sum.ns += *ns;
    }
    return sum;
}

} // namespace

std::optional<double> seconds(qint64 pid)
{
    if (pid == 0) {
        // Every thread of this process, those that have ended included, to the nanosecond.
        timespec now {};
        if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) == 0)
            return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
    }
    const QString proc = pid == 0 ? QStringLiteral("/proc/self") : QStringLiteral("/proc/%1").arg(pid);
    const long ticksPerS = ::sysconf(_SC_CLK_TCK);
    const std::optional<long long> total = statTicks(proc + QStringLiteral("/stat"));
    if (!total || ticksPerS <= 0)
        return std::nullopt;
    const double coarse = static_cast<double>(*total) / static_cast<double>(ticksPerS);
    // The stat counts in ticks of 10 ms, too coarse for a calibration of half a second: each
    // live thread's scheduled nanoseconds instead, and the ticks of the threads that have ended
    // (the total less its live threads'). A scan the total did not move across is consistent.
    long long before = *total;
    for (int attempt = 0; attempt < 4; ++attempt) {
        const std::optional<Threads> live = liveThreads(proc);
        const std::optional<long long> after = statTicks(proc + QStringLiteral("/stat"));
        if (!live || !after)
            return coarse; // a thread ended meanwhile, or schedstat is not kept
        if (*after == before)
            return static_cast<double>(live->ns) / 1e9
                + static_cast<double>(std::max(0LL, before - live->ticks)) / static_cast<double>(ticksPerS);
        before = *after;
    }
    return coarse;
}

int cores()
{
    return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

} // namespace ProcessCpu
