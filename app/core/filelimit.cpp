#include "app/core/filelimit.h"

#include <QCoreApplication>
#include <QLocale>

#include <sys/resource.h>

namespace FileLimit {

long long raiseToHard()
{
    rlimit limit {};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return -1;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
        ::getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur == RLIM_INFINITY ? -1 : static_cast<long long>(limit.rlim_cur);
}

QString problemFor(int clients)
{
    const long long soft = raiseToHard();
    const long long needed = static_cast<long long>(clients) + kReserve;
    if (soft < 0 || soft >= needed)
        return {};
    const QLocale locale;
    return QCoreApplication::translate("FileLimit",
        "%1 clients need about %2 open files, one socket each, but this process may open at most %3 (its "
        "hard limit, "
        "ulimit -Hn); raise it (ulimit -n %2 in the shell that starts the lab, as root or after raising the "
        "hard limit "
        "in /etc/security/limits.conf), or run fewer clients")
        .arg(locale.toString(clients), locale.toString(needed), locale.toString(soft));
}

} // namespace FileLimit
