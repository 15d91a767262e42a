#include "app/core/deadlockaccount.h"

#include <QStringList>

QString DeadlockAccount::sentence() const
{
    if (!any())
        return {};
    if (agrees())
        return tr(
            "Every deadlock accounted for: %1 captured with their statements, %1 counted by the server, "
            "%1 errors 1213 in the clients.")
            .arg(captured);
    QStringList parts;
    parts << tr("Deadlocks: %1 captured with their statements, %2 counted by the server, %3 errors 1213 in "
                "the clients")
                 .arg(captured)
                 .arg(server < 0 ? tr("none") : QString::number(server))
                 .arg(clients);
    if (server < 0)
        parts << tr("the server's count could not be read");
    else if (captured < server && polled)
        parts << tr("%1 came between two reads of SHOW ENGINE INNODB STATUS, which keeps only the latest")
                     .arg(server - captured);
    else if (captured < server)
        parts << tr("%1 are missing from the error log").arg(server - captured);
    else if (captured > server)
        parts << tr("%1 more captured than counted").arg(captured - server);
    if (server >= 0 && clients > server) {
        const long long others = clients - server;
        parts << (clusterAborts > 0
                ? tr("%1 of the errors 1213 were the cluster's aborts of a transaction a "
                     "replicated write needed (%2 brute-force aborts), not deadlocks")
                      .arg(others)
                      .arg(clusterAborts)
                : tr("%1 of the errors 1213 came from no deadlock the server counted").arg(others));
    } else if (server >= 0 && clients < server) {
        parts << tr("%1 victims were not the clients' transactions (the lab's own connections, or an order "
                    "whose error came after the run)")
                     .arg(server - clients);
    }
    return parts.join(QStringLiteral("; ")) + QLatin1Char('.');
}

QJsonObject DeadlockAccount::toJson() const
{
    return {
        { QStringLiteral("captured"), static_cast<double>(captured) },
        { QStringLiteral("server"), server < 0 ? QJsonValue() : QJsonValue(static_cast<double>(server)) },
        { QStringLiteral("clients"), static_cast<double>(clients) },
        { QStringLiteral("polled"), polled },
        { QStringLiteral("cluster_aborts"), static_cast<double>(clusterAborts) },
        { QStringLiteral("agrees"), agrees() },
    };
}

DeadlockAccount DeadlockAccount::fromJson(const QJsonObject& object)
{
    DeadlockAccount a;
    a.captured = object.value(QStringLiteral("captured")).toInteger();
    a.server = object.value(QStringLiteral("server")).toInteger(-1);
    a.clients = object.value(QStringLiteral("clients")).toInteger();
    a.polled = object.value(QStringLiteral("polled")).toBool();
    a.clusterAborts = object.value(QStringLiteral("cluster_aborts")).toInteger();
    return a;
}
