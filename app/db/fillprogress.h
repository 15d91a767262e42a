#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>

#include <chrono>
#include <cstdint>
#include <functional>

// How far filling a strategy's tables has come: a million SKUs take seconds to insert, and a
// set-up that says nothing for that long looks hung. LabDatabase counts the rows of every
// statement into it; it reports at most once per interval, and once more at the end if it has
// reported before, so that a long fill ends on its total and a short one stays silent.
class FillProgress {
    Q_DECLARE_TR_FUNCTIONS(FillProgress)

public:
    using Report = std::function<void(const FillProgress&)>;
    static constexpr std::chrono::milliseconds kDefaultInterval { 500 };

    explicit FillProgress(Report report, std::chrono::milliseconds interval = kDefaultInterval);

    // Called by LabDatabase: the rows about to go in, then the rows of each statement as it succeeds.
    void start(std::int64_t totalRows);
    void add(std::int64_t rows);

    // A fill that is asked to stop ends after the statement under way (5,000 rows at most).
    void setStopRequested(std::function<bool()> stopRequested) { m_stopRequested = std::move(stopRequested); }
    bool stopRequested() const { return m_stopRequested && m_stopRequested(); }

    std::int64_t done() const { return m_done; }
    std::int64_t total() const { return m_total; }
    std::int64_t elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }
    // "filling tables: 420,000 of 1,000,000 rows (310,000 rows/s, about 2 s left)"
    QString describe() const { return describe(m_done, m_total, elapsedMs()); }
    static QString describe(std::int64_t done, std::int64_t total, std::int64_t elapsedMs);

private:
    Report m_report;
    std::function<bool()> m_stopRequested;
    std::chrono::milliseconds m_interval;
    std::int64_t m_total = 0;
    std::int64_t m_done = 0;
    std::int64_t m_reportedAtMs = 0;
    bool m_reported = false;
    QElapsedTimer m_clock;
};
