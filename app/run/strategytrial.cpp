#include "app/run/strategytrial.h"

#include "app/db/labdatabase.h"
#include "app/db/lablease.h"
#include "app/db/labschema.h"
#include "app/fiber/fiberscheduler.h"
#include "strategies/filestrategy.h"
#include "strategies/runenvironment.h"
#include "strategies/script/strategyscriptparser.h"
#include "strategies/scriptsession.h"

#include <atomic>

namespace {

QString counted(const std::optional<std::int64_t>& value)
{
    return value ? QString::number(*value) : QStringLiteral("?");
}

QString endName(const Attempt& attempt)
{
    switch (attempt.kind) {
    case Attempt::Kind::Sold:
        return StrategyTrial::tr("sold");
    case Attempt::Kind::OutOfStock:
        return StrategyTrial::tr("out of stock");
    case Attempt::Kind::Conflict:
        return StrategyTrial::tr("conflict (would be tried again)");
    case Attempt::Kind::Error:
        break;
    }
    return StrategyTrial::tr("failed: %1").arg(attempt.error.message);
}

// What the one order did, from the counts taken inside its transaction.
StrategyTrial::Report describe(const ScriptSession::Trial& trial, const Order& order, int lines)
{
    StrategyTrial::Report report;
    const bool sold = trial.attempt.kind == Attempt::Kind::Sold;
    QStringList text;
    text << StrategyTrial::tr("Every statement was prepared on the server. One order of %1 unit(s) of SKU %2 "
                              "ended: %3.")
                .arg(order.qty)
                .arg(order.skuId)
                .arg(endName(trial.attempt));
    std::optional<std::int64_t> taken;
    if (trial.stockBefore && trial.stockAfter)
        taken = *trial.stockBefore - *trial.stockAfter;
    text << StrategyTrial::tr("Stock taken: %1 (a sold order of %2 line(s) takes %3). Order rows written: %4 "
                              "(it should write %5).")
                .arg(counted(taken))
                .arg(lines)
                .arg(sold ? order.qty * lines : 0)
                .arg(counted(trial.orderRows))
                .arg(sold ? lines : 0);
    text << (trial.rowsLocked ? StrategyTrial::tr("Rows locked at its end: %1. Waited %2 ms for locks.")
                                    .arg(*trial.rowsLocked)
                                    .arg(trial.lockWaitMs, 0, 'f', 1)
                              : StrategyTrial::tr("Waited %1 ms for locks (PostgreSQL keeps row locks in "
                                                  "the rows, not in a list the lab can count).")
                                    .arg(trial.lockWaitMs, 0, 'f', 1));
    if (!trial.measureError.isEmpty())
        text << StrategyTrial::tr("A count could not be read: %1").arg(trial.measureError);
    if (trial.rowsKept.value_or(0) > 0)
        text << StrategyTrial::tr("The transaction was rolled back, but %n order row(s) stayed: a COMMIT of "
                                  "the file's own (in its routine) kept them, in the lab's tables until the "
                                  "next run fills them again.",
            nullptr, static_cast<int>(*trial.rowsKept));
    else
        text << StrategyTrial::tr("The transaction was rolled back: nothing of this order was kept.");
    bool invariantsHold = true;
    for (const auto& [name, rows] : trial.invariantRows) {
        invariantsHold = invariantsHold && rows.value_or(-1) == 0;
        text << (rows.value_or(-1) == 0
                ? StrategyTrial::tr("The invariant %1 holds after the order.").arg(name)
                : StrategyTrial::tr("The invariant %1 found %2 row(s) breaking it after the "
                                    "order: the audit of a run will fail it.")
                      .arg(name, counted(rows)));
    }
    const bool agrees = taken.value_or(-1) == (sold ? order.qty * lines : 0)
        && trial.orderRows.value_or(-1) == (sold ? lines : 0);
    report.ok = trial.attempt.kind != Attempt::Kind::Error && agrees && invariantsHold;
    if (trial.attempt.kind != Attempt::Kind::Error && !agrees)
        text << StrategyTrial::tr("The stock taken and the rows written do not match the order's end: the "
                                  "audit of a run will count this.");
    report.text = text.join(QLatin1Char('\n'));
    return report;
}

} // namespace

StrategyTrial::Report StrategyTrial::run(
    const QString& text, const Experiment& experiment, const ConnectionParams& params)
{
    Report report;
    QString error;
    std::optional<StrategyScript> script = StrategyScriptParser::parse(text, &error);
    if (!script) {
        report.text = error;
        return report;
    }
    const int lines = script->lines;
    FileStrategy strategy(std::make_shared<const StrategyScript>(std::move(*script)), text);
    Experiment trial = experiment;
    trial.skus = 2; // room for a two-SKU order; a few rows, made in a moment
    trial.threads = 1;
    DatabaseConnection::initialiseLibrary();
    LabLease lease(params);
    LabDatabase database(params);
    if (!lease.acquire(&error) || !database.open(&error)
        || !strategy.prepareDatabase(database, trial, &error)) {
        report.text = error;
        return report;
    }
    std::atomic<bool> stop { false };
    RunEnvironment environment(trial, params, stop);
    if (!strategy.beginRun(environment, &error)) {
        report.text = error;
        return report;
    }
    const Order order { 1, 1, lines > 1 ? 2 : 0, trial.qtyMin };
    FiberScheduler scheduler;
    scheduler.spawn([&] {
        WorkerCounters& counters = environment.newCounters();
        const std::unique_ptr<ScriptSession> session
            = strategy.openScriptSession(environment, counters, &error);
        if (!session) {
            report.text = error;
            return;
        }
        report = describe(
            session->tryOrder(order, LabSchema::currentStockQuery(strategy.layout())), order, lines);
    });
    scheduler.run();
    strategy.endRun();
    lease.release();
    return report;
}
