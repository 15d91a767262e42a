#pragma once

#include "app/db/connectionparams.h"
#include "app/server/embeddedserver.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>
#include <vector>

// The lab's private Galera cluster: N MariaDB nodes (embedded servers with wsrep on), each with
// its own data directory under <data root>/cluster and its own loopback ports. The first node
// bootstraps the cluster; the others join it and receive its state by rsync. Stopped when this
// object dies, and with the lab through each node's PR_SET_PDEATHSIG.
// Must be started and stopped from one long-lived thread.
class EmbeddedCluster {
    Q_DECLARE_TR_FUNCTIONS(EmbeddedCluster)

public:
    using Progress = EmbeddedServer::Progress;
    enum class NodeState { Stopped, Joining, Donor, Synced, Gone };
    static constexpr int kDefaultNodes = 3;
    static constexpr int kMaxNodes = 9;

    explicit EmbeddedCluster(int nodes = kDefaultNodes, QString dataRoot = defaultDataRoot());
    ~EmbeddedCluster();
    EmbeddedCluster(const EmbeddedCluster&) = delete;
    EmbeddedCluster& operator=(const EmbeddedCluster&) = delete;

    // Starts every node and waits until each is synced with the cluster.
    bool start(QString* error, const Progress& progress = {});
    // The joiners first, the first node last: it is then the one safe to bootstrap from.
    void stop();

    int nodeCount() const { return static_cast<int>(m_nodes.size()); }
    // Nodes are numbered from 1, as their names (node1, node2, …) are.
    ConnectionParams connectionParams(int node, const QString& database = QStringLiteral("lockbench")) const;
    EmbeddedServer& server(int node) const { return *m_nodes.at(static_cast<std::size_t>(node - 1)); }
    // Asks the node itself (wsrep_local_state_comment); Gone when its process has died.
    NodeState state(int node) const;
    static QString stateLabel(NodeState state);
    // Galera's wsrep_local_state_comment ("Synced", "Donor/Desynced", "Joined"…) as a state.
    static NodeState stateFromComment(const QString& comment);
    // SIGKILL, as a crash would: the fault a run can inject (--kill-node).
    bool killNode(int node);
    // Starts a node that went down again (killed, crashed, shut down): it joins the cluster that
    // went on without it, whichever node it is, takes its state afresh and is waited for until
    // synced. Called from the thread that started the cluster.
    bool restartNode(int node, QString* error);

    // <the embedded server's data root>/cluster.
    static QString defaultDataRoot();
    // MariaDB's script for the joiners' state transfer and the rsync it runs; false, with the
    // package to install, when either is missing.
    static bool findStateTransfer(QString* error);
    static QString findProvider(); // libgalera_smm.so, from Debian's galera-4

private:
    struct Ports {
        int group = 0; // gcomm, the nodes' group communication
        int stateTransfer = 0; // rsync SST, received by a joiner
        int incrementalTransfer = 0; // IST
    };
    // `joining`: the node joins the others rather than forming the cluster (node 1 at the start).
    QStringList wsrepArguments(int node, const QString& provider, bool joining) const;
    // Starts a node with its Galera options; a joiner that ends during its state transfer is
    // started once more.
    bool startNode(
        int node, const QString& provider, bool joining, QString* error, const Progress& progress = {});
    bool waitUntilSynced(int node, QString* error) const;
    bool waitUntilLeft(int node, QString* error) const; // the others no longer count it
    bool prepareDataDirectory(int node, bool joining, QString* error);

    QString m_dataRoot;
    std::vector<std::unique_ptr<EmbeddedServer>> m_nodes;
    QList<Ports> m_ports;
};
