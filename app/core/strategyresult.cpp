#include "app/core/strategyresult.h"

QString StrategyResult::verdict() const
{
    if (!error.isEmpty())
        return QStringLiteral("error");
    if (anomaly()) {
        const QString what = oversold > 0 ? QStringLiteral("oversold") : QStringLiteral("lost updates");
        return safe ? QStringLiteral("FAIL: ") + what : what + QStringLiteral(" (unsafe baseline)");
    }
    if (!clientsAgree())
        return QStringLiteral("FAIL: client count differs from orders table");
    return safe ? QStringLiteral("pass") : QStringLiteral("no anomaly this time");
}
