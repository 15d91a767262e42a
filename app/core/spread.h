#pragma once

#include <QList>
#include <QPair>

// How the N values of one figure (say orders/s over N runs of one strategy) spread: the
// median, the extremes, and a distribution-free interval for the median.
//
// The interval is the order-statistic one: [x(k), x(n+1-k)] of the sorted values, with the
// largest k whose coverage 1 - 2·P(Binomial(n, ½) ≤ k-1) is still at least 95 %. It assumes
// nothing about the shape of the noise, only that the runs are independent. Below six runs no
// k reaches 95 %: the interval is then min–max, and `level` says how sure it is (75 % for
// three runs, 93.75 % for five). One run has no interval.
struct Spread {
    int n = 0;
    double median = 0.0;
    double min = 0.0;
    double max = 0.0;
    double ciLow = 0.0;
    double ciHigh = 0.0;
    double level = 0.0; // the interval's confidence, 0 without one

    bool hasInterval() const { return n >= 2; }
    // The two intervals share a value: the medians cannot be told apart at this confidence.
    bool overlaps(const Spread& other) const;

    static Spread of(QList<double> values);
};

// The pairs (i < j) of `spreads` whose intervals overlap. A spread without an interval (one run)
// is left out: one run says nothing about the noise, either way.
QList<QPair<int, int>> notSeparable(const QList<Spread>& spreads);
