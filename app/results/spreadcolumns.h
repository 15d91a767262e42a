#pragma once

#include "app/core/repeatsummary.h"

#include <QList>
#include <QString>

// The columns of the summary of repeated runs: one row per strategy and experiment, with the
// median of each figure, its range and the interval of the median. The console, the report
// and the window show these, beside the per-run columns of ResultColumns.
namespace SpreadColumns {

enum class Column {
    Strategy,
    Threads,
    Runs,
    OrdersMedian,
    OrdersRange,
    OrdersInterval,
    P99Median,
    P99Range,
    NotSeparableFrom,
    OrdersSpread, // median with its range, in one cell: the window's column on every run
};

enum class Table { Console, Report };

QList<Column> of(Table table);
QString header(Column column);
QString toolTip(Column column);
bool isNumber(Column column);
QString text(Column column, const RepeatSummary& summary);

// "2475–2600"; "-" when there is no figure.
QString range(const Spread& spread, int decimals);
// "2475–2600 (75 %)": the interval with its confidence; "-" with a single run.
QString interval(const Spread& spread, int decimals);
// The line under a table: which rankings the runs cannot tell apart; empty when none.
QString notSeparableLine(const QList<RepeatSummary>& summaries);

} // namespace SpreadColumns
