#pragma once

#include "app/db/labschema.h"

// What a strategy's own figures, bounds, predictions and sentences depend on, declared by the
// strategy (read from its file, or given by its class): the lab's other parts ask these, never
// which strategy it is.
struct StrategyTraits {
    StockLayout layout = StockLayout::Rows;
    // An order that lost a race to another's write is read and tried again (a compare-and-set:
    // the file ends it with \conflict).
    bool retriesConflicts = false;
    // Its lock is one slot row of the SKU (\lock slot), not the SKU's row or all its slots.
    bool locksOneSlot = false;
    // No transaction spans two statements: the whole order is one call of a routine of its own,
    // and the row is locked only while the server runs it.
    bool locksInsideStatement = false;
    // The textbook way the others' rates are compared with ("conditional sold 1.5x as fast as
    // pessimistic"), when it ran and was not the fastest.
    bool comparisonBaseline = false;
};
