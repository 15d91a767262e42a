#include "strategies/claimsql.h"

namespace ClaimSql {

QString lockingClaim(bool postgres, bool skipLocked)
{
    return (postgres ? QStringLiteral(
                "SELECT task_id FROM tasks WHERE status = 0 ORDER BY task_id LIMIT ? FOR UPDATE")
                     : QStringLiteral(
                         "SELECT task_id FROM tasks FORCE INDEX (by_status) WHERE status = 0 ORDER BY "
                         "task_id LIMIT ? FOR UPDATE"))
        + (skipLocked ? QStringLiteral(" SKIP LOCKED") : QString());
}

QString updateClaim(bool postgres)
{
    // PostgreSQL has no UPDATE … LIMIT, and a subquery's LIMIT picks its rows once: a row another
    // claim took meanwhile is re-checked and dropped, not replaced, so contending workers came
    // away with partial claims, or none, and deadlocked on rows locked in another order. SKIP
    // LOCKED passes over the rows another claim is taking; the locks still last this statement.
    if (postgres)
        return QStringLiteral(
            "UPDATE tasks SET status = 1, owner = pg_backend_pid(), claimed_at = clock_timestamp() "
            "WHERE task_id IN (SELECT task_id FROM tasks WHERE status = 0 AND owner IS NULL ORDER BY task_id "
            "LIMIT ? FOR UPDATE SKIP LOCKED)");
    return QStringLiteral("UPDATE tasks FORCE INDEX (by_status) SET status = 1, owner = CONNECTION_ID(), "
                          "claimed_at = SYSDATE(6) "
                          "WHERE status = 0 AND owner IS NULL ORDER BY task_id LIMIT ?");
}

QString ownerIsMe(bool postgres)
{
    return postgres ? QStringLiteral("owner = pg_backend_pid()") : QStringLiteral("owner = CONNECTION_ID()");
}

QString ownedByMe(bool postgres, bool forUpdate)
{
    return QStringLiteral("SELECT task_id FROM tasks WHERE %1 AND status = 1").arg(ownerIsMe(postgres))
        + (forUpdate ? QStringLiteral(" FOR UPDATE") : QString());
}

QString giveBackMine(bool postgres)
{
    return QStringLiteral(
               "UPDATE tasks SET status = 0, owner = NULL, claimed_at = NULL WHERE status = 1 AND ")
        + ownerIsMe(postgres);
}

QString releaseStale(bool postgres)
{
    return postgres
        ? QStringLiteral("UPDATE tasks SET status = 0, owner = NULL, claimed_at = NULL, released = "
                         "released + 1 WHERE status = 1 AND claimed_at < LOCALTIMESTAMP - ? * "
                         "INTERVAL '1 microsecond'")
        : QStringLiteral("UPDATE tasks FORCE INDEX (by_status) SET status = 0, owner = NULL, "
                         "claimed_at = NULL, released = released + 1 "
                         "WHERE status = 1 AND claimed_at < NOW(6) - INTERVAL ? MICROSECOND");
}

QString stillConnected(bool postgres, const QString& ids, bool heldByTransaction)
{
    // A killed connection lingers in the list while it ends, its locks already released and
    // its rows perhaps another worker's: MariaDB and MySQL show it as "Killed". PostgreSQL shows
    // nothing of a terminated backend, but its transaction is over (xact_start cleared) before
    // it leaves: locked claims are held only by an open transaction.
    if (postgres)
        return QStringLiteral("SELECT string_agg(pid::text, ',') FROM pg_stat_activity WHERE pid IN (%1)%2")
            .arg(ids, heldByTransaction ? QStringLiteral(" AND xact_start IS NOT NULL") : QString());
    return QStringLiteral("SELECT GROUP_CONCAT(ID) FROM information_schema.PROCESSLIST WHERE ID IN (%1) "
                          "AND COMMAND <> 'Killed'")
        .arg(ids);
}

} // namespace ClaimSql
