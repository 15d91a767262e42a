#include "app/run/processcpu.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QList>

#include <ctime>
#include <map>
#include <mutex>
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

// Each live thread's time on a CPU (schedstat's first field, in nanoseconds) by thread id;
// nullopt when a thread's cannot be read (schedstat not kept).
std::optional<std::map<int, long long>> threadNs(const QString& proc)
{
    std::map<int, long long> threads;
    const QString tasks = proc + QStringLiteral("/task");
    for (const QString& tid : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile schedstat(tasks + QLatin1Char('/') + tid + QStringLiteral("/schedstat"));
        if (!schedstat.open(QIODevice::ReadOnly)) {
            if (QFileInfo::exists(schedstat.fileName()))
                return std::nullopt;
            continue; // ended meanwhile: counted up to its last look
        }
        bool ok = false;
        const long long ns = schedstat.readAll().split(' ').value(0).toLongLong(&ok);
        if (!ok)
            return std::nullopt;
        threads[tid.toInt()] = ns;
    }
    return threads;
}

// What the lab has seen of another process's threads: a thread that ends is counted up to
// the last look at it, and the threads that had ended before the first look by the ticks the
// process's stat gave them then (a constant, which no difference of two readings sees).
struct Seen {
    QByteArray startTime; // the process's, so that a new process under the same pid starts afresh
    std::map<int, long long> lastNs;
    long long endedNs = 0;
    double beforeFirstLookS = 0.0;
};

std::mutex seenMutex;
std::map<qint64, Seen> seenProcesses;

QByteArray startTimeOf(const QString& proc)
{
    QFile stat(proc + QStringLiteral("/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = stat.readAll();
    // starttime is field 22: the 20th after the name.
    return line.mid(line.lastIndexOf(')') + 2).split(' ').value(19);
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
    // The stat counts in ticks of 10 ms, too coarse for a calibration of half a second.
    const std::optional<std::map<int, long long>> live = threadNs(proc);
    if (!live)
        return coarse;
    long long liveNs = 0;
    for (const auto& [tid, ns] : *live)
        liveNs += ns;
    const std::lock_guard lock(seenMutex);
    Seen& seen = seenProcesses[pid];
    if (const QByteArray started = startTimeOf(proc); started != seen.startTime) {
        seen = Seen { started, {}, 0, std::max(0.0, coarse - static_cast<double>(liveNs) / 1e9) };
    }
    for (const auto& [tid, ns] : seen.lastNs) {
        if (!live->contains(tid))
            seen.endedNs += ns;
    }
    seen.lastNs = *live;
    return seen.beforeFirstLookS + static_cast<double>(liveNs + seen.endedNs) / 1e9;
}

std::optional<double> treeSeconds(qint64 pid)
{
    const std::optional<double> own = seconds(pid);
    const long ticksPerS = ::sysconf(_SC_CLK_TCK);
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!own || ticksPerS <= 0 || !stat.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray line = stat.readAll();
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime, fields 16 and 17: the 14th and 15th after the name.
    const double reaped = static_cast<double>(fields.value(13).toLongLong() + fields.value(14).toLongLong())
        / static_cast<double>(ticksPerS);
    long long childrenNs = 0;
    for (const qint64 child : children(pid)) {
        QFile schedstat(QStringLiteral("/proc/%1/schedstat").arg(child));
        if (schedstat.open(QIODevice::ReadOnly))
            childrenNs += schedstat.readAll().split(' ').value(0).toLongLong();
    }
    return *own + reaped + static_cast<double>(childrenNs) / 1e9;
}

QList<qint64> children(qint64 pid)
{
    QList<qint64> found;
    const QByteArray parent = QByteArray::number(pid);
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool isPid = false;
        const qint64 child = entry.toLongLong(&isPid);
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!isPid || !stat.open(QIODevice::ReadOnly))
            continue; // not a process, or ended meanwhile
        // "pid (comm) state ppid …": the parent follows the last ')'.
        const QByteArray line = stat.readAll();
        if (line.mid(line.lastIndexOf(')') + 2).split(' ').value(1) == parent)
            found << child;
    }
    return found;
}

int cores()
{
    return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

} // namespace ProcessCpu
