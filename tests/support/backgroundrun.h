#pragma once

#include "app/core/experiment.h"
#include "app/core/strategyresult.h"
#include "app/db/connectionparams.h"
#include "strategies/strategy.h"

#include <QElapsedTimer>
#include <QList>
#include <QPair>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

// Runs one strategy on a thread of its own, recording when each status line arrived.
class BackgroundRun {
public:
    BackgroundRun(const QString& strategyId, const Experiment& experiment, const ConnectionParams& params);
    ~BackgroundRun();

    StrategyResult wait();
    qint64 elapsedMs() const { return m_clock.elapsed(); }
    void cancel() { m_cancel.store(true); }
    // The second stop: the orders still under way are cancelled.
    void stopNow()
    {
        m_stopNow.store(true);
        m_cancel.store(true);
    }
    // When the first status line containing `text` arrived, in ms since the start; -1 if none.
    qint64 statusAt(const QString& text) const;
    bool running(const QString& text) const { return statusAt(text) >= 0; }
    // Orders sold as of the last sample: a fault is made once the run sells, not after a guess
    // at how long that takes.
    long long sold() const { return m_sold.load(); }
    StockLayout layout() const { return m_strategy->layout(); }

private:
    std::unique_ptr<Strategy> m_strategy;
    Experiment m_experiment;
    std::atomic<bool> m_cancel { false };
    std::atomic<bool> m_stopNow { false };
    std::atomic<long long> m_sold { 0 };
    QElapsedTimer m_clock;
    mutable std::mutex m_mutex;
    QList<QPair<qint64, QString>> m_statusLines;
    StrategyResult m_result;
    std::thread m_thread;
};
