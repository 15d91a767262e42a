#include "app/results/resultcolumns.h"

#include "app/core/passwordmask.h"
#include "app/core/resultfigures.h"
#include "app/results/resultexplanation.h"

#include <QCoreApplication>

#include <iterator>

namespace ResultColumns {

namespace {

struct Spec {
    Column column;
    const char* header; // null for a column of the figure table, which names it
    const char* toolTip;
    int decimals; // -1: text; a figure column's are its figure's
};

// Headers and explanations are marked for translation; the context is "ResultColumns".
constexpr Spec kSpecs[] = {
    { Column::Source, QT_TRANSLATE_NOOP("ResultColumns", "source"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "The run that produced the row: #n in this session, or the file it was opened from."),
        -1 },
    { Column::Strategy, QT_TRANSLATE_NOOP("ResultColumns", "strategy"),
        QT_TRANSLATE_NOOP(
            "ResultColumns", "The strategy; its SQL and explanation are in the Strategies tab."),
        -1 },
    { Column::Threads, nullptr, QT_TRANSLATE_NOOP("ResultColumns", "Clients, each with its own connection."),
        0 },
    { Column::OrdersPerS, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns",
            "Committed orders per second, from the end of the warm-up to the sell-out or the stop."),
        0 },
    { Column::SoldOutS, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns",
            "When the last unit sold, in seconds after the start, if every SKU sold out before the stop. "
            "The rates count up to then; the attempts that could only find no stock are counted apart."),
        0 },
    { Column::P50Ms, nullptr, QT_TRANSLATE_NOOP("ResultColumns", "Median order latency after the warm-up."),
        0 },
    { Column::P95Ms, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns",
            "95th percentile of order latency after the warm-up (open loop: counted from when the order was "
            "due)."),
        0 },
    { Column::P99Ms, nullptr, QT_TRANSLATE_NOOP("ResultColumns", "99th percentile of order latency."), 0 },
    { Column::LockWaits, nullptr,
        QT_TRANSLATE_NOOP(
            "ResultColumns", "Row lock waits the server counted (Innodb_row_lock_waits) during the run."),
        0 },
    { Column::Deadlocks, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns",
            "Deadlocks the server detected during the run; each one is in the Deadlocks tab."),
        0 },
    { Column::Timeouts, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns",
            "Lock wait timeouts (error 1205): a statement waited innodb_lock_wait_timeout for a row lock."),
        0 },
    { Column::RecordChanged, QT_TRANSLATE_NOOP("ResultColumns", "conflicts"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "Error 1020, \"record has changed since it was last read\": a write conflict under snapshot "
            "isolation."),
        0 },
    { Column::LockNowait, QT_TRANSLATE_NOOP("ResultColumns", "nowait"),
        QT_TRANSLATE_NOOP(
            "ResultColumns", "Error 3572: a NOWAIT or SKIP LOCKED statement found the row locked."),
        0 },
    { Column::LostConnections, QT_TRANSLATE_NOOP("ResultColumns", "lost conn"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "Lost connections (2006, 2013): the worker reconnected and asked whether its order had "
            "committed."),
        0 },
    { Column::Retries, QT_TRANSLATE_NOOP("ResultColumns", "retries"),
        QT_TRANSLATE_NOOP("ResultColumns", "Attempts repeated after a conflict, deadlock or timeout."), 0 },
    { Column::Failed, QT_TRANSLATE_NOOP("ResultColumns", "failed"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "Orders given up with an error; each distinct error is in the verdict's detail."),
        0 },
    { Column::Sold, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns", "Units sold, from the audit of the tables after the run."), 0 },
    { Column::Oversold, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns",
            "Units sold beyond the stock: anything above 0 is a broken strategy (or naive, on purpose)."),
        0 },
    { Column::Verdict, QT_TRANSLATE_NOOP("ResultColumns", "verdict"),
        QT_TRANSLATE_NOOP("ResultColumns", "pass, or what the audit found wrong."), -1 },
    { Column::RanUnder, QT_TRANSLATE_NOOP("ResultColumns", "ran under"),
        QT_TRANSLATE_NOOP("ResultColumns", "The server settings the run measured under."), -1 },
    { Column::Why, QT_TRANSLATE_NOOP("ResultColumns", "why"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "Why the strategy reached this rate, from the run's own figures: the row lock's hold time and "
            "the "
            "ceiling it implies, the CPU, retries, deadlocks, the queue."),
        -1 },
    { Column::Repetition, QT_TRANSLATE_NOOP("ResultColumns", "run"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "Which run of the strategy this is, of how many: the strategies take turns, each on fresh data."),
        0 },
    { Column::Slots, QT_TRANSLATE_NOOP("ResultColumns", "slots"),
        QT_TRANSLATE_NOOP("ResultColumns", "Slot rows per SKU the row ran with (the slotted strategies)."),
        0 },
    { Column::Skus, QT_TRANSLATE_NOOP("ResultColumns", "SKUs"),
        QT_TRANSLATE_NOOP("ResultColumns", "SKUs the row ran with."), 0 },
    { Column::RefusedWithStock, QT_TRANSLATE_NOOP("ResultColumns", "refused w/ stock"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "Slotted strategies: orders refused as out of stock while the SKU's slots together still held "
            "enough "
            "(\"visible but cannot be bought\"). slotted-routed moves stock between slots to keep this at "
            "0."),
        0 },
    { Column::Predicted, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns",
            "Orders/s predicted before the run from one client's calibration (Predict before running), "
            "and in brackets the measured rate as a share of it."),
        0 },
    { Column::DoubleClaims, QT_TRANSLATE_NOOP("ResultColumns", "double claims"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "Claim workload: tasks a worker claimed while another live worker still held them. Must be 0."),
        0 },
    { Column::TasksReleased, QT_TRANSLATE_NOOP("ResultColumns", "released"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "Claim workload: claims the sweeper gave back because they were older than the claim timeout "
            "(claim-update)."),
        0 },
    { Column::TasksStranded, nullptr,
        QT_TRANSLATE_NOOP("ResultColumns",
            "Claim workload: tasks still claimed by a worker that died when the run ended, not yet given "
            "back."),
        0 },
    { Column::WorkersKilled, nullptr,
        QT_TRANSLATE_NOOP(
            "ResultColumns", "Worker connections the lab killed on purpose (--kill-workers-every)."),
        0 },
    { Column::ClientsPerNode, QT_TRANSLATE_NOOP("ResultColumns", "clients per node"),
        QT_TRANSLATE_NOOP(
            "ResultColumns", "On a cluster: how many clients each node had, node 1 first (--placement)."),
        -1 },
    { Column::CommitAborts, QT_TRANSLATE_NOOP("ResultColumns", "COMMIT aborts"),
        QT_TRANSLATE_NOOP("ResultColumns",
            "On a cluster: transactions aborted at COMMIT because another node wrote the row first "
            "(certification), "
            "retried like deadlocks and counted apart from them."),
        0 },
};

constexpr bool inColumnOrder()
{
    for (std::size_t i = 0; i < std::size(kSpecs); ++i) {
        if (static_cast<std::size_t>(kSpecs[i].column) != i)
            return false;
    }
    return true;
}
static_assert(inColumnOrder(), "kSpecs lists the columns in the order of the Column enum");

const Spec& spec(Column column)
{
    return kSpecs[static_cast<int>(column)];
}

long long errorCount(const StrategyResult& r, ErrorClass errorClass)
{
    return r.clients.error(errorClass);
}

// The columns that show a figure of the result files' table, by the member it reads: the cell
// holds what the file holds, and is "-" where the file writes "not measured".
struct FigureColumn {
    Column column;
    const Figure<StrategyResult>* figure;
};

std::span<const FigureColumn> figureColumns()
{
    using R = StrategyResult;
    static const FigureColumn columns[] = {
        { Column::Threads, resultFigureOf<&R::experiment, &Experiment::threads>() },
        { Column::OrdersPerS, resultFigureOf<&R::ordersPerS>() },
        { Column::SoldOutS, resultFigureOf<&R::soldOutS>() },
        { Column::P50Ms, resultFigureOf<&R::p50Ms>() },
        { Column::P95Ms, resultFigureOf<&R::p95Ms>() },
        { Column::P99Ms, resultFigureOf<&R::p99Ms>() },
        { Column::LockWaits, resultFigureOf<&R::lockWaits>() },
        { Column::Deadlocks, resultFigureOf<&R::deadlocks>() },
        { Column::Timeouts, resultFigureOf<&R::lockWaitTimeouts>() },
        { Column::Sold, resultFigureOf<&R::sold>() },
        { Column::Oversold, resultFigureOf<&R::oversold>() },
        { Column::Predicted, resultFigureOf<&R::predictedOrdersPerS>() },
        { Column::TasksStranded, resultFigureOf<&R::strandedTasks>() },
        { Column::WorkersKilled, resultFigureOf<&R::workersKilled>() },
    };
    return columns;
}

} // namespace

const Figure<StrategyResult>* figureOf(Column column)
{
    for (const FigureColumn& shown : figureColumns()) {
        if (shown.column == column)
            return shown.figure;
    }
    return nullptr;
}

namespace {

double number(Column column, const StrategyResult& r)
{
    if (const Figure<StrategyResult>* figure = figureOf(column))
        return figure->get(r);
    switch (column) {
    case Column::RecordChanged:
        return static_cast<double>(errorCount(r, ErrorClass::RecordChanged));
    case Column::LockNowait:
        return static_cast<double>(errorCount(r, ErrorClass::LockNowait));
    case Column::LostConnections:
        return static_cast<double>(errorCount(r, ErrorClass::ConnectionLost));
    case Column::Retries:
        return static_cast<double>(r.clients[ClientCount::Retries]);
    case Column::Failed:
        return static_cast<double>(r.clients[ClientCount::Failed]);
    case Column::Repetition:
        return r.repetition;
    case Column::Slots:
        return r.experiment.slotsPerSku;
    case Column::Skus:
        return static_cast<double>(r.experiment.skus);
    case Column::RefusedWithStock:
        return static_cast<double>(r.clients[ClientCount::RefusedWithStock]);
    case Column::DoubleClaims:
        return static_cast<double>(r.clients[ClientCount::DoubleClaims]);
    case Column::TasksReleased:
        return static_cast<double>(r.clients[ClientCount::TasksReleased]);
    case Column::CommitAborts:
        return static_cast<double>(errorCount(r, ErrorClass::CommitAbort));
    default:
        return 0.0;
    }
}

} // namespace

QList<Column> of(Table table)
{
    switch (table) {
    case Table::Console:
        return { Column::Strategy, Column::Repetition, Column::ClientsPerNode, Column::OrdersPerS,
            Column::SoldOutS, Column::P95Ms, Column::P99Ms, Column::Sold, Column::Oversold, Column::LockWaits,
            Column::Deadlocks, Column::Timeouts, Column::CommitAborts, Column::Retries, Column::Failed,
            Column::DoubleClaims, Column::TasksReleased, Column::TasksStranded, Column::WorkersKilled,
            Column::Verdict };
    case Table::Report:
        return { Column::Strategy, Column::Source, Column::Threads, Column::ClientsPerNode,
            Column::Repetition, Column::OrdersPerS, Column::SoldOutS, Column::P50Ms, Column::P95Ms,
            Column::P99Ms, Column::LockWaits, Column::Deadlocks, Column::Timeouts, Column::CommitAborts,
            Column::Retries, Column::RefusedWithStock, Column::Sold, Column::Oversold, Column::DoubleClaims,
            Column::TasksReleased, Column::TasksStranded, Column::WorkersKilled, Column::Verdict,
            Column::Why };
    case Table::Window:
        return { Column::Source, Column::Strategy, Column::Threads, Column::ClientsPerNode,
            Column::Repetition, Column::OrdersPerS, Column::Predicted, Column::SoldOutS, Column::P95Ms,
            Column::P99Ms, Column::LockWaits, Column::Deadlocks, Column::Timeouts, Column::CommitAborts,
            Column::RecordChanged, Column::LockNowait, Column::LostConnections, Column::Retries,
            Column::RefusedWithStock, Column::Sold, Column::Oversold, Column::DoubleClaims,
            Column::TasksReleased, Column::TasksStranded, Column::WorkersKilled, Column::Verdict,
            Column::RanUnder, Column::Why };
    }
    return {};
}

bool isClaimColumn(Column column)
{
    return column >= Column::DoubleClaims && column <= Column::WorkersKilled;
}

bool isClusterColumn(Column column)
{
    return column >= Column::ClientsPerNode;
}

bool hasFigure(Column column, const StrategyResult& result)
{
    if (column == Column::Predicted) // a share of it is shown too
        return result.predictedOrdersPerS > 0.0;
    const Figure<StrategyResult>* figure = figureOf(column);
    if (!figure)
        return true;
    switch (figure->unmeasured) {
    case Unmeasured::Null: // PostgreSQL's lock waits, a run that did not sell out, tasks not counted
    case Unmeasured::MinusOne:
        return figure->get(result) >= 0.0;
    case Unmeasured::UnlessAudited:
        return result.audited();
    case Unmeasured::Never:
        break;
    }
    return true;
}

QString header(Column column)
{
    if (const Figure<StrategyResult>* figure = figureOf(column))
        return figure->heading();
    return QCoreApplication::translate("ResultColumns", spec(column).header);
}

QString toolTip(Column column)
{
    return QCoreApplication::translate("ResultColumns", spec(column).toolTip);
}

bool isNumber(Column column)
{
    return figureOf(column) || spec(column).decimals >= 0;
}

QString text(Column column, const SourcedResult& row)
{
    const StrategyResult& r = row.result;
    switch (column) {
    case Column::Source:
        return row.source.isEmpty() ? QCoreApplication::translate("ResultColumns", "this run") : row.source;
    case Column::Strategy:
        return r.strategy; // an unsafe baseline says so in its verdict
    case Column::Verdict:
        return r.error.isEmpty()
            ? r.verdictLabel()
            : QCoreApplication::translate("ResultColumns", "error: %1").arg(PasswordMask::mask(r.error));
    case Column::RanUnder:
        return ranUnder(r);
    case Column::Why:
        return ResultExplanation::of(r).text;
    case Column::Repetition:
        return r.experiment.repeat > 1 ? QStringLiteral("%1/%2").arg(r.repetition).arg(r.experiment.repeat)
                                       : QString::number(r.repetition);
    case Column::Predicted:
        if (!hasFigure(column, r))
            return QStringLiteral("-");
        return QCoreApplication::translate("ResultColumns", "%1 (%2 %)")
            .arg(QString::number(r.predictedOrdersPerS, 'f', 0),
                QString::number(100.0 * r.ordersPerS / r.predictedOrdersPerS, 'f', 0));
    case Column::ClientsPerNode: {
        QStringList counts;
        for (const NodeFigures& node : r.nodes)
            counts << QString::number(node.clients);
        return counts.isEmpty() ? QStringLiteral("-") : counts.join(QLatin1Char('/'));
    }
    default:
        if (!hasFigure(column, r))
            return QStringLiteral("-");
        if (const Figure<StrategyResult>* figure = figureOf(column))
            return figure->number(figure->get(r));
        return QString::number(number(column, r), 'f', spec(column).decimals);
    }
}

QVariant sortValue(Column column, const SourcedResult& row)
{
    return isNumber(column) ? QVariant(number(column, row.result)) : QVariant(text(column, row));
}

bool flagged(Column column, const SourcedResult& row)
{
    if (column == Column::Verdict)
        return row.result.isBad();
    if (column == Column::Oversold)
        return row.result.oversold > 0;
    if (column == Column::DoubleClaims)
        return row.result.clients[ClientCount::DoubleClaims] > 0;
    return false;
}

QString verdictDetail(const StrategyResult& result)
{
    if (!result.errorMessages.isEmpty())
        return PasswordMask::mask(result.errorMessages).join(QLatin1Char('\n'));
    return stopReasonLabel(result.stopReason);
}

QString ranUnder(const StrategyResult& r)
{
    QStringList parts;
    const auto add = [&](const char* key, const QString& label) {
        const QString value = r.knobs.value(QLatin1String(key));
        if (!value.isEmpty())
            parts << label.arg(value);
    };
    add("innodb_deadlock_detect", QCoreApplication::translate("ResultColumns", "deadlock detect %1"));
    add("deadlock_timeout", QCoreApplication::translate("ResultColumns", "deadlock detector after %1"));
    add("innodb_lock_wait_timeout", QCoreApplication::translate("ResultColumns", "lock wait timeout %1 s"));
    add("transaction_isolation", QStringLiteral("%1"));
    add("innodb_flush_log_at_trx_commit", QCoreApplication::translate("ResultColumns", "flush at commit %1"));
    const qlonglong pool = r.knobs.value(QStringLiteral("innodb_buffer_pool_size")).toLongLong();
    if (pool > 0)
        parts << QCoreApplication::translate("ResultColumns", "buffer pool %1 MiB").arg(pool / (1024 * 1024));
    return parts.join(QStringLiteral(", "));
}

} // namespace ResultColumns
