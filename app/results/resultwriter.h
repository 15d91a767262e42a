#pragma once

#include "app/core/experiment.h"
#include "app/core/locksnapshot.h"
#include "app/core/repeatsummary.h"
#include "app/core/strategyresult.h"
#include "app/db/connectionparams.h"

#include <QJsonObject>
#include <QList>
#include <QString>

// Writes a finished run as JSON (experiment, server, per-strategy summary and series) or
// as CSV (one file of samples, one of summaries). Passwords never appear: URLs are masked.
namespace ResultWriter {

struct RunInfo {
    Experiment experiment;
    QString serverUrl; // masked by the caller, and masked again on the way out
    QString serverVersion;
    bool embedded = true;
};

QJsonObject summaryJson(const StrategyResult& result);
QJsonObject sampleJson(const MetricsSample& sample);
QJsonObject deadlockJson(const DeadlockRecord& deadlock);
QJsonObject lockSnapshotJson(const LockSnapshot& snapshot);
QJsonObject toJson(const RunInfo& info, const QList<StrategyResult>& results);

bool writeJson(
    const QString& path, const RunInfo& info, const QList<StrategyResult>& results, QString* error);
// `path` gets the samples; the summaries go beside it as <name>-summary.csv.
bool writeCsv(const QString& path, const QList<StrategyResult>& results, QString* error);
QString summaryCsvPath(const QString& seriesPath);
// The summaries of repeated runs go beside it as <name>-repeats.csv.
QString repeatsCsvPath(const QString& seriesPath);
// Every strategy and experiment once, with the spread of its repetitions.
QList<RepeatSummary> repeatSummaries(const QList<StrategyResult>& results);
// The results ran on more than one server (an experiment run on each engine, side by side).
bool spansServers(const QList<StrategyResult>& results);

} // namespace ResultWriter
