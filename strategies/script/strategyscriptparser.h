#pragma once

#include "strategies/script/strategyscript.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

// Reads a strategy file (docs/strategy-files.md). A mistake is refused with one message that
// names its line and column ("line 7, column 12: …"): an unknown command or variable, an \if
// without \endif, a statement with no end, a file that never sells.
class StrategyScriptParser {
    Q_DECLARE_TR_FUNCTIONS(StrategyScriptParser)

public:
    static std::optional<StrategyScript> parse(const QString& text, QString* error);
};
