#include "app/core/deadlockaccount.h"

#include "app/core/figuresjson.h"

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

namespace {

using A = DeadlockAccount;
constexpr Figure<A> kFigures[] = {
    figure<&A::captured>("captured"),
    figure<&A::server>("server", Unmeasured::Null),
    figure<&A::clients>("clients"),
    figure<&A::clusterAborts>("cluster_aborts"),
};
const QLatin1String kPolled { "polled" };
const QLatin1String kAgrees { "agrees" };

} // namespace

QJsonObject DeadlockAccount::toJson() const
{
    QJsonObject object { { kPolled, polled }, { kAgrees, agrees() } };
    FiguresJson::insert(object, *this, std::span<const Figure<A>>(kFigures), true);
    return object;
}

DeadlockAccount DeadlockAccount::fromJson(const QJsonObject& object)
{
    DeadlockAccount a;
    FiguresJson::read(object, a, std::span<const Figure<A>>(kFigures));
    a.polled = object.value(kPolled).toBool();
    return a;
}
