#include "app/db/finishedbackends.h"

#include <QStringList>

namespace FinishedBackends {

QString leftSql(const std::vector<unsigned long>& pids, bool end)
{
    QStringList list;
    for (const unsigned long pid : pids)
        list << QString::number(pid);
    // Only this role's backends: a pid the system gave again to someone else's backend is
    // none of the lab's business, and ending it would be refused anyway.
    return QStringLiteral("SELECT COUNT(%1) FROM pg_stat_activity WHERE pid IN (%2) "
                          "AND pid <> pg_backend_pid() AND usename = current_user")
        .arg(end ? QStringLiteral("pg_terminate_backend(pid)") : QStringLiteral("*"),
            list.join(QLatin1Char(',')));
}

bool await(const std::vector<unsigned long>& pids, const CountQuery& count, const Sleep& sleep, Wait wait)
{
    std::vector<unsigned long> known;
    for (const unsigned long pid : pids)
        if (pid != 0)
            known.push_back(pid);
    if (known.empty())
        return true;
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    for (std::chrono::milliseconds pause(2);; pause = std::min(pause * 2, std::chrono::milliseconds(50))) {
        const bool pastGrace = Clock::now() - start >= wait.grace;
        const std::optional<long long> left = count(leftSql(known, pastGrace));
        if (!left)
            return false;
        if (*left == 0)
            return true;
        if (Clock::now() - start >= wait.limit)
            return false;
        sleep(pause);
    }
}

} // namespace FinishedBackends
