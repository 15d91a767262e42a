#include "ui/panels/runprogress.h"

#include <algorithm>
#include <cmath>

RunProgress::RunProgress(const Experiment& experiment, int strategyCount)
    : m_experiment(experiment)
    , m_strategyCount(std::max(1, strategyCount))
{
}

void RunProgress::strategyStarted(const QString& strategy)
{
    ++m_index;
    m_strategy = strategy;
    m_fraction = 0.0;
    m_left.clear();
}

void RunProgress::update(const MetricsSample& s)
{
    switch (m_experiment.stop) {
    case StopKind::Duration: {
        const double total = static_cast<double>(m_experiment.durationMs) / 1000.0;
        m_fraction = s.elapsedS / total;
        // Cells of a run all last the duration: what is left in all is easy to tell.
        const double left = std::max(0.0, total - s.elapsedS) + total * (m_strategyCount - m_index - 1);
        m_left = tr("%1 s left").arg(left, 0, 'f', 0);
        break;
    }
    case StopKind::Orders: {
        const long long done = s.clients[ClientCount::Sold] + s.clients[ClientCount::OutOfStock]
            + s.clients[ClientCount::Failed];
        m_fraction = static_cast<double>(done) / static_cast<double>(m_experiment.totalOrders);
        m_left = tr("%1 orders left")
                     .arg(std::max(0LL, static_cast<long long>(m_experiment.totalOrders) - done));
        break;
    }
    case StopKind::SoldOut: {
        const long long stock = m_experiment.skus * m_experiment.initialStock;
        const long long left = s.audit.valid ? s.audit.remaining : stock - s.clients[ClientCount::SoldUnits];
        m_fraction
            = stock > 0 ? 1.0 - static_cast<double>(std::max(0LL, left)) / static_cast<double>(stock) : 1.0;
        m_left = tr("%1 units left").arg(std::max(0LL, left));
        break;
    }
    }
    m_fraction = std::clamp(m_fraction, 0.0, 1.0);
}

int RunProgress::percent() const
{
    if (m_index < 0)
        return 0;
    return static_cast<int>(std::lround(100.0 * (m_index + m_fraction) / m_strategyCount));
}

QString RunProgress::text() const
{
    if (m_index < 0)
        return tr("preparing");
    QString text = QStringLiteral("%1 (%2/%3)").arg(m_strategy).arg(m_index + 1).arg(m_strategyCount);
    if (!m_left.isEmpty())
        text += QStringLiteral(": ") + m_left;
    return text;
}
