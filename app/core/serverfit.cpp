#include "app/core/serverfit.h"

#include "app/core/experimentfields.h"

#include <algorithm>

QList<ServerFit::Problem> ServerFit::ofNodes(const Experiment& experiment, int nodes)
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

namespace {

bool anyFor(const QList<ServerFit::Problem>& problems, const QString& field)
{
    return std::any_of(problems.cbegin(), problems.cend(),
        [&field](const ServerFit::Problem& problem) { return problem.field == field; });
}

} // namespace

QList<ServerFit::Problem> ServerFit::of(const Experiment& experiment, const ServerShape& server)
{
    QList<Problem> problems = ofNodes(experiment, server.nodes);
    const Experiment asTheLabLeavesIt;
    for (const ExperimentField& field : ExperimentFields::all()) {
        const QString unchanged = field.print(asTheLabLeavesIt);
        if (field.print(experiment) == unchanged || anyFor(problems, field.name))
            continue;
        QString why;
        if (needs(field.server, ServerScope::InnoDb) && server.postgres)
            why = tr("an InnoDB setting, which PostgreSQL does not have; leave it at %1 there")
                      .arg(unchanged);
        else if (needs(field.server, ServerScope::LabsOwn) && !server.labsOwn)
            why = tr("it changes the whole server, so the lab sets it only on the servers it starts itself; "
                     "leave it at %1 on a server given by URL")
                      .arg(unchanged);
        else if (needs(field.server, ServerScope::Cluster) && server.nodes < 2)
            why = tr("used only on a cluster, and the server is a single one; leave it at %1").arg(unchanged);
        else if (needs(field.server, ServerScope::OneServer) && server.nodes > 1)
            why = tr("used only on a single server, since each node of a cluster numbers its connections on "
                     "its own; leave it at %1")
                      .arg(unchanged);
        if (!why.isEmpty())
            problems.append({ field.name, why });
    }
    return problems;
}

QString ServerFit::describe(const QList<Problem>& problems)
{
    QStringList parts;
    for (const Problem& problem : problems)
        parts << QStringLiteral("%1: %2").arg(problem.field, problem.text);
    return parts.join(QStringLiteral("; "));
}
