#pragma once

#include "app/audit/auditor.h"
#include "app/core/auditresult.h"
#include "app/core/experiment.h"
#include "app/core/metricssample.h"
#include "app/core/nodefigures.h"
#include "app/db/connectionparams.h"
#include "app/db/labschema.h"
#include "app/run/applierstallbreaker.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include <memory>
#include <optional>

class QtSqlConnection;

// A run on a cluster, seen from each node: one connection per node reads Galera's counters
// (certification failures, brute-force aborts, flow control, queues) at every sample, and after
// the run audits stock and orders on each node once it has applied everything, against the
// run's closing audit. An applier stuck behind one of the run's clients is freed (ApplierStallBreaker).
// Lives on the run's thread, like the run's other watchers.
class ClusterWatch {
    Q_DECLARE_TR_FUNCTIONS(ClusterWatch)

public:
    ClusterWatch(const ConnectionParams& params, const Experiment& experiment);
    ~ClusterWatch();
    ClusterWatch(const ClusterWatch&) = delete;
    ClusterWatch& operator=(const ClusterWatch&) = delete;

    // Waits until every node has applied the run's tables, seed and routines, written on node 1:
    // a client that prepares its statements on another node must find them there. A node that
    // cannot be reached is left to the clients' failover; false only when one answers with an error.
    static bool awaitSetup(const ConnectionParams& params, QString* error);

    // Connects to every node and reads where its counters start; a node it cannot reach is
    // noted, not fatal.
    void start();
    // Takes the experiment's node down once its time has come (--kill-node): the lab's own node by
    // SIGKILL, as a crash would, a server's by SHUTDOWN. Returns what it did, for the status line.
    // Also returns what the stall breakers did since the last tick.
    QString tick(std::int64_t elapsedMs);
    // The counters since start(), summed over the nodes, into the sample.
    void fill(MetricsSample& sample);
    // Each node's figures and its own audit, compared with `reference`, the run's closing audit;
    // for the Redis layout, `externalStock` reads the stock that all nodes' orders drew on.
    QList<NodeFigures> finish(const AuditResult& reference, StockLayout layout, int smallestOrder,
        const Auditor::ExternalStock& externalStock = {});

private:
    struct Status : ClusterCounters {
        bool valid = false;
        QString state;
        long long lastCommitted = -1; // wsrep_last_committed: the last write set the node committed
        long long deadlocks = 0; // Innodb_deadlocks
    };
    struct Node {
        std::unique_ptr<QtSqlConnection> connection;
        Status baseline;
        Status last;
        long long maxRecvQueue = 0;
        long long maxSendQueue = 0;
        bool gone = false;
        double leftAtS = -1.0;
        std::unique_ptr<ApplierStallBreaker> stallBreaker;
    };
    std::optional<Status> read(Node& node);
    QString killDueNode(std::int64_t elapsedMs); // --kill-node, once its time has come
    struct NodeAudit {
        StockLayout layout;
        int smallestOrder;
        const Auditor::ExternalStock& externalStock;
    };
    void audit(int index, NodeFigures& figures, const AuditResult& reference, const NodeAudit& how);
    // Waits until a Galera node is Synced; false when it is not within kSyncedWaitMs.
    bool awaitSynced(Node& node);
    static constexpr int kSyncedWaitMs = 60000;

    ConnectionParams m_params;
    Experiment m_experiment;
    std::vector<Node> m_nodes;
    bool m_killed = false;
    QStringList m_news; // what the stall breakers did, for the next tick's status line
};
