#pragma once

#include <QString>

// What the audit says of one strategy's run. The one rule for "is this result bad" is
// isBad(); every table, badge and exit status asks it instead of repeating the test.
enum class Verdict {
    Pass, // a safe strategy: nothing oversold, lost or counted twice
    NoAnomalyThisTime, // an unsafe baseline that happened not to oversell
    Error, // the run could not finish; the result's error says why
    Oversold, // a safe strategy sold more than the stock
    LostUpdates,
    StockWithoutOrder, // stock went down with no order row for it: an acknowledged order gone
    OversoldUnsafeBaseline, // naive doing what it is there to show
    LostUpdatesUnsafeBaseline,
    ClientsDisagree, // the clients' count differs from the orders table
    NodesDisagree, // a cluster's node has other stock or orders than node 1 after applying everything
    AuditIncomplete, // the run finished but the closing audit could not run: nothing was checked
    CompletedTwice, // claim workload: a task has two completion rows
    ClaimedTwice, // claim workload: a worker took a task another live worker still held
    DoneWithoutCompletion, // claim workload: a task marked done with no completion row
    StrandedInRedis, // redis-split: units taken from Redis with no order row, found by the reconciliation
    InvariantBroken, // a strategy file's own invariant returned rows once the run was over
};

// "pass", "FAIL: oversold", "oversold (unsafe baseline)", …: as result files write it, in English.
QString verdictText(Verdict verdict);
// The same for people: in the language the lab speaks (the window, the console, reports).
QString verdictLabel(Verdict verdict);
// A failure of the lab's promise, or a run that did not finish: shown in red, exit status 3 or 1.
bool isBad(Verdict verdict);
// Only a safe strategy that broke its promise: the CLI's exit status 3.
bool isSafetyFailure(Verdict verdict);
