#pragma once

#include "app/core/lesson.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// The lessons shipped in resources/lessons, each checked as it loads: every step's experiment
// validates for its strategies, and its chart is one the lab draws.
namespace LessonLibrary {

// Every lesson, in file-name order; a broken one is left out and named in `errors`.
QList<Lesson> load(QStringList* errors = nullptr);
// A lesson by its id or its title (either case); nothing when there is none.
std::optional<Lesson> find(const QString& name);
// Reads one lesson; `errors` gets what is wrong with it, each naming the step.
std::optional<Lesson> fromJson(const QString& id, const QJsonObject& object, QStringList& errors);
// The charts a step may ask for besides the time metrics.
const QStringList& panelCharts();

} // namespace LessonLibrary
