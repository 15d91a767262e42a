#pragma once

#include "app/core/strategyresult.h"

#include <QList>

#include <functional>
#include <memory>

class EmbeddedServer;

namespace LostServerAudit {

// After a headless run that lost the embedded server: starts a new server on the same data
// directory and audits what the old one kept (no oversell, every acknowledged order there).
// Prints through `say`; returns the exit status it calls for: 0 when there was nothing to do
// or all is well, 1 when the server would not come back, 3 when the audit found an anomaly.
int run(std::unique_ptr<EmbeddedServer>& embedded, const QList<StrategyResult>& results,
    const std::function<void(const QString&)>& say);

} // namespace LostServerAudit
