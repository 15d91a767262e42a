#include "strategyresult.h"

QString StrategyResult::verdict() const
{
    if (!error.isEmpty())
        return QStringLiteral("error");
    if (anomaly())
        return safe ? QStringLiteral("FAIL: oversold") : QStringLiteral("oversold (unsafe baseline)");
    if (!clientsAgree())
        return QStringLiteral("FAIL: client count differs from orders table");
    return safe ? QStringLiteral("pass") : QStringLiteral("no anomaly this time");
}
