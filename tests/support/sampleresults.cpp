#include "tests/support/sampleresults.h"

namespace SampleResults {

StrategyResult make(const QString& strategy, int threads, double ordersPerS)
{
    StrategyResult r;
    r.runId = 1;
    r.strategy = strategy;
    r.safe = strategy != QLatin1String("naive");
    r.experiment.threads = threads;
    r.stopReason = StopReason::DurationReached;
    r.durationS = 5.0;
    r.measuredFromS = 1.0;
    r.ordersPerS = ordersPerS;
    r.attemptsPerS = ordersPerS * 1.5;
    r.p50Ms = 1.25 * threads;
    r.p95Ms = 2.5 * threads;
    r.p99Ms = 3.75 * threads;
    r.maxMs = 9.5 * threads;
    r.sold = static_cast<long long>(ordersPerS * 5);
    r.orderRows = r.sold;
    r.clients[ClientCount::Sold] = r.sold;
    r.clients[ClientCount::SoldUnits] = r.sold;
    r.remaining = 100000 - r.sold;
    r.oversold = strategy == QLatin1String("naive") ? 17 : 0;
    r.lostUpdates = r.oversold;
    r.lockWaits = 40 * threads;
    r.deadlocks = threads > 1 ? 2 : 0;
    r.clients[ClientCount::Retries] = 3;
    r.clients.error(ErrorClass::Deadlock) = r.deadlocks;
    r.errorMessages << QStringLiteral("1× error 1064: a, \"quoted\" message");
    r.knobs.insert(QStringLiteral("innodb_deadlock_detect"), QStringLiteral("ON"));
    r.knobs.insert(QStringLiteral("innodb_lock_wait_timeout"), QStringLiteral("50"));
    DeadlockRecord d;
    d.strategy = strategy;
    d.elapsedS = 2.5;
    d.when = QStringLiteral("2026-11-21 23:18:57");
    d.victim = 2;
    d.transactions
        = { { QStringLiteral("11"), 5, QStringLiteral("SELECT 1 FOR UPDATE"),
                QStringLiteral("RECORD LOCKS x"), QStringLiteral("inventory, SKU 1: X lock on the row") },
              { QStringLiteral("12"), 6, QStringLiteral("SELECT 2 FOR UPDATE"),
                  QStringLiteral("RECORD LOCKS y"), QString() } };
    r.deadlockRecords << d;
    for (int i = 1; i <= 8; ++i) {
        MetricsSample s;
        s.runId = 1;
        s.strategy = strategy;
        s.elapsedS = 0.25 * i;
        s.intervalS = 0.25;
        s.ordersPerS = ordersPerS + i;
        s.clients[ClientCount::Sold] = 100 * i;
        s.clients[ClientCount::SoldUnits] = 100 * i;
        s.p99Ms = 1.5 * i;
        s.rowLockWaits = 3 * i;
        s.serverStatsValid = true;
        s.audit.valid = i % 2 == 0;
        s.audit.sold = 100 * i;
        s.clients.error(ErrorClass::Deadlock) = i;
        r.series << s;
    }
    return r;
}

QList<SourcedResult> sweep()
{
    QList<SourcedResult> sources;
    for (int threads : { 1, 4, 16 }) {
        sources.append({ QString(), make(QStringLiteral("conditional"), threads, 1000.0 * threads) });
        sources.append({ QString(), make(QStringLiteral("naive"), threads, 1500.0 * threads) });
    }
    return sources;
}

ResultWriter::RunInfo runInfo()
{
    ResultWriter::RunInfo info;
    info.serverUrl = QStringLiteral("mysql://lab:***@db:3306/lockbench");
    info.serverVersion = QStringLiteral("10.11.19-MariaDB");
    info.embedded = false;
    info.experiment.skus = 3;
    return info;
}

QList<StrategyResult> results(const QList<SourcedResult>& sources)
{
    QList<StrategyResult> list;
    for (const SourcedResult& source : sources)
        list << source.result;
    return list;
}

} // namespace SampleResults
