#include "app/core/verdict.h"

QString verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return QStringLiteral("pass");
    case Verdict::NoAnomalyThisTime:
        return QStringLiteral("no anomaly this time");
    case Verdict::Error:
        return QStringLiteral("error");
    case Verdict::Oversold:
        return QStringLiteral("FAIL: oversold");
    case Verdict::LostUpdates:
        return QStringLiteral("FAIL: lost updates");
    case Verdict::OversoldUnsafeBaseline:
        return QStringLiteral("oversold (unsafe baseline)");
    case Verdict::LostUpdatesUnsafeBaseline:
        return QStringLiteral("lost updates (unsafe baseline)");
    case Verdict::ClientsDisagree:
        return QStringLiteral("FAIL: client count differs from orders table");
    case Verdict::AuditIncomplete:
        return QStringLiteral("audit incomplete");
    case Verdict::CompletedTwice:
        return QStringLiteral("FAIL: a task completed twice");
    case Verdict::ClaimedTwice:
        return QStringLiteral("FAIL: a task claimed twice");
    case Verdict::StrandedInRedis:
        return QStringLiteral("units stranded in Redis (reconciled)");
    }
    return QString();
}

bool isBad(Verdict verdict)
{
    return verdict != Verdict::Pass && verdict != Verdict::NoAnomalyThisTime;
}

bool isSafetyFailure(Verdict verdict)
{
    return verdict == Verdict::Oversold || verdict == Verdict::LostUpdates || verdict == Verdict::ClientsDisagree
        || verdict == Verdict::CompletedTwice || verdict == Verdict::ClaimedTwice;
}
