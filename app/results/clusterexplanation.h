#pragma once

#include <QJsonObject>
#include <QStringList>

struct StrategyResult;

// The sentences for a run on a multi-primary cluster, from the run's own figures: a row lock
// holds only on the node that took it, so clients on several nodes write the hot row at once
// and certification settles it at COMMIT, rolling back all but one; with every client on one
// node, that node's lock queues them as a single server does.
namespace ClusterExplanation {

// True when the aborts are what bounds the run (they were a large share of the attempts): the
// row lock's ceiling then explains nothing, and the caller leaves it out.
bool addTo(const StrategyResult& result, QStringList& sentences, QJsonObject& figures);

} // namespace ClusterExplanation
