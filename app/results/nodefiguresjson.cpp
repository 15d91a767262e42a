#include "app/results/nodefiguresjson.h"

#include "app/core/figuresjson.h"
#include "app/core/resultfigures.h"
#include "app/results/resultfilekeys.h"

#include <QJsonObject>

namespace NodeFiguresJson {

QJsonArray toJson(const QList<NodeFigures>& nodes)
{
    using namespace ResultFileKeys;
    QJsonArray array;
    for (const NodeFigures& n : nodes) {
        QJsonObject object { { kEndpoint, n.endpoint }, { kWsrepStats, n.statsValid },
            { kStateAtEnd, n.stateAtEnd }, { kLeft, n.left }, { kAudited, n.audit.valid },
            { kAgrees, n.agrees() } };
        FiguresJson::insert(object, n, nodeFigures(), n.audit.valid);
        if (!n.auditError.isEmpty())
            object.insert(kAuditError, n.auditError);
        if (!n.disagreement.isEmpty())
            object.insert(kDisagreement, n.disagreement);
        array.append(object);
    }
    return array;
}

QList<NodeFigures> fromJson(const QJsonArray& array)
{
    using namespace ResultFileKeys;
    QList<NodeFigures> nodes;
    for (const QJsonValue& value : array) {
        const QJsonObject o = value.toObject();
        NodeFigures n;
        FiguresJson::read(o, n, nodeFigures());
        n.endpoint = o.value(kEndpoint).toString();
        n.statsValid = o.value(kWsrepStats).toBool();
        n.stateAtEnd = o.value(kStateAtEnd).toString();
        n.left = o.value(kLeft).toBool();
        n.audit.valid = o.value(kAudited).toBool();
        n.auditError = o.value(kAuditError).toString();
        n.disagreement = o.value(kDisagreement).toString();
        nodes.append(n);
    }
    return nodes;
}

} // namespace NodeFiguresJson
