#pragma once

#include "app/core/experiment.h"

#include <cstdint>
#include <random>
#include <vector>

// Picks the SKU of each order (0-based) as the experiment's skew says. Built once per run
// and shared read-only by every client thread; each thread brings its own generator.
class SkewSampler {
public:
    explicit SkewSampler(const Experiment& experiment);

    std::int64_t pick(std::mt19937_64& rng) const;

    // Share of orders that land on SKU `index` (for tests and the UI's explanation).
    double probabilityOf(std::int64_t index) const;

private:
    SkewKind m_kind;
    std::int64_t m_skus;
    double m_hotShare;
    std::int64_t m_hotSkus;
    std::vector<double> m_zipfCdf; // cumulative weights of k^-s, normalised to 1
};
