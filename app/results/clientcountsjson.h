#pragma once

#include "app/core/clientcounts.h"

#include <QJsonObject>

// The clients' counts as result files keep them: each count under its name from
// clientCountNames() (a sample's or a result's), the error classes under "errors". A count
// missing from an older file reads as 0.
namespace ClientCountsJson {

enum class Names { Sample, Result };

void insert(QJsonObject& object, const ClientCounts& counts, Names names);
ClientCounts read(const QJsonObject& object, Names names);

} // namespace ClientCountsJson
