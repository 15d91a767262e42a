#pragma once

#include "app/core/auditresult.h"

#include <QList>
#include <QString>

// What one node of a cluster saw of a strategy's run: its clients, the aborts Galera counted
// there, how long flow control held it, and its own closing audit once it had applied every
// write set. A single server has none of these.
struct NodeFigures {
    int node = 0; // 1-based, as the nodes are named
    QString endpoint;
    int clients = 0; // placed on this node
    bool statsValid = false; // the wsrep figures below were read (a Galera node)
    long long certFailures
        = 0; // wsrep_local_cert_failures during the run: local commits certification refused
    long long bfAborts = 0; // wsrep_local_bf_aborts: local transactions rolled back by a replicated write
    long long deadlocks = 0; // Innodb_deadlocks during the run, on this node
    double flowControlPausedS = 0.0; // wsrep_flow_control_paused_ns during the run
    long long maxRecvQueue = 0; // longest wsrep_local_recv_queue seen
    long long maxSendQueue = 0;
    double longestApplierStallS = 0.0; // longest time write sets waited while the node committed none
    int applierStallsEnded = 0; // times the lab closed a client connection an applier waited on
    QString stateAtEnd; // wsrep_local_state_comment, or why it could not be read
    bool left = false; // the node went away during the run: not audited, and not held against the run
    double leftAtS
        = -1.0; // when the lab took it down (--kill-node); -1: it went by itself, or was gone at the start
    AuditResult audit; // on this node, after it applied what the cluster committed
    QString auditError; // why the node could not be audited
    QString disagreement; // how its stock or orders differ from node 1's; empty when they agree

    bool agrees() const { return auditError.isEmpty() && disagreement.isEmpty(); }
};

inline bool allNodesAgree(const QList<NodeFigures>& nodes)
{
    for (const NodeFigures& node : nodes) {
        if (!node.agrees())
            return false;
    }
    return true;
}
