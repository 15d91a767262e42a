#pragma once

#include "app/audit/auditor.h"
#include "app/core/experiment.h"
#include "app/db/connectionparams.h"

#include <QString>

#include <optional>

// Where the audit after a restart reads the stock a lost run left: the tables, or, for a
// strategy that keeps its stock outside the database (redis-split), that store, read as the
// run itself read it.
namespace LeftStock {

// An empty reader when the stock is in the tables; nullopt with `error` when it is kept
// elsewhere and cannot be read any more.
std::optional<Auditor::ExternalStock> reader(
    const QString& strategyId, const Experiment& experiment, const ConnectionParams& params, QString* error);

} // namespace LeftStock
