#pragma once

#include <QString>

// The claim workload's statements in each engine's dialect. PostgreSQL has no FORCE INDEX, no
// UPDATE … ORDER BY … LIMIT (the rows to claim come from a subquery, and the UPDATE checks again
// that each is still pending, so that two workers never claim one task), and names a connection
// by its backend's pid rather than CONNECTION_ID().
namespace ClaimSql {

// SELECT … LIMIT ? FOR UPDATE [SKIP LOCKED]: claim-for-update's and claim-skip-locked's read.
QString lockingClaim(bool postgres, bool skipLocked);
// claim-update's claim: the first ? pending tasks marked claimed by this connection, now.
QString updateClaim(bool postgres);
// The tasks this connection has claimed, optionally locked.
QString ownedByMe(bool postgres, bool forUpdate);
// "owner = <this connection>", for marking one's own claims done.
QString ownerIsMe(bool postgres);
// A live worker's own claims given back, not done: it stopped, or gave up on its batch.
QString giveBackMine(bool postgres);
// The sweeper's release of claims older than ? microseconds.
QString releaseStale(bool postgres);
// Which of these connection ids (a comma-separated list) can still hold a claim, comma-separated:
// connected and not being killed, and, for claims held by row locks (`heldByTransaction`), in a
// transaction.
QString stillConnected(bool postgres, const QString& ids, bool heldByTransaction);

} // namespace ClaimSql
