#pragma once

#include "app/core/metricssample.h"

#include <QJsonArray>
#include <QJsonObject>

// A sample's cluster counters as result files keep them: the sums over the nodes as the
// sample's own keys, each node's under "cluster_nodes", and flat "node2_bf_aborts" columns in
// the samples' CSV.
namespace ClusterCountersJson {

// Adds the counters' keys ("cert_failures", "bf_aborts", …) to `object`, after `prefix`.
void insert(QJsonObject& object, const ClusterCounters& counters, const QString& prefix = {});
ClusterCounters read(const QJsonObject& object);

QJsonArray nodesToJson(const QList<ClusterCounters>& nodes);
QList<ClusterCounters> nodesFromJson(const QJsonArray& array);

// Each sample row with "cluster_nodes" gets "node1_…" columns, `nodeCount` nodes' worth, blank
// where it has fewer, so that every CSV row has the same columns.
void addNodeColumns(QJsonObject& row, int nodeCount);

} // namespace ClusterCountersJson
