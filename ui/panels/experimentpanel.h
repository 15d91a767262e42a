#pragma once

#include "app/core/experiment.h"
#include "app/core/fieldrelevance.h"
#include "ui/panels/presetlibrary.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QSettings;
class QFormLayout;
class QLayout;
struct ExperimentField;
class QLabel;
class QLineEdit;

// Every experiment field, validated as it is typed: a bad field shows its message under
// it. The presets sit on top, each with an explanation to read out.
class ExperimentPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExperimentPanel(QWidget* parent = nullptr);

    Experiment experiment() const { return m_experiment; }
    QList<FieldError> errors() const { return m_errors; }
    void setExperiment(const Experiment& experiment);
    // The last experiment, kept between sessions; one that no longer parses is left out.
    void saveSettings(QSettings& settings) const;
    void restoreSettings(const QSettings& settings);
    // The rules of the chosen strategies: a field they refuse shows why, and errors() has it.
    void setStrategyNeeds(const StrategyNeeds& needs);
    // The chosen server: a field that plays no part on it (a cluster's placement on one
    // server, say) is disabled, as are those the workload, stop or arrival leave out.
    void setServerShape(const ServerShape& shape);
    // Types `text` into a field's editor, as a user would.
    void setFieldText(const QString& field, const QString& text);
    QString fieldText(const QString& field) const;
    QString fieldError(const QString& field) const;

    const QList<Preset>& presets() const { return m_presets; }
    void choosePreset(const QString& name);
    QString presetExplanation() const; // the chosen preset's text, or where a custom experiment came from

signals:
    void changed();
    void presetChosen(const Preset& preset);

private:
    struct Editor {
        QLineEdit* line = nullptr;
        QComboBox* combo = nullptr;
        QLabel* error = nullptr;
        QLabel* label = nullptr;
        QString help;
    };
    QWidget* input(const Editor& editor) const;
    void showWhatApplies(const Experiment& parsed);
    void fieldEdited();
    void revalidate();
    void loadFile();
    void saveFile();
    void addFieldRow(QFormLayout* form, const ExperimentField& field);
    QLayout* fileButtons();
    void applyPresetAt(int index); // 0 is "Custom"

    QHash<QString, Editor> m_editors;
    QComboBox* m_presetBox;
    QLabel* m_presetExplanation;
    QList<Preset> m_presets;
    Experiment m_experiment;
    StrategyNeeds m_needs;
    ServerShape m_serverShape;
    QList<FieldError> m_errors;
    bool m_applying = false;
};
