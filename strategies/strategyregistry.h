#pragma once

#include "app/core/strategyneeds.h"
#include "strategies/strategy.h"

#include <QStringList>

#include <memory>

// Every strategy the lab knows, by id: its own (one line each in strategyregistry.cpp) and the
// strategy files a user gave it.
namespace StrategyRegistry {

QStringList ids(); // every strategy, the lab's first
// Reads the strategy file `path` and adds its strategy; its id, or empty with `error` (the
// file's mistake, or an id the lab or another file already has). Called before runs start.
// Replacing: a user's file edited and saved again takes its earlier version's place (never the
// lab's own); a run already under way keeps the version it started with.
enum class Replacing { No, UsersOwn };
QString addFile(const QString& path, QString* error, Replacing replacing = Replacing::No);
// The text of a strategy's file (a user's, or the lab's own); empty for a strategy of code.
QString fileTextOf(const QString& id);
// What "all" means: the workload's strategies, without the deadlock demonstrations.
QStringList allIds(WorkloadKind workload = WorkloadKind::Inventory);
std::unique_ptr<Strategy> create(const QString& id);
// The strategy's traits; an unknown id (a user's file of another session, read back from its
// results) has none.
StrategyTraits traitsOf(const QString& id);
// Parses "pessimistic,optimistic", "all" (the workload's) or "deadlocks" (the two two-SKU
// strategies); names every unknown id in `error`, and refuses an empty item ("a,,b").
QStringList parseList(const QString& text, QString* error, WorkloadKind workload = WorkloadKind::Inventory);
// What the strategies `ids` ask of an experiment, from their stock layout and order lines; an
// unknown id asks nothing.
StrategyNeeds needsOf(const QStringList& ids);

} // namespace StrategyRegistry
