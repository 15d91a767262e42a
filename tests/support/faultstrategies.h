#pragma once

#include "app/core/verdict.h"
#include "strategies/strategyregistry.h"

#include <QStringList>

// `ids` in the default build; under a sanitizer, which slows every client several times over,
// only those of `underSanitizer`: the whole list there would take most of CI's time for the
// same code paths.
inline QStringList outsideSanitizers(QStringList ids, const QStringList& underSanitizer)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    ids.removeIf([&](const QString& id) { return !underSanitizer.contains(id); });
#else
    Q_UNUSED(underSanitizer);
#endif
    return ids;
}

// The strategies a fault test runs, one data row each: every strategy of `workload` that claims
// safety and keeps its stock in MariaDB (redis-split has fault tests of its own, beside its
// Redis); under a sanitizer, those of `underSanitizer`.
inline QStringList faultStrategies(WorkloadKind workload, const QStringList& underSanitizer)
{
    QStringList ids;
    for (const QString& id : StrategyRegistry::allIds(workload)) {
        const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
        if (strategy->isSafe() && strategy->layout() != StockLayout::Redis)
            ids << id;
    }
    return outsideSanitizers(ids, underSanitizer);
}

// Every strategy that claims safety, of both workloads, two-SKU orders and redis-split included.
inline QStringList safeStrategies()
{
    QStringList ids;
    for (const QString& id : StrategyRegistry::ids()) {
        if (StrategyRegistry::create(id)->isSafe())
            ids << id;
    }
    return ids;
}

// The verdict that names an acknowledged order deleted behind the lab's back: a row missing
// (stock taken, or a task done, with no row), not a lost update; redis-split's stock is read
// apart from the table, so there the clients' count names it.
inline Verdict verdictOfADeletedOrder(const QString& id)
{
    if (id == QLatin1String("redis-split"))
        return Verdict::ClientsDisagree;
    return StrategyRegistry::create(id)->workload() == WorkloadKind::Claim ? Verdict::DoneWithoutCompletion
                                                                           : Verdict::StockWithoutOrder;
}
