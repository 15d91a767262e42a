#pragma once

#include "connectionparams.h"
#include "experiment.h"
#include "locksnapshot.h"
#include "strategyresult.h"

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

// Replaces the password of every URL in `text` (scheme://user:password@…) with ***. Server
// error texts can carry connection strings too (FEDERATED and CONNECT tables), so every
// message that leaves the lab goes through this as well as the server URL.
QString maskPasswords(const QString& text);

QJsonObject summaryJson(const StrategyResult& result);
QJsonObject sampleJson(const MetricsSample& sample);
QJsonObject deadlockJson(const DeadlockRecord& deadlock);
QJsonObject lockSnapshotJson(const LockSnapshot& snapshot);
QJsonObject toJson(const RunInfo& info, const QList<StrategyResult>& results);

bool writeJson(const QString& path, const RunInfo& info, const QList<StrategyResult>& results, QString* error);
// `path` gets the samples; the summaries go beside it as <name>-summary.csv.
bool writeCsv(const QString& path, const QList<StrategyResult>& results, QString* error);
QString summaryCsvPath(const QString& seriesPath);

} // namespace ResultWriter
