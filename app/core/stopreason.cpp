#include "app/core/stopreason.h"

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
