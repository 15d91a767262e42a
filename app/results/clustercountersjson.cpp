#include "app/results/clustercountersjson.h"

#include "app/results/resultfilekeys.h"

namespace ClusterCountersJson {

namespace {

struct Key {
    const char* name;
    long long ClusterCounters::*field;
};

constexpr Key kKeys[] = {
    { "cert_failures", &ClusterCounters::certFailures },
    { "bf_aborts", &ClusterCounters::bfAborts },
    { "flow_control_paused_ns", &ClusterCounters::flowControlPausedNs },
    { "recv_queue", &ClusterCounters::recvQueue },
    { "send_queue", &ClusterCounters::sendQueue },
    { "local_commits", &ClusterCounters::localCommits },
};

const QString kNodes = ResultFileKeys::kClusterNodes;
const QString kAnswered = QStringLiteral("answered");

} // namespace

void insert(QJsonObject& object, const ClusterCounters& counters, const QString& prefix)
{
    for (const Key& key : kKeys)
        object.insert(prefix + QLatin1String(key.name), static_cast<double>(counters.*key.field));
}

ClusterCounters read(const QJsonObject& object)
{
    ClusterCounters counters;
    for (const Key& key : kKeys)
        counters.*key.field = static_cast<long long>(object.value(QLatin1String(key.name)).toDouble());
    counters.answered = object.value(kAnswered).toBool(true);
    return counters;
}

QJsonArray nodesToJson(const QList<ClusterCounters>& nodes)
{
    QJsonArray array;
    for (const ClusterCounters& node : nodes) {
        QJsonObject object { { kAnswered, node.answered } };
        insert(object, node);
        array.append(object);
    }
    return array;
}

QList<ClusterCounters> nodesFromJson(const QJsonArray& array)
{
    QList<ClusterCounters> nodes;
    for (const QJsonValue& value : array)
        nodes.append(read(value.toObject()));
    return nodes;
}

void addNodeColumns(QJsonObject& row, int nodeCount)
{
    const QJsonArray nodes = row.value(kNodes).toArray();
    for (int i = 0; i < nodeCount; ++i) {
        const QString prefix = QStringLiteral("node%1_").arg(i + 1);
        if (i < nodes.size()) {
            const QJsonObject node = nodes.at(i).toObject();
            row.insert(prefix + kAnswered, node.value(kAnswered).toBool(true));
            insert(row, read(node), prefix);
        } else {
            row.insert(prefix + kAnswered, QString());
            for (const Key& key : kKeys)
                row.insert(prefix + QLatin1String(key.name), QString());
        }
    }
}

} // namespace ClusterCountersJson
