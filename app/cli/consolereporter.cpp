#include "app/core/passwordmask.h"
#include "app/cli/consolereporter.h"

#include "app/report/resultwriter.h"

#include <cstdio>

ConsoleReporter::ConsoleReporter(bool live, QObject* parent)
    : QObject(parent)
    , m_live(live)
    , m_out(stdout)
{
}

void ConsoleReporter::onStatus(int, const QString& message)
{
    if (m_live)
        m_out << "  " << PasswordMask::mask(message) << Qt::endl;
    m_lastPrintedS = -1.0;
}

void ConsoleReporter::onSample(const MetricsSample& s)
{
    if (!m_live || s.elapsedS - m_lastPrintedS < 0.999)
        return;
    m_lastPrintedS = s.elapsedS;
    QString line = QStringLiteral("[%1 %2s] %3 orders/s  attempts %4/s  p99 %5 ms  sold %6  out-of-stock %7  retries %8  "
                                  "row-lock waits %9/s")
                       .arg(s.strategy, -19)
                       .arg(s.elapsedS, 5, 'f', 1)
                       .arg(s.ordersPerS, 8, 'f', 0)
                       .arg(s.attemptsPerS, 0, 'f', 0)
                       .arg(s.p99Ms, 0, 'f', 2)
                       .arg(s.soldUnits)
                       .arg(s.outOfStock)
                       .arg(s.retries)
                       .arg(static_cast<double>(s.rowLockWaits) / std::max(s.intervalS, 1e-3), 0, 'f', 0);
    if (s.waitingNow >= 0)
        line += QStringLiteral("  waiting now %1").arg(s.waitingNow);
    line += QStringLiteral("  deadlocks %1").arg(s.deadlocksTotal);
    if (s.audit.valid)
        line += QStringLiteral("  oversold %1").arg(s.audit.oversold);
    m_out << line << Qt::endl;
}

void ConsoleReporter::onDeadlock(const DeadlockRecord& d)
{
    // The first few in full; the rest are counted in the table and written to --json.
    if (!m_live || ++m_deadlocksPrinted > 5)
        return;
    m_out << QStringLiteral("  deadlock at %1 s (%2):").arg(d.elapsedS, 0, 'f', 1).arg(d.strategy) << Qt::endl;
    for (qsizetype i = 0; i < d.transactions.size(); ++i) {
        const DeadlockRecord::Transaction& trx = d.transactions[i];
        m_out << QStringLiteral("    (%1) trx %2, thread %3%4: %5")
                     .arg(i + 1)
                     .arg(trx.trxId)
                     .arg(trx.threadId)
                     .arg(d.victim == i + 1 ? QStringLiteral(", rolled back") : QString())
                     .arg(trx.statement)
              << Qt::endl;
    }
}

void ConsoleReporter::onStrategyFinished(const StrategyResult& r)
{
    m_deadlocksPrinted = 0;
    if (!r.error.isEmpty()) {
        m_out << QStringLiteral("%1: ERROR: %2").arg(r.strategy, PasswordMask::mask(r.error)) << Qt::endl;
        return;
    }
    m_out << QStringLiteral("%1: %2 after %3 s: sold %4, remaining %5, oversold %6, lost updates %7 — %8")
                 .arg(r.strategy, r.stopReason)
                 .arg(r.durationS, 0, 'f', 1)
                 .arg(r.sold)
                 .arg(r.remaining)
                 .arg(r.oversold)
                 .arg(r.lostUpdates)
                 .arg(r.verdict())
          << Qt::endl;
    for (const QString& message : r.errorMessages)
        m_out << "    " << PasswordMask::mask(message) << Qt::endl;
    QStringList knobs;
    for (auto it = r.knobs.begin(); it != r.knobs.end(); ++it)
        knobs << it.key() + QLatin1Char('=') + it.value();
    m_out << "    ran under " << knobs.join(QStringLiteral(", ")) << Qt::endl;
    if (!r.inspectorError.isEmpty())
        m_out << "    lock inspector: " << PasswordMask::mask(r.inspectorError) << Qt::endl;
}

void ConsoleReporter::printTable(const QList<StrategyResult>& results)
{
    const QString format = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11  %12");
    m_out << Qt::endl
          << format.arg(QStringLiteral("strategy"), -19)
                 .arg(QStringLiteral("orders/s"), 9)
                 .arg(QStringLiteral("p95 ms"), 8)
                 .arg(QStringLiteral("p99 ms"), 8)
                 .arg(QStringLiteral("sold"), 9)
                 .arg(QStringLiteral("oversold"), 8)
                 .arg(QStringLiteral("lock waits"), 10)
                 .arg(QStringLiteral("deadlocks"), 9)
                 .arg(QStringLiteral("timeouts"), 8)
                 .arg(QStringLiteral("retries"), 8)
                 .arg(QStringLiteral("failed"), 6)
                 .arg(QStringLiteral("verdict"))
          << Qt::endl;
    for (const StrategyResult& r : results) {
        m_out << format.arg(r.strategy, -19)
                     .arg(r.ordersPerS, 9, 'f', 0)
                     .arg(r.p95Ms, 8, 'f', 2)
                     .arg(r.p99Ms, 8, 'f', 2)
                     .arg(r.sold, 9)
                     .arg(r.oversold, 8)
                     .arg(r.lockWaits, 10)
                     .arg(r.deadlocks, 9)
                     .arg(r.lockWaitTimeouts, 8)
                     .arg(r.retries, 8)
                     .arg(r.failed, 6)
                     .arg(r.error.isEmpty() ? r.verdict() : QStringLiteral("error: ") + PasswordMask::mask(r.error))
              << Qt::endl;
    }
}
