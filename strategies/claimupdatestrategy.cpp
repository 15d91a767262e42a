#include "strategies/claimupdatestrategy.h"

#include "strategies/claimsession.h"
#include "strategies/claimsql.h"
#include "strategies/claimsweeper.h"

#include <QCoreApplication>

namespace {

class UpdateClaimSession : public ClaimSession {
public:
    UpdateClaimSession(RunEnvironment& environment, WorkerCounters& counters, ClaimLedger& ledger)
        : ClaimSession(environment, counters, ledger)
    {
        const bool postgres = environment.params().isPostgres();
        statements().add(&m_claim, ClaimSql::updateClaim(postgres));
        statements().add(&m_read, ClaimSql::ownedByMe(postgres, false));
        statements().add(&m_readOwned, ClaimSql::ownedByMe(postgres, true));
    }

protected:
    bool claimsHeldByTransaction() const override { return false; } // the owner column holds them
    void giveBackUnfinished() override
    {
        // Not given back, they would wait for the sweeper and count as stranded at the end, as
        // if this worker had died.
        if (connection().isOpen() && connection().rollback())
            connection().execute(ClaimSql::giveBackMine(connection().postgres() != nullptr));
    }

    Attempt attempt(const Order& order) override
    {
        // The claim commits on its own (autocommit): its row locks last one statement.
        if (!timedClaim(m_claim, { batch() }))
            return failed(m_claim);
        if (m_claim.affectedRows() == 0)
            return Attempt::outOfStock();
        if (!m_read.execute({}) || !fetchTasks(m_read, m_tasks))
            return failed(m_read);
        if (m_tasks.empty()) // swept away already: claim again
            return Attempt::conflict();
        hold(m_tasks);
        transaction().delayInTransaction(); // the work on the batch, with no lock held
        if (!connection().begin())
            return connectionFailed();
        std::uint64_t marked = 0;
        if (const Attempt done = markDone(m_tasks, true, &marked); done.kind != Attempt::Kind::Sold)
            return done;
        if (marked < m_tasks.size()) {
            // The sweeper gave some back while this worker worked on them: complete only what
            // it still owns, read again under lock.
            if (!connection().rollback() || !connection().begin())
                return connectionFailed();
            if (!m_readOwned.execute({}) || !fetchTasks(m_readOwned, m_tasks))
                return failed(m_readOwned);
            if (m_tasks.empty())
                return rollbackAs(Attempt::conflict());
            if (const Attempt done = markDone(m_tasks, true, &marked); done.kind != Attempt::Kind::Sold)
                return done;
        }
        return insertLinesAndCommit(order, m_tasks);
    }

private:
    PreparedStatement m_claim;
    PreparedStatement m_read;
    PreparedStatement m_readOwned;
    std::vector<std::int64_t> m_tasks;
};

} // namespace

ClaimUpdateStrategy::ClaimUpdateStrategy() = default;
ClaimUpdateStrategy::~ClaimUpdateStrategy() = default;

QString ClaimUpdateStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "Each worker claims K pending tasks with one UPDATE … SET owner = CONNECTION_ID(), claimed_at = "
        "NOW(6) "
        "WHERE status = 0 AND owner IS NULL LIMIT K, committed on its own: the rows are locked only for that "
        "one "
        "statement, not across the work and its round trips. The affected-row count says how many it got; it "
        "reads "
        "them back by owner, works with no lock held, and marks done only the tasks it still owns. A worker "
        "that "
        "dies leaves its claims behind: a sweeper gives back every claim older than the claim timeout, so "
        "the "
        "tasks are stranded for that long, and a timeout shorter than the work would hand a live worker's "
        "tasks "
        "to another (a double claim).");
}

QStringList ClaimUpdateStrategy::orderSql() const
{
    return sqlShown(false);
}

QStringList ClaimUpdateStrategy::orderSqlOnPostgres() const
{
    return sqlShown(true);
}

QStringList ClaimUpdateStrategy::sqlShown(bool postgres)
{
    return { ClaimSql::updateClaim(postgres) + QLatin1Char(' ')
            + QCoreApplication::translate("Strategy", "-- autocommit; affected rows = tasks claimed"),
        ClaimSql::ownedByMe(postgres, false),
        QCoreApplication::translate("Strategy", "-- client: work on the batch (delay-ms), no lock held"),
        QStringLiteral("START TRANSACTION"),
        QStringLiteral("UPDATE tasks SET status = 2 WHERE task_id IN (…) AND status = 1 AND ")
            + ClaimSql::ownerIsMe(postgres),
        QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (?, task_id, 1), … ")
            + QCoreApplication::translate("Strategy", "-- one row per task"),
        QStringLiteral("COMMIT"),
        QCoreApplication::translate("Strategy", "-- sweeper, every quarter timeout: %1")
            .arg(ClaimSql::releaseStale(postgres)) };
}

bool ClaimUpdateStrategy::beginRun(RunEnvironment& environment, QString* error)
{
    if (!ClaimStrategy::beginRun(environment, error))
        return false;
    m_sweeper
        = std::make_unique<ClaimSweeper>(environment, environment.newCounters(TimelineLane::Role::Sweeper));
    return true;
}

void ClaimUpdateStrategy::endRun()
{
    m_sweeper.reset(); // stops and joins its thread
    ClaimStrategy::endRun();
}

std::unique_ptr<OrderSession> ClaimUpdateStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openTransactionSession<UpdateClaimSession>(environment, counters, error, ledger());
}
