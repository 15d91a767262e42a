#pragma once

#include "app/core/strategyneeds.h"
#include "strategies/strategy.h"

#include <QStringList>

#include <memory>

// Every strategy the lab knows, by id. Adding a strategy is one line in strategyregistry.cpp.
namespace StrategyRegistry {

QStringList ids(); // every strategy
QStringList allIds(); // what "all" means: the inventory strategies, without the deadlock demonstrations
std::unique_ptr<Strategy> create(const QString& id);
// Parses "pessimistic,optimistic", "all" or "deadlocks" (the two two-SKU strategies);
// names every unknown id in `error`, and refuses an empty item ("a,,b").
QStringList parseList(const QString& text, QString* error);
// What the strategies `ids` ask of an experiment, from their stock layout and order lines; an
// unknown id asks nothing.
StrategyNeeds needsOf(const QStringList& ids);

} // namespace StrategyRegistry
