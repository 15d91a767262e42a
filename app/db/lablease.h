#pragma once

#include "app/db/connectionparams.h"
#include "app/db/databaseconnection.h"

#include <QCoreApplication>
#include <QString>

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

// A lab's exclusive claim on its database for one plan of strategies. Two labs on the same
// database would destroy each other's data: each drops and refills the tables before every
// strategy. The claim is a named lock on the server, GET_LOCK('lockbench.<database>'), held by
// a connection of its own (not the per-strategy control connection, which comes and goes) from
// before the first table is touched until the plan ends. The server frees it when that
// connection closes, so a lab that dies cannot keep it. On PostgreSQL it is a session advisory
// lock on a key hashed from that name. Owned by one thread, as its connection is.
// A named lock is one server's: on a Galera cluster the lease is that lock on every node, those
// the lab's URL lists and those the cluster names besides (wsrep_incoming_addresses, reached with
// the same account), taken in one order (by each node's Galera UUID) whatever the URL gives, so
// that two labs whose URLs name different nodes of one cluster meet at its first node. A node that
// cannot be reached when the lease is taken is left out; the lease needs at least one.
class LabLease {
    Q_DECLARE_TR_FUNCTIONS(LabLease)

public:
    explicit LabLease(const ConnectionParams& params);
    ~LabLease();
    LabLease(const LabLease&) = delete;
    LabLease& operator=(const LabLease&) = delete;

    // Takes the lease without waiting. False with `error` when another connection holds it
    // (naming that connection: its id, account, host and since when) or the server cannot be
    // reached.
    bool acquire(QString* error);
    void release();
    // Gives the lease back if the server answers within `wait`, and otherwise by closing its
    // connection, which a silent server would not let a statement do. Closing alone is not
    // enough where the server can answer: PostgreSQL frees an advisory lock only once the
    // session's backend has exited, which lags behind the close on a busy machine, and a lab
    // waiting for this one would be refused in that gap.
    void releaseWithin(std::chrono::milliseconds wait);
    // Keeps the lease through a lost connection (killed, or the server restarted): takes it
    // again on a new one. False with `error` when another lab took it in the meantime.
    bool keep(QString* error);
    bool isHeld() const;
    // The server's id of the connection that holds the lease (the first node's it holds), once acquired.
    unsigned long connectionId() const;

    // "lockbench.<database>", or a digest of an over-long name: MySQL allows 64 characters.
    static QString lockName(const QString& database);

private:
    // The lock on one server, or one node of a cluster.
    struct NodeLock {
        ConnectionParams params;
        QString identity; // the Galera node's UUID (wsrep_gcomm_uuid); empty for another server
        DatabaseConnection connection;
        bool held = false;
        bool lost = false; // held, then its connection went: keep() takes it again
        bool takenByOther = false; // the last acquire found another holder
    };
    static std::unique_ptr<NodeLock> nodeLock(const ConnectionParams& params);
    static void identify(NodeLock& node);
    void addUnlistedNodes();
    bool acquireOn(NodeLock& node, QString* error);
    bool keepOn(NodeLock& node, QString* error);
    QString describeHolder(NodeLock& node, std::int64_t connectionId);

    QString m_name;
    std::vector<std::unique_ptr<NodeLock>> m_nodes;
    bool m_clusterAsked = false; // the nodes the URL does not list were looked for
};
