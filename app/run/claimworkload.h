#pragma once

#include "app/run/workload.h"

// The claim workload: workers take batches of tasks from one table. Its closing figure is the
// tasks still claimed once every worker has stopped: claims of workers that died and that no
// sweeper had given back yet (a stopped live worker completes its batch first).
class ClaimWorkload : public Workload {
public:
    std::optional<ClosingFigures> closingFigures(QSqlDatabase control, QString* error) override;
};
