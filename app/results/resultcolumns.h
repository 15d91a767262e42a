#pragma once

#include "app/core/figure.h"
#include "app/core/sourcedresult.h"

#include <QList>
#include <QString>
#include <QVariant>

// The columns of every results table. The console, the report and the window each show a
// list of these, so that a figure has one header, one explanation, one format and one rule
// for masking passwords and for flagging a bad value, wherever it is shown.
namespace ResultColumns {

enum class Column {
    Source,
    Strategy,
    Threads,
    OrdersPerS,
    SoldOutS,
    P50Ms,
    P95Ms,
    P99Ms,
    LockWaits,
    Deadlocks,
    Timeouts,
    RecordChanged,
    LockNowait,
    LostConnections,
    Retries,
    Failed,
    Sold,
    Oversold,
    Verdict,
    RanUnder,
    Why,
    Repetition,
    Slots,
    Skus,
    RefusedWithStock,
    Predicted, // --predict's orders/s, with the measured rate as a share of it
    DoubleClaims, // the claim workload's figures, from here to the end
    TasksReleased,
    TasksStranded,
    WorkersKilled,
    ClientsPerNode, // a cluster's figures, from here to the end
    CommitAborts,
};

enum class Table { Console, Report, Window };

QList<Column> of(Table table);
// The claim workload's columns: shown only where a row ran it.
bool isClaimColumn(Column column);
// A cluster's columns: shown only where a row ran on one.
bool isClusterColumn(Column column);
// Whether a row has a figure in `column`: not one its file writes as not measured (the lock
// waits PostgreSQL does not count, the audit's figures of a run whose audit could not run), and
// a prediction only with --predict; every row has most.
bool hasFigure(Column column, const StrategyResult& result);
// The figure of the result files' table a column shows, or null for a column that shows another
// kind of thing (a client count, a text).
const Figure<StrategyResult>* figureOf(Column column);
QString header(Column column);
QString toolTip(Column column);
bool isNumber(Column column);
// The cell as text: numbers in the column's format, texts with any password masked.
QString text(Column column, const SourcedResult& row);
// What sorting compares: numbers as numbers, texts as text.
QVariant sortValue(Column column, const SourcedResult& row);
// The cell deserves attention: a bad verdict, or units oversold.
bool flagged(Column column, const SourcedResult& row);
// The verdict cell's detail: every distinct error, or why the run stopped (masked).
QString verdictDetail(const StrategyResult& result);
// "deadlock detect OFF, lock wait timeout 1 s, …": the server settings a result ran under.
QString ranUnder(const StrategyResult& result);

} // namespace ResultColumns
