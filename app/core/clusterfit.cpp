#include "app/core/clusterfit.h"

QList<ClusterFit::Problem> ClusterFit::of(const Experiment& experiment, int nodes)
{
    QList<Problem> problems;
    const Placement& placement = experiment.placement;
    if (nodes == 1 && !placement.isRoundRobin())
        problems.append({ QStringLiteral("placement"),
            tr("%1 spreads the clients over %2 nodes, but the server is a single one; use --server "
               "cluster:N or a URL with several hosts")
                .arg(placement.text())
                .arg(placement.weights().size()) });
    else if (const QString problem = placement.problemFor(nodes); !problem.isEmpty())
        problems.append({ QStringLiteral("placement"), problem });
    if (experiment.killNode > nodes)
        problems.append({ QStringLiteral("kill-node"),
            tr("node %1 is not there: the server has %2")
                .arg(experiment.killNode)
                .arg(nodes == 1 ? tr("one node") : tr("%1 nodes").arg(nodes)) });
    if (nodes == 1)
        return problems;
    // Connection ids are per node: two nodes' clients may have the same one.
    if (experiment.workload == WorkloadKind::Claim)
        problems.append({ QStringLiteral("workload"),
            tr("the claim workload runs on one server only: a claim names its worker by connection "
               "id (owner = CONNECTION_ID()), and each node of a cluster numbers its connections "
               "on its own, so two workers could hold one task unseen") });
    if (experiment.killWorkersEveryMs > 0)
        problems.append({ QStringLiteral("kill-workers-every"),
            tr("killing workers runs on one server only: the lab kills a worker by its connection "
               "id, which names a connection only on the node that gave it") });
    return problems;
}
