#pragma once

#include "app/core/clientcounts.h"

#include <QJsonObject>

// Where an order's time went, in milliseconds per order over the measured window, from the
// clients' own clocks: waiting in the lab (the queue, an open-loop backlog), crossing the
// simulated network, waking late from it on a busy machine, waiting for a row lock, executing,
// committing, Redis, sleeping before a retry, and the experiment's work inside the
// transaction. What no clock saw (the lab's own CPU, threads waiting to run) is the part left
// unaccounted.
struct OrderTimeSplit {
    enum class Part {
        LabWait,
        Network,
        LateWake,
        LockWait,
        Execute,
        Commit,
        Redis,
        Backoff,
        Work,
        Unaccounted
    };
    static constexpr int kParts = 10;

    double orderMs = 0.0; // the mean time of an order, whatever its outcome
    double partMs[kParts] = {};
    long long orders = 0;

    double ms(Part part) const { return partMs[static_cast<int>(part)]; }
    bool known() const { return orders > 0; }

    static OrderTimeSplit of(const ClientCounts& window);
    static const char* key(Part part); // "lab_wait_ms", …
    QJsonObject toJson() const;
};
