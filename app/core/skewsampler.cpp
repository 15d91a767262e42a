#include "app/core/skewsampler.h"

#include <algorithm>
#include <cmath>

SkewSampler::SkewSampler(const Experiment& experiment)
    : m_kind(experiment.skew)
    , m_skus(std::max<std::int64_t>(1, experiment.skus))
    , m_hotShare(std::clamp(experiment.hotPercent / 100.0, 0.0, 1.0))
    , m_hotSkus(std::clamp<std::int64_t>(experiment.hotSkus, 1, m_skus))
{
    if (m_kind == SkewKind::Zipf) {
        m_zipfCdf.resize(static_cast<std::size_t>(m_skus));
        double sum = 0.0;
        for (std::int64_t k = 0; k < m_skus; ++k) {
            sum += std::pow(static_cast<double>(k + 1), -experiment.zipfS);
            m_zipfCdf[static_cast<std::size_t>(k)] = sum;
        }
        for (double& value : m_zipfCdf)
            value /= sum;
        m_zipfCdf.back() = 1.0;
    }
}

std::int64_t SkewSampler::pick(std::mt19937_64& rng) const
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    switch (m_kind) {
    case SkewKind::Uniform:
        return std::uniform_int_distribution<std::int64_t>(0, m_skus - 1)(rng);
    case SkewKind::HotSet: {
        const bool hot = m_hotSkus == m_skus || unit(rng) < m_hotShare;
        if (hot)
            return std::uniform_int_distribution<std::int64_t>(0, m_hotSkus - 1)(rng);
        return std::uniform_int_distribution<std::int64_t>(m_hotSkus, m_skus - 1)(rng);
    }
    case SkewKind::Zipf: {
        const double u = unit(rng);
        const auto it = std::lower_bound(m_zipfCdf.begin(), m_zipfCdf.end(), u);
        return std::min<std::int64_t>(it - m_zipfCdf.begin(), m_skus - 1);
    }
    }
    return 0;
}

double SkewSampler::probabilityOf(std::int64_t index) const
{
    if (index < 0 || index >= m_skus)
        return 0.0;
    switch (m_kind) {
    case SkewKind::Uniform:
        return 1.0 / static_cast<double>(m_skus);
    case SkewKind::HotSet:
        if (m_hotSkus == m_skus)
            return 1.0 / static_cast<double>(m_skus);
        if (index < m_hotSkus)
            return m_hotShare / static_cast<double>(m_hotSkus);
        return (1.0 - m_hotShare) / static_cast<double>(m_skus - m_hotSkus);
    case SkewKind::Zipf: {
        const auto i = static_cast<std::size_t>(index);
        return m_zipfCdf[i] - (i == 0 ? 0.0 : m_zipfCdf[i - 1]);
    }
    }
    return 0.0;
}
