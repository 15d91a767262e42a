#pragma once

#include "app/core/repeatsummary.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

// The summaries of repeated runs in a results file: the top-level "repeats" array of the JSON
// file, and the rows of the <name>-repeats.csv file beside the CSV ones.
namespace RepeatsJson {

QJsonObject spreadJson(const Spread& spread);
QJsonObject summaryJson(const RepeatSummary& summary);
QJsonArray toJson(const QList<RepeatSummary>& summaries);
// Read back; what a file leaves out stays at its default.
Spread spreadFromJson(const QJsonObject& object);
QList<RepeatSummary> fromJson(const QJsonArray& array);
// One flat row per summary, for CSV: orders_per_s_median, p99_ms_ci_low and so on.
QList<QJsonObject> csvRows(const QList<RepeatSummary>& summaries);

} // namespace RepeatsJson
