#pragma once

#include "app/core/auditresult.h"
#include "app/core/clientcounts.h"

#include <QList>
#include <QMetaType>
#include <QString>

// A Galera node's counters (wsrep_local_cert_failures, wsrep_local_bf_aborts,
// wsrep_flow_control_paused_ns, wsrep_local_commits) and its queues now (wsrep_local_recv_queue,
// _send_queue).
struct ClusterCounters {
    long long certFailures = 0;
    long long bfAborts = 0;
    long long flowControlPausedNs = 0;
    long long recvQueue = 0;
    long long sendQueue = 0;
    long long localCommits = 0;
    // Per node: false when the node did not answer at this sample (taken down, unreachable); its
    // counts are the last it gave, and the charts draw no point for it.
    bool answered = true;
};

// What the lab knows about one strategy at one sampling instant. Rates and latencies are
// for the interval just ended; counts are since the strategy started.
struct MetricsSample {
    int runId = 0;
    QString strategy;
    double elapsedS = 0.0;
    double intervalS = 0.0;

    double ordersPerS = 0.0;
    double attemptsPerS = 0.0;
    ClientCounts clients; // since the strategy started

    double p50Ms = 0.0;
    double p95Ms = 0.0;
    double p99Ms = 0.0;
    double maxMs = 0.0;
    double clientLockWaitMsPerS = 0.0; // summed over client threads

    bool serverStatsValid = false;
    long long rowLockWaits = 0; // in this interval
    long long rowLockTimeMs = 0; // in this interval
    long long waitingNow = -1; // -1: unknown (no PROCESS privilege)
    // Open loop: the orders due by now that no client has sent yet (-1: a closed loop).
    long long backlog = -1;
    long long deadlocks = 0; // in this interval
    long long deadlocksTotal = 0; // since the strategy started

    // Stock in Redis: Redis's own figures in this interval, from its INFO.
    bool redisStatsValid = false;
    long long redisCommands = 0; // a script's own calls included
    long long redisScriptCalls = 0;
    long long redisScriptUsec = 0; // time Redis spent inside the scripts

    // A cluster's figures, summed over its nodes since the strategy started (the queues: the
    // longest on any node now).
    bool clusterStatsValid = false;
    ClusterCounters cluster;
    QList<ClusterCounters> nodes; // the same per node, node 1 first; empty off a cluster

    AuditResult audit; // valid only on samples that carried an audit
};
Q_DECLARE_METATYPE(MetricsSample)
