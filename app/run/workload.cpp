#include "app/run/workload.h"

#include "app/run/claimworkload.h"

std::unique_ptr<Workload> Workload::create(WorkloadKind kind)
{
    if (kind == WorkloadKind::Claim)
        return std::make_unique<ClaimWorkload>();
    return std::make_unique<Workload>();
}
