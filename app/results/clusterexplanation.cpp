#include "app/results/clusterexplanation.h"

#include "app/core/resultfigures.h"
#include "app/core/strategyresult.h"
#include "app/results/resultexplanation.h"

#include <QCoreApplication>

namespace ClusterExplanation {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ClusterExplanation", text);
}

// A figure of the nodes summed over them, under the key of its row.
template <auto Member> void addSum(const QList<NodeFigures>& nodes, QJsonObject& f)
{
    const Figure<NodeFigures>* row = figureOf<Member>(nodeFigures());
    Q_ASSERT(row);
    double sum = 0.0;
    for (const NodeFigures& node : nodes)
        sum += row->get(node);
    f.insert(QLatin1String(row->key), sum);
}

// Above this many aborts per sold order, the cluster's conflicts are the run's story.
constexpr double kAbortBound = 0.5;

} // namespace

bool addTo(const StrategyResult& r, QStringList& sentences, QJsonObject& f)
{
    if (r.nodes.size() < 2)
        return false;
    using ResultExplanation::number;
    const long long atCommit = r.clients.error(ErrorClass::CommitAbort);
    const long long atStatement = r.clients.error(ErrorClass::Deadlock);
    const double sold = static_cast<double>(std::max(1LL, r.clients[ClientCount::Sold]));
    const double abortsPerOrder = static_cast<double>(atCommit + atStatement) / sold;
    const double retriedShare = r.clients[ClientCount::Attempts] > 0
        ? static_cast<double>(r.clients[ClientCount::Retries])
            / static_cast<double>(r.clients[ClientCount::Attempts])
        : 0.0;
    int writingNodes = 0;
    for (const NodeFigures& node : r.nodes) {
        writingNodes += node.clients > 0 ? 1 : 0;
    }
    f.insert(QStringLiteral("nodes"), static_cast<int>(r.nodes.size()));
    f.insert(QStringLiteral("writing_nodes"), writingNodes);
    f.insert(QStringLiteral("aborts_at_commit"), static_cast<double>(atCommit));
    f.insert(QStringLiteral("aborts_at_statement"), static_cast<double>(atStatement));
    f.insert(QStringLiteral("aborts_per_order"), abortsPerOrder);
    f.insert(QStringLiteral("retried_share"), retriedShare);
    addSum<&NodeFigures::certFailures>(r.nodes, f);
    addSum<&NodeFigures::bfAborts>(r.nodes, f);

    if (writingNodes <= 1) {
        sentences << tr(
            "Every client wrote through one node of the %1: its row lock queued them as a single server's "
            "does, and certification had nothing to refuse (%2 aborts at COMMIT).")
                         .arg(r.nodes.size())
                         .arg(atCommit);
        return false;
    }
    if (abortsPerOrder < kAbortBound) {
        sentences << tr("Clients wrote through %1 nodes, yet conflicts were rare: %2 aborts per sold order.")
                         .arg(writingNodes)
                         .arg(number(abortsPerOrder, 2));
        return false;
    }
    sentences << tr(
        "Multi-primary conflicts: a row lock holds only on the node that took it, so clients on %1 nodes "
        "wrote the hot row at once and certification settled it at COMMIT, rolling back all but one. "
        "%2 commits were refused and %3 statements were rolled back by another node's write: %4 aborts per "
        "sold order, and %5 % of the attempts were retries.")
                     .arg(writingNodes)
                     .arg(number(static_cast<double>(atCommit), 0),
                         number(static_cast<double>(atStatement), 0), number(abortsPerOrder, 1),
                         number(100.0 * retriedShare, 0));
    return true;
}

} // namespace ClusterExplanation
