#pragma once

#include "app/core/experiment.h"
#include "app/core/strategyresult.h"

#include <QSqlDatabase>

#include <memory>

// What a run's workload adds around its strategy. The inventory workload is all in its tables
// and the audit; the claim workload also counts, once the clients are gone, the tasks that
// dead workers left claimed.
class Workload {
public:
    static std::unique_ptr<Workload> create(WorkloadKind kind);
    virtual ~Workload() = default;

    // After the closing audit, on the control connection; false with `error` when it could not look.
    virtual bool closingFigures(QSqlDatabase /*control*/, StrategyResult& /*result*/, QString* /*error*/)
    {
        return true;
    }
};
