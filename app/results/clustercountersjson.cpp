#include "app/results/clustercountersjson.h"

#include "app/core/figuresjson.h"
#include "app/core/resultfigures.h"
#include "app/results/resultfilekeys.h"

namespace ClusterCountersJson {

namespace {

const QString kNodes = ResultFileKeys::kClusterNodes;
const QString kAnswered = QStringLiteral("answered");

} // namespace

void insert(QJsonObject& object, const ClusterCounters& counters, const QString& prefix)
{
    for (const Figure<ClusterCounters>& figure : clusterCounterFigures())
        object.insert(prefix + QLatin1String(figure.key), FiguresJson::valueOf(figure, counters, true));
}

ClusterCounters read(const QJsonObject& object)
{
    ClusterCounters counters;
    FiguresJson::read(object, counters, clusterCounterFigures());
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
            for (const Figure<ClusterCounters>& figure : clusterCounterFigures())
                row.insert(prefix + QLatin1String(figure.key), QString());
        }
    }
}

} // namespace ClusterCountersJson
