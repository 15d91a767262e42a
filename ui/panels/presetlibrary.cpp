#include "ui/panels/presetlibrary.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/server/embeddedcluster.h"
#include "strategies/strategyregistry.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace PresetLibrary {

QList<Preset> load(QStringList* errors)
{
    QList<Preset> presets;
    const QDir folder(QStringLiteral(":/presets"));
    for (const QString& name : folder.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
        QFile file(folder.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
        Preset preset;
        // Translated through the same .ts as the sources (resources/translatabletexts.cmake).
        preset.sourceName = object.value(QStringLiteral("name")).toString().trimmed();
        preset.name = QCoreApplication::translate("Preset", preset.sourceName.toUtf8().constData());
        preset.explanation = QCoreApplication::translate(
            "Preset", object.value(QStringLiteral("explanation")).toString().trimmed().toUtf8().constData());
        for (const QJsonValue& id : object.value(QStringLiteral("strategies")).toArray())
            preset.strategies << id.toString();
        QList<FieldError> fieldErrors;
        preset.experiment
            = ExperimentJson::fromJson(object.value(QStringLiteral("experiment")).toObject(), fieldErrors);
        fieldErrors += validateExperiment(preset.experiment, StrategyRegistry::needsOf(preset.strategies));
        preset.clusterNodes = object.value(QStringLiteral("cluster-nodes")).toInt(0);
        if (preset.clusterNodes != 0
            && (preset.clusterNodes < 2 || preset.clusterNodes > EmbeddedCluster::kMaxNodes))
            fieldErrors.append({ QStringLiteral("cluster-nodes"),
                QCoreApplication::translate("Preset", "a cluster has 2 to %1 nodes")
                    .arg(EmbeddedCluster::kMaxNodes) });
        if (preset.name.isEmpty() || !fieldErrors.isEmpty()) {
            if (errors)
                *errors << QCoreApplication::translate("Preset", "preset %1 is broken: %2")
                               .arg(name,
                                   fieldErrors.isEmpty() ? QCoreApplication::translate("Preset", "no name")
                                                         : fieldErrors.first().message);
            continue;
        }
        presets.append(preset);
    }
    return presets;
}

} // namespace PresetLibrary
