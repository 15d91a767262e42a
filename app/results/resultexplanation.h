#pragma once

#include "app/core/bound.h"
#include "app/core/resultfigures.h"
#include "app/core/strategyresult.h"

#include <QJsonObject>
#include <QString>

// One or two sentences that say why a strategy reached the rate it did, built from that
// run's own figures: the row lock's hold time and the ceiling it implies, the CPU when the
// machine is the bound, retries, deadlocks, the queue, refused slots.
namespace ResultExplanation {

struct Explained {
    QString text; // empty for a run that ended in an error
    // What bounds the rate; a row locked inside the server is named RowLock here, beside the
    // explanation's "bound_resource", which tells it apart.
    Bound bound = Bound::None;
    QJsonObject figures; // the numbers behind the text, for the JSON
};

Explained of(const StrategyResult& result);
// A figure in the reader's locale, and a time in milliseconds with enough significant digits: 0.45, 5.2, 120.
QString number(double value, int decimals);
QString millis(double ms);

// A figure of the result that the explanation's figures repeat, under the key of its row.
template <auto... Members> void repeat(const StrategyResult& r, QJsonObject& figures)
{
    const Figure<StrategyResult>* row = resultFigureOf<Members...>();
    Q_ASSERT(row);
    figures.insert(QLatin1String(row->key), row->get(r));
}
// A count of the clients that they repeat, under the key the result gives it.
void repeat(const StrategyResult& r, ClientCount count, QJsonObject& figures);

// The share of orders that land on the busiest locked row: a SKU's share under the skew,
// split over its slots for the slotted strategies.
double busiestRowShare(const StrategyResult& result);

} // namespace ResultExplanation
