#pragma once

#include <QCoreApplication>
#include <QString>

class QtSqlConnection;

// Ends a Galera applier's wait on a lock that one of the run's own clients holds. A write set
// that passed certification must be applied; the node aborts any local transaction in its way
// (a brute-force abort). MariaDB 10.11 sometimes misses that abort, when the local transaction
// is itself waiting for a lock: the applier then waits until that transaction's
// innodb_lock_wait_timeout (50 s by default), its receive queue fills, and flow control pauses
// the whole cluster. (Later MariaDB retries the abort itself: innodb_wsrep_applier_lock_wait_timeout.)
// Here, once a node has had write sets queued and committed nothing for kStallMs, the connections
// of the run's account in the run's database that block a system (applier) thread are killed; the
// clients reconnect and look up the orders they could not confirm, as after any dropped connection.
// One per node; used on the run's thread.
class ApplierStallBreaker {
    Q_DECLARE_TR_FUNCTIONS(ApplierStallBreaker)

public:
    static constexpr long long kStallMs = 2000;

    ApplierStallBreaker(QString user, QString database);

    // Called at each sample with the node's wsrep_last_committed and wsrep_local_recv_queue.
    // Returns what it did, for the run's status line; empty when nothing.
    QString check(
        QtSqlConnection& connection, int node, long long lastCommitted, long long recvQueue, long long nowMs);

    int stallsEnded() const { return m_stallsEnded; }
    double longestStallS() const { return static_cast<double>(m_longestStallMs) / 1000.0; }

private:
    QString m_user;
    QString m_database;
    long long m_lastCommitted = -1;
    long long m_lastSampleMs = 0;
    long long m_stalledSinceMs = -1; // since when write sets wait and none commits; -1: not stalled
    long long m_lastKillMs = -1;
    int m_stallsEnded = 0;
    long long m_longestStallMs = 0;
};
