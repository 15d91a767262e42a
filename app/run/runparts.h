#pragma once

#include "app/core/acknowledgedorders.h"
#include "app/core/auditresult.h"
#include "app/core/clientcounts.h"
#include "app/core/lockfigures.h"
#include "app/core/measuredfigures.h"
#include "app/core/metricssample.h"
#include "app/core/nodefigures.h"
#include "app/core/observingcost.h"
#include "app/core/runlabel.h"
#include "app/core/stopreason.h"
#include "app/core/unresolvedorders.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class RunTimeline;

// What one run of a strategy learned, part by part, each as the collaborator that measured it
// returned it: StrategyRun::assemble writes the result from these, and nothing else writes it.
struct RunParts {
    // Known before the clients went.
    RunLabel label;
    QMap<QString, QString> knobs; // the server's settings, as it reports them

    // While they ran, and at the stop line.
    QList<MetricsSample> series;
    StopReason stopReason = StopReason::NotStopped;
    double durationS = 0.0;
    bool serverLost = false;

    // Once they were joined: what they counted, orders that ended after the stop line included.
    ClientCounts clients;
    long long lateOrders = 0;
    long long lateDeadlocks = 0;
    double soldOutS = -1.0;
    std::shared_ptr<const RunTimeline> timeline;
    std::shared_ptr<const UnresolvedOrders> unresolvedOrders; // for the lookup once the server is back
    std::shared_ptr<const AcknowledgedOrders> acknowledged; // the server was lost: for the recovery audit
    std::optional<MeasuredFigures> measured;

    // The closing audit and what the workload counted after it.
    std::optional<AuditResult> audit; // a valid audit only
    QString auditIncomplete; // why there is none
    struct Settled {
        long long orders, committed, rows, units;
    };
    std::optional<Settled> settled; // the orders without reply, as the orders table answered
    long long workersKilled = 0;
    long long strandedTasks = -1;
    QList<NodeFigures> nodes;

    // What the run's own looks saw and cost, on every path out of it.
    std::optional<LockFigures> locks;
    ObservingCost observing;

    // How it ended.
    QStringList errorMessages;
    QString error;
};
