#pragma once

#include "app/core/experiment.h"

#include <QList>
#include <QString>
#include <QStringList>

// The experiment presets shipped in resources/presets, each with a short explanation that
// a teacher can read out, and the strategies it is meant to compare.
struct Preset {
    QString name; // in the reader's language
    QString sourceName; // as the JSON file has it, in English
    QString explanation;
    QStringList strategies;
    Experiment experiment;
    int clusterNodes = 0; // > 0: the preset runs on the lab's own Galera cluster of this many nodes
};

namespace PresetLibrary {

// Loads every preset from the resource folder; a broken preset is reported in `errors`.
QList<Preset> load(QStringList* errors = nullptr);

} // namespace PresetLibrary
