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
    // Where a mistake is, 1-based, for an editor to point at.
    struct Place {
        int line = 0;
        int column = 0;
    };
    static std::optional<StrategyScript> parse(const QString& text, QString* error, Place* place = nullptr);
};
