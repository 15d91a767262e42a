#pragma once

#include "app/core/experiment.h"

#include <cstdint>
#include <random>
#include <vector>

// The experiment's skew: picks the SKU of each order (0-based), and says what share of the
// orders each SKU draws, for the bound model and the prediction. Built once per run and
// shared read-only by every client thread; each thread brings its own generator.
class SkewSampler {
public:
    explicit SkewSampler(const Experiment& experiment);

    std::int64_t pick(std::mt19937_64& rng) const;

    // Share of orders that land on SKU `index`; every skew puts its most likely SKU first.
    double probabilityOf(std::int64_t index) const;
    std::int64_t skus() const { return m_skus; }

private:
    SkewKind m_kind;
    std::int64_t m_skus;
    double m_hotShare;
    std::int64_t m_hotSkus;
    std::vector<double> m_zipfCdf; // cumulative weights of k^-s, normalised to 1
};
