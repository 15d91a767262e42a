#include "app/run/leftstock.h"

#include "strategies/strategyregistry.h"

#include <memory>

namespace LeftStock {

std::optional<Auditor::ExternalStock> reader(
    const QString& strategyId, const Experiment& experiment, const ConnectionParams& params, QString* error)
{
    const std::shared_ptr<Strategy> strategy = StrategyRegistry::create(strategyId);
    if (!strategy || strategy->layout() != StockLayout::Redis)
        return Auditor::ExternalStock {};
    if (!strategy->attachStock(experiment, params, error))
        return std::nullopt;
    return [strategy](QList<std::pair<std::int64_t, std::int64_t>>& stock, QString* readError) {
        return strategy->readStock(stock, readError);
    };
}

} // namespace LeftStock
