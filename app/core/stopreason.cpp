#include "app/core/stopreason.h"

#include <QCoreApplication>

#include <array>
#include <utility>

namespace {

constexpr std::array kKeys = {
    std::pair { StopReason::NotStopped, "" },
    std::pair { StopReason::Error, "error" },
    std::pair { StopReason::StoppedByUser, "stopped by the user" },
    std::pair { StopReason::DurationReached, "duration reached" },
    std::pair { StopReason::TimeLimitReached, "time limit reached" },
    std::pair { StopReason::ServerLost, "server lost" },
    std::pair { StopReason::SoldOut, "sold out" },
    std::pair { StopReason::AllOrdersPlaced, "all orders placed" },
    std::pair { StopReason::ClientsFinished, "clients finished" },
};

// The keys' phrases for people: the same English, translated where they are shown.
constexpr std::array kLabels = {
    std::pair { StopReason::Error, QT_TRANSLATE_NOOP("StopReason", "error") },
    std::pair { StopReason::StoppedByUser, QT_TRANSLATE_NOOP("StopReason", "stopped by the user") },
    std::pair { StopReason::DurationReached, QT_TRANSLATE_NOOP("StopReason", "duration reached") },
    std::pair { StopReason::TimeLimitReached, QT_TRANSLATE_NOOP("StopReason", "time limit reached") },
    std::pair { StopReason::ServerLost, QT_TRANSLATE_NOOP("StopReason", "server lost") },
    std::pair { StopReason::SoldOut, QT_TRANSLATE_NOOP("StopReason", "sold out") },
    std::pair { StopReason::AllOrdersPlaced, QT_TRANSLATE_NOOP("StopReason", "all orders placed") },
    std::pair { StopReason::ClientsFinished, QT_TRANSLATE_NOOP("StopReason", "clients finished") },
};

} // namespace

QString stopReasonKey(StopReason reason)
{
    for (const auto& [candidate, key] : kKeys) {
        if (candidate == reason)
            return QLatin1String(key);
    }
    return QString();
}

std::optional<StopReason> stopReasonFromKey(const QString& key)
{
    for (const auto& [reason, candidate] : kKeys) {
        if (key == QLatin1String(candidate))
            return reason;
    }
    return std::nullopt;
}

QString stopReasonLabel(StopReason reason)
{
    for (const auto& [candidate, label] : kLabels) {
        if (candidate == reason)
            return QCoreApplication::translate("StopReason", label);
    }
    return QString(); // NotStopped: no reason to show
}
