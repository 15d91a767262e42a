#include "tests/support/backgroundrun.h"

#include "app/run/strategyrun.h"
#include "strategies/strategyregistry.h"

BackgroundRun::BackgroundRun(
    const QString& strategyId, const Experiment& experiment, const ConnectionParams& params)
    : m_strategy(StrategyRegistry::create(strategyId))
    , m_experiment(experiment)
{
    m_clock.start();
    m_thread = std::thread([this, params] {
        StrategyRun run(m_experiment, params, *m_strategy, 1, m_cancel, &m_stopNow);
        RunObserver observer;
        observer.status = [this](const QString& line) {
            std::lock_guard lock(m_mutex);
            m_statusLines.append({ m_clock.elapsed(), line });
        };
        observer.sample
            = [this](const MetricsSample& sample) { m_sold.store(sample.clients[ClientCount::Sold]); };
        m_result = run.execute(observer);
    });
}

BackgroundRun::~BackgroundRun()
{
    m_cancel.store(true);
    wait();
}

StrategyResult BackgroundRun::wait()
{
    if (m_thread.joinable())
        m_thread.join();
    return m_result;
}

qint64 BackgroundRun::statusAt(const QString& text) const
{
    std::lock_guard lock(m_mutex);
    for (const auto& [at, line] : m_statusLines) {
        if (line.contains(text))
            return at;
    }
    return -1;
}
