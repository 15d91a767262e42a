#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

#include <cstdint>

// A strategy's invariant as the closing audit found it: the rows its query returned, none when it
// holds.
struct InvariantCheck {
    QString name;
    std::int64_t rows = 0;
    QString firstRow; // the first of them, its columns joined by ", "

    bool broken() const { return rows > 0; }
};

// One consistent look at stock against orders, summed over all SKUs.
struct AuditResult {
    bool valid = false;
    std::int64_t skus = 0;
    std::int64_t initialStock = 0;
    std::int64_t remaining = 0; // current stock, summed over slots
    std::int64_t sold = 0; // units in the orders table
    std::int64_t orderRows = 0;
    std::int64_t oversold = 0; // units sold beyond a SKU's initial stock
    std::int64_t lostUpdates = 0; // units sold whose decrement of the stock was lost
    std::int64_t unrecordedDecrements = 0; // stock taken with no order row for it
    std::int64_t negativeSkus = 0; // SKUs whose stock is below zero
    std::int64_t sellableSkus = 0; // SKUs whose stock still covers the smallest order
    QList<InvariantCheck> invariants; // checked by the closing audit only, in the same snapshot

    bool clean() const
    {
        return valid && oversold == 0 && lostUpdates == 0 && unrecordedDecrements == 0 && negativeSkus == 0;
    }
};
Q_DECLARE_METATYPE(AuditResult)
