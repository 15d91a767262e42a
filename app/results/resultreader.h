#pragma once

#include "app/results/resultwriter.h"

#include <QList>

#include <QString>
#include <optional>

// Reads a results file written by ResultWriter back into results, so that saved runs can be
// opened again and compared with runs from other files, servers and days.
namespace ResultReader {

struct RunFile {
    ResultWriter::RunInfo info;
    QList<StrategyResult> results;
    QList<RepeatSummary> repeats; // as the file has them; empty in files from before repeats
};

std::optional<RunFile> fromJson(const QJsonObject& root, QString* error);
std::optional<RunFile> load(const QString& path, QString* error);

} // namespace ResultReader
