#include "strategies/claimsession.h"

#include "app/fiber/clientwait.h"
#include "strategies/claimsql.h"

#include <QStringList>

#include <algorithm>
#include <chrono>
#include <thread>

namespace {

// How long a worker that found no pending task waits before it asks again, as a job worker polls.
constexpr auto kIdlePoll = std::chrono::milliseconds(20);

template <typename Id> QString idList(const std::vector<Id>& ids)
{
    QString list;
    for (const Id id : ids) {
        if (!list.isEmpty())
            list += QLatin1Char(',');
        list += QString::number(id);
    }
    return list;
}

} // namespace

ClaimSession::ClaimSession(RunEnvironment& environment, WorkerCounters& counters, ClaimLedger& ledger)
    : TransactionSession(environment, counters)
    , m_ledger(ledger)
    , m_counters(counters)
    , m_batch(environment.experiment().batch)
{
    // A dead connection's claims are given back by the server (locks) or the sweeper (owner
    // rows): this worker holds nothing from the moment it finds its connection gone.
    client().setOnConnectionLost([this] { letGo(); });
}

OrderOutcome ClaimSession::place(const Order& order)
{
    m_completed = 0;
    const OrderOutcome outcome = TransactionSession::place(order);
    if (outcome != OrderOutcome::Sold && outcome != OrderOutcome::OutOfStock)
        giveBackUnfinished();
    letGo(); // completed, or given up: either way this worker holds nothing now
    if (outcome != OrderOutcome::OutOfStock)
        return outcome;
    ClientWait::sleepFor(kIdlePoll);
    return OrderOutcome::Idle;
}

bool ClaimSession::fetchTasks(PreparedStatement& statement, std::vector<std::int64_t>& tasks)
{
    tasks.clear();
    std::vector<std::optional<std::int64_t>> row;
    while (statement.fetch(row)) {
        if (!row.empty() && row.front())
            tasks.push_back(*row.front());
    }
    return !statement.lastError().isSet();
}

bool ClaimSession::timedClaim(PreparedStatement& statement, std::initializer_list<std::int64_t> params)
{
    const bool ok = statement.execute(params);
    const auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch());
    m_counters.add(ClientCount::LockWaitNs, now.count() - connection().sentAtNs());
    return ok;
}

void ClaimSession::hold(const std::vector<std::int64_t>& tasks)
{
    letGo();
    m_completed = 0;
    m_holder = connection().threadId();
    m_held = tasks;
    if (const int doubles = stillConnected(m_ledger.take(tasks, m_holder)); doubles > 0)
        m_counters.add(ClientCount::DoubleClaims, doubles);
}

int ClaimSession::stillConnected(const std::vector<unsigned long>& holders)
{
    if (holders.empty())
        return 0;
    const std::optional<QString> alive = connection().queryText(ClaimSql::stillConnected(
        connection().postgres() != nullptr, idList(holders), claimsHeldByTransaction()));
    if (!alive)
        return 0;
    const QStringList aliveIds = alive->split(QLatin1Char(','));
    return static_cast<int>(std::count_if(holders.begin(), holders.end(),
        [&](unsigned long holder) { return aliveIds.contains(QString::number(holder)); }));
}

void ClaimSession::letGo()
{
    if (!m_held.empty())
        m_ledger.drop(m_held, m_holder);
    m_held.clear();
}

Attempt ClaimSession::markDone(const std::vector<std::int64_t>& tasks, bool ownedOnly, std::uint64_t* marked)
{
    QString sql = QStringLiteral("UPDATE tasks SET status = 2 WHERE task_id IN (%1)").arg(idList(tasks));
    if (ownedOnly)
        sql += QStringLiteral(" AND status = 1 AND ")
            + ClaimSql::ownerIsMe(connection().postgres() != nullptr);
    if (!connection().execute(sql))
        return connectionFailed();
    *marked = connection().affectedRows();
    return Attempt::sold();
}

Attempt ClaimSession::insertLinesAndCommit(const Order& order, const std::vector<std::int64_t>& tasks)
{
    QString sql = QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES ");
    for (std::size_t line = 0; line < tasks.size(); ++line) {
        if (line > 0)
            sql += QLatin1Char(',');
        sql += QStringLiteral("(%1,%2,1)").arg(order.lineRequestId(static_cast<int>(line))).arg(tasks[line]);
    }
    if (!connection().execute(sql))
        return connectionFailed();
    // Set before the COMMIT: a reply lost after it is settled by the commit lookup of line 0.
    m_completed = static_cast<int>(tasks.size());
    if (!transaction().commit())
        return connectionFailed();
    return Attempt::sold();
}
