#include "app/results/nodefiguresjson.h"

#include <QJsonObject>

namespace NodeFiguresJson {

QJsonArray toJson(const QList<NodeFigures>& nodes)
{
    QJsonArray array;
    for (const NodeFigures& n : nodes) {
        QJsonObject object {
            { QStringLiteral("node"), n.node },
            { QStringLiteral("endpoint"), n.endpoint },
            { QStringLiteral("clients"), n.clients },
            { QStringLiteral("wsrep_stats"), n.statsValid },
            { QStringLiteral("cert_failures"), static_cast<double>(n.certFailures) },
            { QStringLiteral("bf_aborts"), static_cast<double>(n.bfAborts) },
            { QStringLiteral("flow_control_paused_s"), n.flowControlPausedS },
            { QStringLiteral("max_recv_queue"), static_cast<double>(n.maxRecvQueue) },
            { QStringLiteral("max_send_queue"), static_cast<double>(n.maxSendQueue) },
            { QStringLiteral("longest_applier_stall_s"), n.longestApplierStallS },
            { QStringLiteral("applier_stalls_ended"), n.applierStallsEnded },
            { QStringLiteral("state_at_end"), n.stateAtEnd },
            { QStringLiteral("left"), n.left },
            { QStringLiteral("left_at_s"), n.leftAtS },
            { QStringLiteral("audited"), n.audit.valid },
            { QStringLiteral("agrees"), n.agrees() },
        };
        if (n.audit.valid) {
            object.insert(QStringLiteral("remaining"), static_cast<double>(n.audit.remaining));
            object.insert(QStringLiteral("sold"), static_cast<double>(n.audit.sold));
            object.insert(QStringLiteral("order_rows"), static_cast<double>(n.audit.orderRows));
            object.insert(QStringLiteral("oversold"), static_cast<double>(n.audit.oversold));
        }
        if (!n.auditError.isEmpty())
            object.insert(QStringLiteral("audit_error"), n.auditError);
        if (!n.disagreement.isEmpty())
            object.insert(QStringLiteral("disagreement"), n.disagreement);
        array.append(object);
    }
    return array;
}

QList<NodeFigures> fromJson(const QJsonArray& array)
{
    QList<NodeFigures> nodes;
    for (const QJsonValue& value : array) {
        const QJsonObject o = value.toObject();
        const auto integer
            = [&](const char* key) { return static_cast<long long>(o.value(QLatin1String(key)).toDouble()); };
        NodeFigures n;
        n.node = o.value(QStringLiteral("node")).toInt();
        n.endpoint = o.value(QStringLiteral("endpoint")).toString();
        n.clients = o.value(QStringLiteral("clients")).toInt();
        n.statsValid = o.value(QStringLiteral("wsrep_stats")).toBool();
        n.certFailures = integer("cert_failures");
        n.bfAborts = integer("bf_aborts");
        n.flowControlPausedS = o.value(QStringLiteral("flow_control_paused_s")).toDouble();
        n.maxRecvQueue = integer("max_recv_queue");
        n.maxSendQueue = integer("max_send_queue");
        n.longestApplierStallS = o.value(QStringLiteral("longest_applier_stall_s")).toDouble();
        n.applierStallsEnded = o.value(QStringLiteral("applier_stalls_ended")).toInt();
        n.stateAtEnd = o.value(QStringLiteral("state_at_end")).toString();
        n.left = o.value(QStringLiteral("left")).toBool();
        n.leftAtS = o.value(QStringLiteral("left_at_s")).toDouble(-1.0);
        n.audit.valid = o.value(QStringLiteral("audited")).toBool();
        n.audit.remaining = integer("remaining");
        n.audit.sold = integer("sold");
        n.audit.orderRows = integer("order_rows");
        n.audit.oversold = integer("oversold");
        n.auditError = o.value(QStringLiteral("audit_error")).toString();
        n.disagreement = o.value(QStringLiteral("disagreement")).toString();
        nodes.append(n);
    }
    return nodes;
}

} // namespace NodeFiguresJson
