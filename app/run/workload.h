#pragma once

#include "app/core/experiment.h"

#include <QSqlDatabase>

#include <memory>
#include <optional>

// What a run's workload adds around its strategy. The inventory workload is all in its tables
// and the audit; the claim workload also counts, once the clients are gone, the tasks that
// dead workers left claimed.
class Workload {
public:
    static std::unique_ptr<Workload> create(WorkloadKind kind);
    virtual ~Workload() = default;

    // What the workload counts after the closing audit, on the control connection: the tasks
    // dead workers left claimed (-1 where the workload has none to count).
    struct ClosingFigures {
        long long strandedTasks = -1;
    };
    // nullopt with `error` when it could not look.
    virtual std::optional<ClosingFigures> closingFigures(QSqlDatabase /*control*/, QString* /*error*/)
    {
        return ClosingFigures {};
    }
};
