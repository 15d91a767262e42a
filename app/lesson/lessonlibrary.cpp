#include "app/lesson/lessonlibrary.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/results/timemetric.h"
#include "strategies/strategyregistry.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace LessonLibrary {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("LessonLibrary", text);
}

// A text of the lesson in the reader's language: the lessons are translated through the same
// .ts file as the sources (resources/translatabletexts.cmake lists their texts for lupdate).
QString text(const QJsonObject& object, const char* key)
{
    const QString source = object.value(QLatin1String(key)).toString().trimmed();
    return source.isEmpty() ? source : QCoreApplication::translate("Lesson", source.toUtf8().constData());
}

bool knownChart(const QString& chart)
{
    return panelCharts().contains(chart) || TimeMetric::find(chart.toLatin1().constData()) != nullptr;
}

// A step's own strategy files, shipped beside the lessons (resources/lessons/files): added to
// the registry (again, when the lessons are read again) and run with the step's strategies.
void addStrategyFiles(const QJsonObject& object, const QString& where, LessonStep& step, QStringList& errors)
{
    qsizetype at = 0; // first, in the file's order
    for (const QJsonValue& name : object.value(QStringLiteral("strategy_files")).toArray()) {
        QString error;
        const QString id = StrategyRegistry::addFile(QStringLiteral(":/lessons/files/") + name.toString(),
            &error, StrategyRegistry::Replacing::UsersOwn);
        if (id.isEmpty())
            errors << QStringLiteral("%1: %2").arg(where, error);
        else if (!step.strategies.contains(id))
            step.strategies.insert(at++, id);
    }
}

std::optional<LessonStep> stepFromJson(const QJsonObject& object, const QString& where, QStringList& errors)
{
    LessonStep step;
    step.title = text(object, "title");
    step.say = text(object, "say");
    step.chart = object.value(QStringLiteral("chart")).toString().trimmed(); // an id, never translated
    step.notice = text(object, "notice");
    step.question = text(object, "question");
    step.predict = object.value(QStringLiteral("predict")).toBool(false);
    step.server = object.value(QStringLiteral("server")).toString().trimmed();
    for (const QJsonValue& id : object.value(QStringLiteral("strategies")).toArray())
        step.strategies << id.toString();
    const qsizetype before = errors.size();
    addStrategyFiles(object, where, step, errors);
    for (const char* key : { "title", "say", "notice", "question" }) {
        if (text(object, key).isEmpty())
            errors << tr("%1 has no \"%2\"").arg(where, QLatin1String(key));
    }
    if (!step.server.isEmpty() && step.server != QLatin1String("embedded")
        && step.server != QLatin1String("postgres"))
        errors << tr("%1 asks for server \"%2\"; a step runs on \"embedded\" or \"postgres\"")
                      .arg(where, step.server);
    if (!knownChart(step.chart))
        errors << tr("%1 asks for chart \"%2\", which the lab does not draw").arg(where, step.chart);
    QList<FieldError> fieldErrors;
    step.experiment
        = ExperimentJson::fromJson(object.value(QStringLiteral("experiment")).toObject(), fieldErrors);
    QString unknown;
    if (step.strategies.isEmpty())
        errors << tr("%1 names no strategy").arg(where);
    else if (StrategyRegistry::parseList(
                 step.strategies.join(QLatin1Char(',')), &unknown, step.experiment.workload)
                 .isEmpty())
        errors << QStringLiteral("%1: %2").arg(where, unknown);
    if (fieldErrors.isEmpty() && errors.size() == before)
        fieldErrors += validateExperiment(step.experiment, StrategyRegistry::needsOf(step.strategies));
    for (const FieldError& error : fieldErrors)
        errors << QStringLiteral("%1: %2").arg(where, error.message);
    if (errors.size() > before)
        return std::nullopt;
    return step;
}

} // namespace

const QStringList& panelCharts()
{
    static const QStringList charts = { QStringLiteral("oversell"), QStringLiteral("scaling"),
        QStringLiteral("timeline"), QStringLiteral("lock-inspector"), QStringLiteral("deadlocks") };
    return charts;
}

std::optional<Lesson> fromJson(const QString& id, const QJsonObject& object, QStringList& errors)
{
    Lesson lesson;
    lesson.id = id;
    lesson.title = text(object, "title");
    lesson.sourceTitle = object.value(QStringLiteral("title")).toString().trimmed();
    lesson.summary = text(object, "summary");
    const qsizetype before = errors.size();
    if (lesson.title.isEmpty())
        errors << tr("lesson %1 has no title").arg(id);
    const QJsonArray steps = object.value(QStringLiteral("steps")).toArray();
    if (steps.isEmpty())
        errors << tr("lesson %1 has no steps").arg(id);
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString where = tr("lesson %1, step %2").arg(id).arg(i + 1);
        if (std::optional<LessonStep> step = stepFromJson(steps[i].toObject(), where, errors))
            lesson.steps.append(*step);
    }
    if (errors.size() > before)
        return std::nullopt;
    return lesson;
}

QList<Lesson> load(QStringList* errors)
{
    QList<Lesson> lessons;
    const QDir folder(QStringLiteral(":/lessons"));
    for (const QString& name : folder.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
        QFile file(folder.filePath(name));
        QStringList problems;
        QJsonParseError parseError;
        const QJsonDocument document = file.open(QIODevice::ReadOnly)
            ? QJsonDocument::fromJson(file.readAll(), &parseError)
            : QJsonDocument();
        // "01-hot-row.json" is the lesson "hot-row": the number only orders the files.
        const QString id
            = QFileInfo(name).completeBaseName().remove(QRegularExpression(QStringLiteral("^\\d+-")));
        if (!document.isObject())
            problems << tr("lesson %1 is no JSON object: %2").arg(id, parseError.errorString());
        else if (std::optional<Lesson> lesson = fromJson(id, document.object(), problems))
            lessons.append(*lesson);
        if (errors)
            *errors << problems;
    }
    return lessons;
}

std::optional<Lesson> find(const QString& name)
{
    for (const Lesson& lesson : load()) {
        if (lesson.isNamed(name))
            return lesson;
    }
    return std::nullopt;
}

} // namespace LessonLibrary
