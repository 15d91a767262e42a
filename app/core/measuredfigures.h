#pragma once

#include "app/core/clientcounts.h"

// What a run measured over its selling window (from the end of the warm-up to the sell-out or
// the stop line): its rates, latencies and lock figures, and the figures that explain them.
// The measurement window computes it; the result takes it whole (StrategyResult::takeMeasured).
struct MeasuredFigures {
    double measuredFromS = 0.0;
    double ordersPerS = 0.0;
    double attemptsPerS = 0.0;
    double p50Ms = 0.0;
    double p95Ms = 0.0;
    double p99Ms = 0.0;
    double maxMs = 0.0;
    double clientLockWaitS = 0.0;
    long long lockWaits = -1; // -1: the server counts none (PostgreSQL)
    long long lockTimeMs = -1;
    long long deadlocks = 0;
    long long lockWaitTimeouts = 0;
    // After a sell-out: what the clients still tried, and the lock waits it cost.
    long long attemptsAfterSoldOut = 0;
    long long lockWaitsAfterSoldOut = 0;

    ClientCounts windowClients;
    long long lockHolds = 0;
    double lockHoldMs = 0.0;
    double queueWaitMs = 0.0;
    int cores = 0;
    double cpuWallS = 0.0;
    double clientCpuS = -1.0; // -1: unknown
    double serverCpuS = -1.0; // -1: unknown, or not the lab's own server
};
