#pragma once

#include <QJsonObject>
#include <QStringList>

struct StrategyResult;

// The sentences for a strategy that keeps stock in Redis, from the run's own figures: what an
// order cost in Redis and on the way there, the refusals while sub-keys together held enough,
// and what the reconciliation of Redis's stock with MariaDB's orders found.
namespace RedisExplanation {

// Appends to `sentences`, and the figures behind them to `figures`.
void addTo(const StrategyResult& result, QStringList& sentences, QJsonObject& figures);

} // namespace RedisExplanation
