#include "app/core/verdict.h"

#include <QCoreApplication>

namespace {

// As the result files write it: English, whatever the language of the window.
const char* english(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return QT_TRANSLATE_NOOP("Verdict", "pass");
    case Verdict::NoAnomalyThisTime:
        return QT_TRANSLATE_NOOP("Verdict", "no anomaly this time");
    case Verdict::Error:
        return QT_TRANSLATE_NOOP("Verdict", "error");
    case Verdict::Oversold:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: oversold");
    case Verdict::LostUpdates:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: lost updates");
    case Verdict::StockWithoutOrder:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: stock taken with no order row");
    case Verdict::OversoldUnsafeBaseline:
        return QT_TRANSLATE_NOOP("Verdict", "oversold (unsafe baseline)");
    case Verdict::LostUpdatesUnsafeBaseline:
        return QT_TRANSLATE_NOOP("Verdict", "lost updates (unsafe baseline)");
    case Verdict::ClientsDisagree:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: client count differs from orders table");
    case Verdict::NodesDisagree:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: nodes disagree");
    case Verdict::AuditIncomplete:
        return QT_TRANSLATE_NOOP("Verdict", "audit incomplete");
    case Verdict::CompletedTwice:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: a task completed twice");
    case Verdict::ClaimedTwice:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: a task claimed twice");
    case Verdict::DoneWithoutCompletion:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: a task done with no completion row");
    case Verdict::StrandedInRedis:
        return QT_TRANSLATE_NOOP("Verdict", "units stranded in Redis (reconciled)");
    case Verdict::InvariantBroken:
        return QT_TRANSLATE_NOOP("Verdict", "FAIL: an invariant of the strategy broken");
    }
    return "";
}

} // namespace

QString verdictText(Verdict verdict)
{
    return QString::fromUtf8(english(verdict));
}

QString verdictLabel(Verdict verdict)
{
    return QCoreApplication::translate("Verdict", english(verdict));
}

bool isBad(Verdict verdict)
{
    return verdict != Verdict::Pass && verdict != Verdict::NoAnomalyThisTime;
}

bool isSafetyFailure(Verdict verdict)
{
    return verdict == Verdict::Oversold || verdict == Verdict::LostUpdates
        || verdict == Verdict::ClientsDisagree || verdict == Verdict::NodesDisagree
        || verdict == Verdict::CompletedTwice || verdict == Verdict::ClaimedTwice
        || verdict == Verdict::StockWithoutOrder || verdict == Verdict::DoneWithoutCompletion
        || verdict == Verdict::InvariantBroken;
}
