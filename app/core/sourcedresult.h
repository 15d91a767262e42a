#pragma once

#include "app/core/strategyresult.h"

#include <QString>

// A finished result and where it came from: "#3" for the session's third run, a results
// file's name, or empty for the run at hand (shown as "this run"). Tables and charts both
// take these, so that runs from different files can stand side by side.
struct SourcedResult {
    QString source;
    StrategyResult result;
    bool fromFile = false; // opened from a results file, not run in this session
};
