#include "app/core/experiment.h"

#include "app/core/quotedvalue.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace {

constexpr std::int64_t kMaxSkus = 1'000'000;
constexpr std::int64_t kMaxStock = 1'000'000'000'000;
constexpr std::int64_t kMaxSlotRows = 4'000'000;
constexpr int kMaxThreads = 1024; // an OS thread per client
constexpr int kMaxClients = 20'000; // fibers on a few threads
constexpr int kMaxSlots = 1024;

QString number(std::int64_t value)
{
    QLocale locale(QLocale::English);
    return locale.toString(static_cast<qlonglong>(value));
}

void requireRange(
    QList<FieldError>& errors, const QString& field, std::int64_t value, std::int64_t low, std::int64_t high)
{
    if (value < low || value > high)
        errors.append({ field,
            QCoreApplication::translate("Experiment", "must be between %1 and %2 (got %3)")
                .arg(number(low), number(high), number(value)) });
}

// "slotted", "slotted and slotted-partitioned", "a, b and c": the strategies a rule is for.
// The sentences that name them come in two forms, for one strategy and for several, so that
// the verb agrees in English and a translation words each as a whole.
QString namesOf(const QStringList& ids)
{
    if (ids.size() < 2)
        return ids.value(0);
    return QCoreApplication::translate(
        "Experiment", "%1 and %2", "a list of strategy ids: the first ones comma-separated, then the last")
        .arg(ids.first(ids.size() - 1).join(QStringLiteral(", ")), ids.last());
}

void checkSlotRows(QList<FieldError>& errors, const Experiment& e, const QStringList& ids)
{
    if (e.slotsPerSku > e.initialStock && e.initialStock >= 1)
        errors.append({ QStringLiteral("slots"),
            (ids.size() == 1 ? QCoreApplication::translate(
                 "Experiment", "%1 slots cannot share a stock of %2: %3 needs at least one unit per slot")
                             : QCoreApplication::translate("Experiment",
                                 "%1 slots cannot share a stock of %2: %3 need at least one unit per slot"))
                .arg(e.slotsPerSku)
                .arg(e.initialStock)
                .arg(namesOf(ids)) });
    // Only with both in range: the product of out-of-range values could overflow.
    if (e.skus >= 1 && e.skus <= kMaxSkus && e.slotsPerSku >= 1 && e.slotsPerSku <= kMaxSlots
        && e.skus * e.slotsPerSku > kMaxSlotRows)
        errors.append({ QStringLiteral("slots"),
            QCoreApplication::translate(
                "Experiment", "skus x slots makes %1 slot rows for %2; at most %3 are supported")
                .arg(number(e.skus * e.slotsPerSku), namesOf(ids), number(kMaxSlotRows)) });
}

void checkWorkload(QList<FieldError>& errors, const Experiment& e, const StrategyNeeds& needs)
{
    if (e.workload == WorkloadKind::Claim && !needs.sellsStock.isEmpty())
        errors.append({ QStringLiteral("workload"),
            (needs.sellsStock.size() == 1
                    ? QCoreApplication::translate("Experiment",
                        "%1 sells stock: choose the inventory workload for it, or claim strategies "
                        "(claim-for-update, claim-update, claim-skip-locked) for the claim workload")
                    : QCoreApplication::translate("Experiment",
                        "%1 sell stock: choose the inventory workload for them, or claim strategies "
                        "(claim-for-update, claim-update, claim-skip-locked) for the claim workload"))
                .arg(namesOf(needs.sellsStock)) });
    if (e.workload == WorkloadKind::Inventory && !needs.claimsTasks.isEmpty())
        errors.append({ QStringLiteral("workload"),
            (needs.claimsTasks.size() == 1
                    ? QCoreApplication::translate(
                        "Experiment", "%1 claims tasks: choose the claim workload (--workload claim) for it")
                    : QCoreApplication::translate("Experiment",
                        "%1 claim tasks: choose the claim workload (--workload claim) for them"))
                .arg(namesOf(needs.claimsTasks)) });
    if (e.workload != WorkloadKind::Claim)
        return;
    // A claim batch is one transaction of one order line per task.
    requireRange(errors, QStringLiteral("batch"), e.batch, 1, 1000);
}

void checkTwoSkus(QList<FieldError>& errors, const Experiment& e, const QStringList& ids)
{
    // Below 1 the range check has already said so.
    if (e.skus == 1)
        errors.append({ QStringLiteral("skus"),
            (ids.size() == 1 ? QCoreApplication::translate(
                 "Experiment", "%1 places orders of two SKUs: at least 2 SKUs are needed (got 1)")
                             : QCoreApplication::translate("Experiment",
                                 "%1 place orders of two SKUs: at least 2 SKUs are needed (got 1)"))
                .arg(namesOf(ids)) });
}

void checkSizes(QList<FieldError>& errors, const Experiment& e)
{
    requireRange(errors, QStringLiteral("skus"), e.skus, 1, kMaxSkus);
    requireRange(errors, QStringLiteral("stock"), e.initialStock, 1, kMaxStock);
    requireRange(errors, QStringLiteral("slots"), e.slotsPerSku, 1, kMaxSlots);
    requireRange(errors, QStringLiteral("threads"), e.threads, 1,
        e.clientIo == ClientIo::Threads ? kMaxThreads : kMaxClients);
    requireRange(errors, QStringLiteral("batch"), e.batch, 1, 1000);
    requireRange(errors, QStringLiteral("writers"), e.writers, 1, 256);
    requireRange(errors, QStringLiteral("max-retries"), e.maxRetries, 0, 100000);
    requireRange(errors, QStringLiteral("sample-ms"), e.sampleIntervalMs, 50, 10000);
    requireRange(errors, QStringLiteral("repeat"), e.repeat, 1, kMaxRepeat);
    requireRange(errors, QStringLiteral("lock-wait-timeout"), e.lockWaitTimeoutS, 0, 3600);
    requireRange(errors, QStringLiteral("flush-log"), e.flushLogAtCommit, -1, 2);
    if (e.bufferPoolMb != 0)
        requireRange(errors, QStringLiteral("buffer-pool-mb"), e.bufferPoolMb, 16, 16384);

    if (e.qtyMin < 1 || e.qtyMax > 1'000'000 || e.qtyMin > e.qtyMax)
        errors.append({ QStringLiteral("qty"),
            QCoreApplication::translate("Experiment",
                "must be a whole number or a range low-high with 1 <= low <= high <= 1,000,000") });
    else if (e.qtyMin > e.initialStock && e.initialStock >= 1)
        errors.append({ QStringLiteral("qty"),
            QCoreApplication::translate("Experiment",
                "the smallest order (%1) is larger than the stock of a SKU (%2): nothing could sell")
                .arg(e.qtyMin)
                .arg(e.initialStock) });
}

void checkSkew(QList<FieldError>& errors, const Experiment& e)
{
    switch (e.skew) {
    case SkewKind::Uniform:
        break;
    case SkewKind::HotSet:
        if (!(e.hotPercent > 0.0 && e.hotPercent <= 100.0))
            errors.append({ QStringLiteral("skew"),
                QCoreApplication::translate(
                    "Experiment", "the hot share must be above 0 and at most 100 percent") });
        if (e.hotSkus < 1 || e.hotSkus > e.skus)
            errors.append({ QStringLiteral("skew"),
                QCoreApplication::translate(
                    "Experiment", "the hot set must hold between 1 and %1 SKUs (the SKU count)")
                    .arg(number(e.skus)) });
        break;
    case SkewKind::Zipf:
        if (!(e.zipfS > 0.0 && e.zipfS <= 10.0))
            errors.append({ QStringLiteral("skew"),
                QCoreApplication::translate(
                    "Experiment", "the Zipf parameter s must be above 0 and at most 10") });
        break;
    }
}

void checkStop(QList<FieldError>& errors, const Experiment& e)
{
    switch (e.stop) {
    case StopKind::Duration:
        requireRange(errors, QStringLiteral("duration"), e.durationMs, 100, 24LL * 3600 * 1000);
        break;
    case StopKind::Orders:
        requireRange(errors, QStringLiteral("orders"), e.totalOrders, 1, 1'000'000'000);
        break;
    case StopKind::SoldOut:
        break;
    }
    requireRange(errors, QStringLiteral("time-limit"), e.timeLimitMs, 100, 24LL * 3600 * 1000);
    requireRange(errors, QStringLiteral("warmup"), e.warmupMs, 0, 3600LL * 1000);
    requireRange(errors, QStringLiteral("server-wait"), e.serverWaitMs, 1000, 3600LL * 1000);
    if (e.stop == StopKind::Duration && e.warmupMs >= e.durationMs && e.warmupMs > 0)
        errors.append({ QStringLiteral("warmup"),
            QCoreApplication::translate("Experiment", "the warm-up must be shorter than the duration") });
}

void checkTimingAndDatabase(QList<FieldError>& errors, const Experiment& e)
{
    if (!(e.delayMs >= 0.0 && e.delayMs <= 10000.0))
        errors.append({ QStringLiteral("delay-ms"),
            QCoreApplication::translate("Experiment", "must be between 0 and 10,000 ms") });
    if (!(e.rttMs >= 0.0 && e.rttMs <= 1000.0))
        errors.append({ QStringLiteral("rtt-ms"),
            QCoreApplication::translate("Experiment", "must be between 0 and 1,000 ms") });
    if (e.arrival == ArrivalMode::Open && !(e.rate >= kMinOpenRate && e.rate <= kMaxOpenRate))
        errors.append({ QStringLiteral("rate"),
            QCoreApplication::translate("Experiment",
                "open-loop arrival needs a target rate of at least 0.01 orders/s (one order every 100 s) "
                "and at most 10,000,000 orders/s") });

    if (!isValidDatabaseName(e.database))
        errors.append({ QStringLiteral("database"),
            QCoreApplication::translate(
                "Experiment", "must be 1 to 64 letters, digits or underscores (got %1)")
                .arg(QuotedValue::quoted(e.database)) });
}

} // namespace

QList<FieldError> validateExperiment(const Experiment& e, const StrategyNeeds& needs)
{
    QList<FieldError> errors;
    checkSizes(errors, e);
    if (!needs.slotRows.isEmpty())
        checkSlotRows(errors, e, needs.slotRows);
    if (!needs.twoSkus.isEmpty())
        checkTwoSkus(errors, e, needs.twoSkus);
    checkWorkload(errors, e, needs);
    requireRange(errors, QStringLiteral("tasks"), e.tasks, 1, 10'000'000);
    requireRange(errors, QStringLiteral("claim-timeout"), e.claimTimeoutMs, 50, 3600LL * 1000);
    if (e.killWorkersEveryMs != 0)
        requireRange(errors, QStringLiteral("kill-workers-every"), e.killWorkersEveryMs, 10, 3600LL * 1000);
    checkSkew(errors, e);
    checkStop(errors, e);
    checkTimingAndDatabase(errors, e);
    return errors;
}

bool isValidDatabaseName(const QString& name)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z0-9_]{1,64}$"));
    return identifier.match(name).hasMatch();
}

QString skewName(SkewKind kind)
{
    switch (kind) {
    case SkewKind::HotSet:
        return QStringLiteral("hotset");
    case SkewKind::Zipf:
        return QStringLiteral("zipf");
    case SkewKind::Uniform:
        break;
    }
    return QStringLiteral("uniform");
}

QString stopName(StopKind kind)
{
    switch (kind) {
    case StopKind::Orders:
        return QStringLiteral("orders");
    case StopKind::SoldOut:
        return QStringLiteral("sold-out");
    case StopKind::Duration:
        break;
    }
    return QStringLiteral("duration");
}

QString isolationName(Isolation isolation)
{
    switch (isolation) {
    case Isolation::ReadUncommitted:
        return QStringLiteral("read-uncommitted");
    case Isolation::ReadCommitted:
        return QStringLiteral("read-committed");
    case Isolation::Serializable:
        return QStringLiteral("serializable");
    case Isolation::ServerDefault:
        return QStringLiteral("server");
    case Isolation::RepeatableRead:
        break;
    }
    return QStringLiteral("repeatable-read");
}

QString isolationSql(Isolation isolation)
{
    if (isolation == Isolation::ServerDefault)
        return {};
    return isolationName(isolation).toUpper().replace(QLatin1Char('-'), QLatin1Char(' '));
}

QString knobSwitchName(KnobSwitch value)
{
    switch (value) {
    case KnobSwitch::On:
        return QStringLiteral("on");
    case KnobSwitch::Off:
        return QStringLiteral("off");
    case KnobSwitch::Server:
        break;
    }
    return QStringLiteral("server");
}

QString workloadName(WorkloadKind kind)
{
    return kind == WorkloadKind::Claim ? QStringLiteral("claim") : QStringLiteral("inventory");
}

QString arrivalName(ArrivalMode mode)
{
    return mode == ArrivalMode::Open ? QStringLiteral("open") : QStringLiteral("closed");
}

ClientIo effectiveClientIo(const Experiment& e)
{
    if (e.clientIo != ClientIo::Auto)
        return e.clientIo;
    return e.threads > kClientThreadsUpTo ? ClientIo::Events : ClientIo::Threads;
}

int clientThreadCount(const Experiment& e, int cores)
{
    if (effectiveClientIo(e) == ClientIo::Threads)
        return e.threads;
    // A thread that carries more clients is woken once for several replies; a thread's sleep
    // and wake-up cost more than an order's statements. One thread per 128 clients, up to one
    // per core: at 8 and 32 clients 5-19 % less CPU per order than one per core (docs/benchmarks.md).
    const int wanted = (std::max(1, e.threads) + kClientsPerEventThread - 1) / kClientsPerEventThread;
    return std::clamp(wanted, 1, std::max(1, cores));
}

QString clientIoName(ClientIo io)
{
    switch (io) {
    case ClientIo::Threads:
        return QStringLiteral("threads");
    case ClientIo::Events:
        return QStringLiteral("events");
    case ClientIo::Auto:
        break;
    }
    return QStringLiteral("auto");
}
