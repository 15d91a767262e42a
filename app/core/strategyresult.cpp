#include "app/core/strategyresult.h"

Verdict StrategyResult::verdict() const
{
    if (!error.isEmpty())
        return Verdict::Error;
    if (!audited())
        return Verdict::AuditIncomplete;
    if (anomaly()) {
        if (oversold > 0)
            return safe ? Verdict::Oversold : Verdict::OversoldUnsafeBaseline;
        return safe ? Verdict::LostUpdates : Verdict::LostUpdatesUnsafeBaseline;
    }
    if (!clientsAgree())
        return Verdict::ClientsDisagree;
    return safe ? Verdict::Pass : Verdict::NoAnomalyThisTime;
}
