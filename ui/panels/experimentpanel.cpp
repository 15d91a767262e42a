#include "ui/panels/experimentpanel.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/fieldlabels.h"
#include "app/core/serverfit.h"
#include "app/report/strategycolors.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

ExperimentPanel::ExperimentPanel(QWidget* parent)
    : QWidget(parent)
    , m_presetBox(new QComboBox(this))
    , m_presetExplanation(new QLabel(this))
    , m_presets(PresetLibrary::load())
{
    auto* layout = new QVBoxLayout(this);
    m_presetBox->addItem(tr("Custom"));
    for (const Preset& preset : std::as_const(m_presets))
        m_presetBox->addItem(preset.name);
    m_presetBox->setAccessibleName(tr("Preset"));
    m_presetExplanation->setWordWrap(true);
    m_presetExplanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* presetRow = new QFormLayout;
    presetRow->addRow(tr("Preset"), m_presetBox);
    layout->addLayout(presetRow);
    layout->addWidget(m_presetExplanation);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const ExperimentField& field : ExperimentFields::all())
        addFieldRow(form, field);
    layout->addLayout(form);
    layout->addLayout(fileButtons());
    layout->addStretch();
    connect(m_presetBox, &QComboBox::currentIndexChanged, this, &ExperimentPanel::applyPresetAt);
    setExperiment(Experiment {});
}

// One field: its label, its line edit or choice box, and the line under it for its error.
void ExperimentPanel::addFieldRow(QFormLayout* form, const ExperimentField& field)
{
    Editor editor;
    auto* cell = new QWidget(this);
    auto* cellLayout = new QVBoxLayout(cell);
    cellLayout->setContentsMargins(0, 0, 0, 0);
    cellLayout->setSpacing(0);
    const QStringList choices = FieldLabels::choices(field.name);
    if (choices.isEmpty()) {
        editor.line = new QLineEdit(cell);
        editor.line->setObjectName(field.name);
        editor.line->setToolTip(field.help);
        editor.line->setPlaceholderText(field.print(Experiment {})); // the default, as it is typed
        cellLayout->addWidget(editor.line);
        connect(editor.line, &QLineEdit::textChanged, this, &ExperimentPanel::fieldEdited);
    } else {
        editor.combo = new QComboBox(cell);
        editor.combo->setObjectName(field.name);
        for (const QString& choice : choices)
            editor.combo->addItem(FieldLabels::valueLabel(field.name, choice), choice);
        editor.combo->setToolTip(field.help);
        cellLayout->addWidget(editor.combo);
        connect(editor.combo, &QComboBox::currentIndexChanged, this, &ExperimentPanel::fieldEdited);
    }
    editor.error = new QLabel(cell);
    editor.error->setWordWrap(true);
    editor.error->setStyleSheet(QStringLiteral("color: %1;").arg(StrategyColors::unsafe().name()));
    editor.error->hide();
    cellLayout->addWidget(editor.error);
    auto* label = new QLabel(FieldLabels::label(field.name), this);
    label->setToolTip(field.help);
    form->addRow(label, cell);
    editor.label = label;
    editor.help = field.help;
    m_editors.insert(field.name, editor);
}

QLayout* ExperimentPanel::fileButtons()
{
    auto* buttons = new QHBoxLayout;
    auto* load = new QPushButton(tr("Load…"), this);
    auto* save = new QPushButton(tr("Save…"), this);
    load->setToolTip(tr("Load an experiment from a JSON file"));
    save->setToolTip(tr("Save this experiment as a JSON file (also usable with lockbench run --experiment)"));
    buttons->addWidget(load);
    buttons->addWidget(save);
    buttons->addStretch();
    connect(load, &QPushButton::clicked, this, &ExperimentPanel::loadFile);
    connect(save, &QPushButton::clicked, this, &ExperimentPanel::saveFile);
    return buttons;
}

void ExperimentPanel::applyPresetAt(int index)
{
    if (m_applying || index <= 0) {
        m_presetExplanation->clear();
        return;
    }
    const Preset preset = m_presets[index - 1];
    {
        const QSignalBlocker block(m_presetBox);
        setExperiment(preset.experiment);
        m_presetBox->setCurrentIndex(index); // setExperiment resets it to Custom
    }
    m_presetExplanation->setText(preset.explanation);
    emit presetChosen(preset);
}

void ExperimentPanel::setExperiment(const Experiment& experiment)
{
    m_applying = true;
    for (const ExperimentField& field : ExperimentFields::all()) {
        const Editor& editor = m_editors[field.name];
        const QString text = field.print(experiment);
        if (editor.line)
            editor.line->setText(text);
        else
            editor.combo->setCurrentIndex(editor.combo->findData(text));
    }
    m_presetBox->setCurrentIndex(0);
    m_presetExplanation->clear();
    m_applying = false;
    revalidate();
}

void ExperimentPanel::setStrategyNeeds(const StrategyNeeds& needs)
{
    if (needs == m_needs)
        return;
    m_needs = needs;
    revalidate();
}

void ExperimentPanel::setServerShape(const ServerShape& shape)
{
    if (shape == m_serverShape)
        return;
    m_serverShape = shape;
    revalidate(); // a value may fit one server and not another
}

QWidget* ExperimentPanel::input(const Editor& editor) const
{
    return editor.line ? static_cast<QWidget*>(editor.line) : editor.combo;
}

// A field that plays no part is disabled, its tooltip saying why before what it is; one whose
// value the server refuses stays open, so that it can be put back.
void ExperimentPanel::showWhatApplies(const Experiment& parsed)
{
    for (auto it = m_editors.begin(); it != m_editors.end(); ++it) {
        QString why = FieldRelevance::whyUnused(it.key(), parsed, m_serverShape);
        if (why.isEmpty())
            why = FieldRelevance::unreadByChosen(it.key(), m_needs);
        const QString tip = why.isEmpty() ? it->help : why + QStringLiteral("\n\n") + it->help;
        const bool refused = !it->error->isHidden();
        for (QWidget* widget : { input(*it), static_cast<QWidget*>(it->label) }) {
            widget->setEnabled(why.isEmpty() || refused);
            widget->setToolTip(tip);
        }
    }
}

void ExperimentPanel::setFieldText(const QString& field, const QString& text)
{
    const Editor& editor = m_editors[field];
    if (editor.line)
        editor.line->setText(text);
    else if (editor.combo)
        editor.combo->setCurrentIndex(editor.combo->findData(text));
}

QString ExperimentPanel::fieldText(const QString& field) const
{
    const Editor editor = m_editors.value(field);
    return editor.line ? editor.line->text()
        : editor.combo ? editor.combo->currentData().toString()
                       : QString();
}

QString ExperimentPanel::fieldError(const QString& field) const
{
    const Editor editor = m_editors.value(field);
    return editor.error && !editor.error->isHidden() ? editor.error->text() : QString();
}

void ExperimentPanel::choosePreset(const QString& name)
{
    // By the name shown, or by the English one of its file, whatever the language.
    for (const Preset& preset : std::as_const(m_presets)) {
        if (preset.sourceName == name) {
            m_presetBox->setCurrentText(preset.name);
            return;
        }
    }
    m_presetBox->setCurrentText(name);
}

QString ExperimentPanel::presetExplanation() const
{
    return m_presetExplanation->text();
}

void ExperimentPanel::fieldEdited()
{
    if (m_applying)
        return;
    if (m_presetBox->currentIndex() > 0) {
        // An edit turns the preset into a custom experiment; its text stays readable, said to
        // be where the experiment came from rather than what it now is.
        const QString name = m_presetBox->currentText();
        QSignalBlocker block(m_presetBox);
        m_presetBox->setCurrentIndex(0);
        m_presetExplanation->setText(tr("Changed from “%1”. %2").arg(name, m_presetExplanation->text()));
    }
    revalidate();
}

// Also run when other strategies are ticked, which leaves the preset as it is.
void ExperimentPanel::revalidate()
{
    Experiment parsed;
    QList<FieldError> errors;
    for (const ExperimentField& field : ExperimentFields::all()) {
        if (auto error = ExperimentFields::set(parsed, field.name, fieldText(field.name)))
            errors.append(*error);
    }
    if (errors.isEmpty())
        errors = validateExperiment(parsed, m_needs);
    // What the chosen server cannot run, said as it is typed rather than when the run prepares.
    for (const ServerFit::Problem& problem : ServerFit::of(parsed, m_serverShape))
        errors.append({ problem.field, problem.text });
    for (auto it = m_editors.begin(); it != m_editors.end(); ++it) {
        QStringList messages;
        for (const FieldError& error : std::as_const(errors)) {
            if (error.field == it.key())
                messages << error.message;
        }
        it->error->setText(messages.join(QLatin1Char('\n')));
        it->error->setVisible(!messages.isEmpty());
        input(*it)->setStyleSheet(messages.isEmpty()
                ? QString()
                : QStringLiteral("border: 1px solid %1;").arg(StrategyColors::unsafe().name()));
    }
    showWhatApplies(parsed);
    m_experiment = parsed;
    m_errors = errors;
    emit changed();
}

void ExperimentPanel::loadFile()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Load experiment"), QString(), tr("Experiments (*.json)"));
    if (path.isEmpty())
        return;
    QList<FieldError> errors;
    const std::optional<Experiment> loaded = ExperimentJson::loadFile(path, errors);
    if (!loaded) {
        QStringList lines;
        for (const FieldError& error : std::as_const(errors))
            lines << QStringLiteral("%1: %2").arg(error.field, error.message);
        QMessageBox::warning(this, tr("Cannot load the experiment"), lines.join(QLatin1Char('\n')));
        return;
    }
    setExperiment(*loaded);
}

void ExperimentPanel::saveFile()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save experiment"), QStringLiteral("experiment.json"), tr("Experiments (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!ExperimentJson::saveFile(m_experiment, path, &error))
        QMessageBox::warning(this, tr("Cannot save the experiment"), error);
}

void ExperimentPanel::saveSettings(QSettings& settings) const
{
    settings.setValue(QStringLiteral("experiment/last"),
        QJsonDocument(ExperimentJson::toJson(m_experiment)).toJson(QJsonDocument::Compact));
}

void ExperimentPanel::restoreSettings(const QSettings& settings)
{
    const QByteArray saved = settings.value(QStringLiteral("experiment/last")).toByteArray();
    if (saved.isEmpty())
        return;
    QList<FieldError> errors;
    const Experiment restored = ExperimentJson::fromJson(QJsonDocument::fromJson(saved).object(), errors);
    if (errors.isEmpty())
        setExperiment(restored);
}
