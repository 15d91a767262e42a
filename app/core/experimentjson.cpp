#include "app/core/experimentjson.h"

#include "app/core/experimentfields.h"
#include "app/core/fieldtext.h"
#include "app/core/quotedvalue.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace {

constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;
constexpr qint64 kReadBlockBytes = 64 * 1024;

// The text a JSON number stands for: a whole number as an integer (1e6 is 1000000 for a
// count), anything else in the shortest form that reads back as the same double.
QString jsonNumberText(double value)
{
    if (value == std::floor(value) && std::abs(value) < 9.2e18)
        return QString::number(static_cast<qlonglong>(value));
    return FieldText::printDouble(value);
}

} // namespace

namespace ExperimentJson {

QJsonObject toJson(const Experiment& experiment)
{
    QJsonObject object;
    for (const ExperimentField& field : ExperimentFields::all()) {
        const QString text = field.print(experiment);
        // A number only where it reads back as the same text: a count beyond 2^53 stays a
        // string rather than being rounded on its way to the file.
        bool ok = false;
        const double number = text.toDouble(&ok);
        if (ExperimentFields::isNumeric(field.name) && field.name != QLatin1String("seed") && ok
            && jsonNumberText(number) == text)
            object.insert(field.name, number);
        else
            object.insert(field.name, text);
    }
    return object;
}

Experiment fromJson(const QJsonObject& object, QList<FieldError>& errors)
{
    Experiment experiment;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!ExperimentFields::find(it.key())) {
            errors.append(ExperimentFields::unknownField(it.key()));
            continue;
        }
        QString text;
        if (it.value().isString()) {
            text = it.value().toString();
        } else if (it.value().isDouble()) {
            text = jsonNumberText(it.value().toDouble());
        } else {
            errors.append({ it.key(),
                QCoreApplication::translate("ExperimentFields", "must be a number or a string") });
            continue;
        }
        if (auto error = ExperimentFields::set(experiment, it.key(), text))
            errors.append(*error);
    }
    return experiment;
}

bool saveFile(const Experiment& experiment, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QCoreApplication::translate("ExperimentFields", "cannot write %1: %2")
                     .arg(path, file.errorString());
        return false;
    }
    file.write(QJsonDocument(toJson(experiment)).toJson());
    if (!file.commit()) {
        *error = QCoreApplication::translate("ExperimentFields", "cannot write %1: %2")
                     .arg(path, file.errorString());
        return false;
    }
    return true;
}

std::optional<QJsonObject> loadObject(const QString& path, QList<FieldError>& errors)
{
    if (path.isEmpty()) {
        errors.append({ QStringLiteral("experiment"),
            QCoreApplication::translate("ExperimentFields", "needs a file name") });
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        errors.append({ QStringLiteral("experiment"),
            QCoreApplication::translate("ExperimentFields", "cannot read %1: %2")
                .arg(QuotedValue::shortened(path), file.errorString()) });
        return std::nullopt;
    }
    // What is there, up to the limit, a block at a time: read(kMaxFileBytes) would set the whole
    // 64 MB aside first, for a file of a few hundred bytes.
    QByteArray text;
    while (text.size() < kMaxFileBytes) {
        const QByteArray block = file.read(std::min<qint64>(kReadBlockBytes, kMaxFileBytes - text.size()));
        if (block.isEmpty())
            break;
        text += block;
    }
    return objectFromJsonText(text, path, errors);
}

std::optional<Experiment> loadFile(const QString& path, QList<FieldError>& errors)
{
    const std::optional<QJsonObject> object = loadObject(path, errors);
    return object ? fromObject(*object, errors) : std::nullopt;
}

std::optional<QJsonObject> objectFromJsonText(
    const QByteArray& text, const QString& source, QList<FieldError>& errors)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        const QString reason = parseError.error != QJsonParseError::NoError
            ? QCoreApplication::translate("ExperimentFields", "%1 at offset %2")
                  .arg(parseError.errorString())
                  .arg(parseError.offset)
            : QCoreApplication::translate("ExperimentFields", "the top level must be an object");
        errors.append({ QStringLiteral("experiment"),
            QCoreApplication::translate("ExperimentFields", "%1 is not an experiment file: %2")
                .arg(QuotedValue::shortened(source), reason) });
        return std::nullopt;
    }
    return document.object();
}

std::optional<Experiment> fromObject(const QJsonObject& object, QList<FieldError>& errors)
{
    const qsizetype before = errors.size();
    Experiment experiment = fromJson(object, errors);
    if (errors.size() != before)
        return std::nullopt;
    return experiment;
}

std::optional<Experiment> fromJsonText(
    const QByteArray& text, const QString& source, QList<FieldError>& errors)
{
    const std::optional<QJsonObject> object = objectFromJsonText(text, source, errors);
    return object ? fromObject(*object, errors) : std::nullopt;
}

} // namespace ExperimentJson
