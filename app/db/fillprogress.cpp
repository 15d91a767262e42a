#include "app/db/fillprogress.h"

#include <QLocale>

#include <cmath>

FillProgress::FillProgress(Report report, std::chrono::milliseconds interval)
    : m_report(std::move(report))
    , m_interval(interval)
{
}

void FillProgress::start(std::int64_t totalRows)
{
    m_total = totalRows;
    m_done = 0;
    m_reportedAtMs = 0;
    m_reported = false;
    m_clock.start();
}

void FillProgress::add(std::int64_t rows)
{
    m_done += rows;
    const std::int64_t now = elapsedMs();
    const bool last = m_done >= m_total;
    const bool due = now - m_reportedAtMs >= m_interval.count();
    if (!m_report || !(due || (last && m_reported)))
        return;
    m_reportedAtMs = now;
    m_reported = true;
    m_report(*this);
}

QString FillProgress::describe(std::int64_t done, std::int64_t total, std::int64_t elapsedMs)
{
    const QLocale english(QLocale::English);
    const auto count
        = [&](double value) { return english.toString(static_cast<qlonglong>(std::llround(value))); };
    const QString doneText = count(static_cast<double>(done));
    const QString totalText = count(static_cast<double>(total));
    if (elapsedMs <= 0 || done <= 0)
        return tr("filling tables: %1 of %2 rows").arg(doneText, totalText);
    const double perS = static_cast<double>(done) * 1000.0 / static_cast<double>(elapsedMs);
    if (done >= total)
        return tr("filling tables: %1 of %2 rows in %3 s (%4 rows/s)")
            .arg(doneText, totalText, QString::number(static_cast<double>(elapsedMs) / 1000.0, 'f', 1),
                count(perS));
    // Whole seconds, rounded up: "about 0 s left" would read as done.
    const double left = std::ceil(static_cast<double>(total - done) / perS);
    return tr("filling tables: %1 of %2 rows (%3 rows/s, about %4 s left)")
        .arg(doneText, totalText, count(perS), count(left));
}
