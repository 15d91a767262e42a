#pragma once

#include "app/core/nodefigures.h"

#include <QJsonArray>

// A cluster's per-node figures as result files keep them ("nodes" in a strategy's summary),
// written and read in one place so that a report drawn from a file shows what the run saw.
namespace NodeFiguresJson {

QJsonArray toJson(const QList<NodeFigures>& nodes);
QList<NodeFigures> fromJson(const QJsonArray& array);

} // namespace NodeFiguresJson
