#pragma once

#include "app/core/experiment.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// An experiment as JSON, the experiment file's and the result files' "experiment": every field
// of ExperimentFields by its name, a number where it reads back as the same text.
namespace ExperimentJson {

QJsonObject toJson(const Experiment& experiment);
// Reads every known key; unknown keys and wrongly typed values are errors, never ignored.
Experiment fromJson(const QJsonObject& object, QList<FieldError>& errors);

// The text of an experiment file; `source` names it in the message when it is no JSON object.
// Empty when any key is unknown or bad; errors are appended.
std::optional<Experiment> fromJsonText(
    const QByteArray& text, const QString& source, QList<FieldError>& errors);

bool saveFile(const Experiment& experiment, const QString& path, QString* error);
std::optional<Experiment> loadFile(const QString& path, QList<FieldError>& errors);
// The file's JSON object, before its keys are read (the command line takes its strategies out
// first); empty, with the reason, when it is no JSON object.
std::optional<QJsonObject> loadObject(const QString& path, QList<FieldError>& errors);
std::optional<QJsonObject> objectFromJsonText(
    const QByteArray& text, const QString& source, QList<FieldError>& errors);
// fromJson, empty when any key is unknown or bad.
std::optional<Experiment> fromObject(const QJsonObject& object, QList<FieldError>& errors);

} // namespace ExperimentJson
