#pragma once

#include "app/core/metricssample.h"

#include <QList>
#include <QString>

#include <optional>

// One quantity drawn over a run's elapsed time: the window's live charts and the charts of
// reports and exports are drawn from this one list, so that every chart of the window is
// exported under the same title, unit and formula.
struct TimeMetric {
    const char* id; // a file name: "orders-per-second"
    const char* title; // marked for translation in the context "TimeMetric"
    const char* unit;
    // The value at `now`, given the strategy's previous sample (an empty one at its start);
    // nothing when the sample did not measure it (no server figures, no PROCESS privilege).
    std::optional<double> (*value)(const MetricsSample& now, const MetricsSample& before);
    // Drawn only by some runs (Redis's figures, a cluster's): a report leaves the chart out when
    // no line has a value.
    bool onlySomeStrategies = false;
    // A cluster's metric drawn per node, from each node's counters: one line per strategy and
    // node, told apart by dashes (nodeStyle). `value` is then unused.
    std::optional<double> (*nodeValue)(
        const ClusterCounters& now, const ClusterCounters& before, double intervalS)
        = nullptr;

    // Its part of the console's line each second, "%1 orders/s" (marked for translation in the
    // context "TimeMetric"); null for a metric only charts show. The claim workload's words may
    // differ ("%1 tasks/s").
    const char* live = nullptr;
    const char* liveForClaims = nullptr;
    int liveDecimals = 0;
    TimeMetric onLiveLine(const char* format, int decimals = 0, const char* forClaims = nullptr) const;
    // "p99 5.20 ms": its part of the live line at `now`; empty when it has none or no value.
    QString liveText(const MetricsSample& now, const MetricsSample& before, bool claims) const;

    // The metric's points at `now`: one for the strategy (node 0), or one per node that answered.
    struct Point {
        int node;
        double y;
    };
    QList<Point> points(const MetricsSample& now, const MetricsSample& before) const;

    QString translatedTitle() const;
    QString translatedUnit() const;

    // In the window's order: throughput, latency, lock waits, errors, Redis, cluster, replication.
    static const QList<TimeMetric>& all();
    static const TimeMetric* find(const char* id);

    // The last chart of the Errors tab, "Other errors": 1020, 3572 and lost connections, one
    // line per strategy and code, told apart by dashes.
    struct OtherError {
        ErrorClass errorClass;
        const char* suffix; // " 1020"
        Qt::PenStyle style;
    };
    static const QList<OtherError>& otherErrors();
    static QString otherErrorsTitle();
    // A per-node line: its dashes (solid for node 1), and what its name adds (" · node 2").
    static Qt::PenStyle nodeStyle(int node);
    static QString nodeSuffix(int node);
    static double ratePerSecond(long long now, long long before, double intervalS);
};
