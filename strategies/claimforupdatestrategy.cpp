#include "strategies/claimforupdatestrategy.h"

#include "strategies/claimsession.h"
#include "strategies/claimsql.h"

#include <QCoreApplication>

namespace {

class LockingClaimSession : public ClaimSession {
public:
    LockingClaimSession(
        RunEnvironment& environment, WorkerCounters& counters, ClaimLedger& ledger, const QString& claimSql)
        : ClaimSession(environment, counters, ledger)
    {
        statements().add(&m_claim, claimSql);
    }

protected:
    Attempt attempt(const Order& order) override
    {
        if (!connection().begin())
            return connectionFailed();
        if (!transaction().timedLockingExecute(m_claim, { batch() }))
            return failed(m_claim);
        if (!fetchTasks(m_claim, m_tasks))
            return failed(m_claim);
        if (m_tasks.empty())
            return rollbackAs(Attempt::outOfStock());
        hold(m_tasks);
        transaction().delayInTransaction(); // the work on the batch, with its rows locked
        std::uint64_t marked = 0;
        if (const Attempt done = markDone(m_tasks, false, &marked); done.kind != Attempt::Kind::Sold)
            return done;
        return insertLinesAndCommit(order, m_tasks);
    }

private:
    PreparedStatement m_claim;
    std::vector<std::int64_t> m_tasks;
};

} // namespace

QString ClaimForUpdateStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "Each worker starts a transaction, locks the first K pending tasks with SELECT … LIMIT K FOR UPDATE, "
        "does the work, marks them done and commits. A worker that dies mid-batch rolls back and its tasks "
        "are pending again at once: nothing is stranded. But every worker's read starts at the same first "
        "pending rows, which the worker ahead of it holds locked for its whole batch, work and round trips "
        "included: the workers take turns, one batch at a time, however many there are.");
}

QStringList ClaimForUpdateStrategy::orderSql() const
{
    return sqlShown(false);
}

QStringList ClaimForUpdateStrategy::orderSqlOnPostgres() const
{
    return sqlShown(true);
}

QStringList ClaimForUpdateStrategy::sqlShown(bool postgres) const
{
    return { QStringLiteral("START TRANSACTION"), claimSql(postgres),
        QCoreApplication::translate("Strategy", "-- client: work on the batch (delay-ms)"),
        QStringLiteral("UPDATE tasks SET status = 2 WHERE task_id IN (…)"),
        QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (?, task_id, 1), … ")
            + QCoreApplication::translate("Strategy", "-- one row per task"),
        QStringLiteral("COMMIT") };
}

QString ClaimForUpdateStrategy::claimSql(bool postgres) const
{
    return ClaimSql::lockingClaim(postgres, false);
}

std::unique_ptr<OrderSession> ClaimForUpdateStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openTransactionSession<LockingClaimSession>(
        environment, counters, error, ledger(), claimSql(environment.params().isPostgres()));
}
