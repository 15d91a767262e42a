#pragma once

#include "app/core/deadlockrecord.h"
#include "app/core/locksnapshot.h"
#include "app/core/metricssample.h"

#include <QString>

#include <functional>

// What a run reports while it goes; any member may be empty.
struct RunObserver {
    std::function<void(const MetricsSample&)> sample;
    std::function<void(const QString&)> status;
    std::function<void(const LockSnapshot&)> locks;
    std::function<void(const DeadlockRecord&)> deadlock;
};
