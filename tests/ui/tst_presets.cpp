// Every preset shipped in resources/presets loads, names strategies the lab has, and its
// experiment passes the rules those strategies impose: a teacher's click never ends in an
// error.
#include "app/core/experiment.h"
#include "strategies/strategyregistry.h"
#include "ui/panels/presetlibrary.h"

#include <QSignalSpy>
#include <QTest>

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    void everyPresetLoadsAndValidates()
    {
        QStringList errors;
        const QList<Preset> presets = PresetLibrary::load(&errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY(presets.size() >= 6);
        for (const Preset& preset : presets) {
            QVERIFY(!preset.name.isEmpty());
            QVERIFY2(preset.explanation.size() > 80, qPrintable(preset.name));
            QVERIFY2(!preset.strategies.isEmpty(), qPrintable(preset.name));
            for (const QString& id : preset.strategies)
                QVERIFY2(
                    StrategyRegistry::ids().contains(id), qPrintable(preset.name + QLatin1String(": ") + id));
            const QList<FieldError> problems
                = validateExperiment(preset.experiment, StrategyRegistry::needsOf(preset.strategies));
            QVERIFY2(problems.isEmpty(),
                qPrintable(preset.name + QLatin1String(": ")
                    + (problems.isEmpty() ? QString() : problems.first().message)));
        }
        const auto nowait = std::find_if(presets.cbegin(), presets.cend(), [](const Preset& preset) {
            return preset.strategies.contains(QLatin1String("pessimistic-nowait"));
        });
        QVERIFY(nowait != presets.cend());
        QVERIFY(nowait->strategies.contains(QLatin1String("pessimistic")));
    }
};

QTEST_MAIN(TestPresets)
#include "tst_presets.moc"
