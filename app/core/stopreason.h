#pragma once

#include <QString>

#include <optional>

// Why a strategy's run ended. Code compares these; the key is what files hold, the label what people read.
enum class StopReason {
    NotStopped, // the run never got going (it failed while setting up) or is still going
    Error,
    StoppedByUser,
    DurationReached,
    TimeLimitReached,
    ServerLost,
    SoldOut,
    AllOrdersPlaced,
    ClientsFinished,
};

// "sold out", "duration reached", …: the stop_reason of result files, stable across versions.
QString stopReasonKey(StopReason reason);
std::optional<StopReason> stopReasonFromKey(const QString& key);
// The same phrase for people, in the lab's language (context "StopReason"); the key's English
// when no translation is installed. Never written to files nor parsed back: use the key there.
QString stopReasonLabel(StopReason reason);
