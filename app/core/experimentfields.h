#pragma once

#include "app/core/experiment.h"

#include <QString>
#include <QStringList>

#include <optional>

// The setting of another field under which a field counts, e.g. stop is duration.
struct FieldCondition {
    QString field; // e.g. "stop"
    QStringList values; // e.g. { "orders", "sold-out" }
};

// The servers a field plays a part on, each a flag: a field may need several. ServerFit refuses
// a value that does not fit the server, for both fronts; the window disables such a field,
// saying why.
enum class ServerScope : unsigned {
    Any = 0,
    Cluster = 1u << 0, // several nodes: where clients are placed, which node is taken down
    OneServer = 1u << 1, // a single server: connection ids that name one connection
    LabsOwn = 1u << 2, // the servers the lab starts: settings that change the whole server
    InnoDb = 1u << 3, // MariaDB and MySQL: InnoDB's settings, which PostgreSQL does not have
};

constexpr ServerScope operator|(ServerScope a, ServerScope b)
{
    return static_cast<ServerScope>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}

constexpr bool needs(ServerScope scope, ServerScope one)
{
    return (static_cast<unsigned>(scope) & static_cast<unsigned>(one)) != 0;
}

// A field's help text. The table of fields is built before any translation is installed, so it
// keeps the English as written (marked for lupdate with QT_TRANSLATE_NOOP in the context
// "ExperimentFields") and translates it each time it is read: in the language in use then.
struct FieldHelp {
    const char* source = ""; // the English, as written in experimentfields.cpp
    QString text() const; // translated; the English when no translation is installed
    operator QString() const { return text(); } // so that field.help reads as the translated text
    bool isEmpty() const { return source == nullptr || *source == '\0'; }
};

// The named fields of an experiment, shared by the CLI flags, the experiment JSON and the
// window: each field parses its text, prints its value and documents itself in one place.
struct ExperimentField {
    QString name; // CLI flag and JSON key, e.g. "delay-ms"
    QString valueName; // placeholder in --help, e.g. "ms"
    FieldHelp help; // field.help or field.help.text(): translated; field.help.source: the English
    // Parses `text` into the experiment; returns an error message, empty on success.
    QString (*parse)(Experiment&, const QString& text);
    QString (*print)(const Experiment&);
    // Empty when the field always counts; else it is ignored unless this condition holds.
    FieldCondition countsOnlyWith {};
    ServerScope server = ServerScope::Any;
};

namespace ExperimentFields {

const QList<ExperimentField>& all();
const ExperimentField* find(const QString& name);

// Sets one field from text; the error names the field.
std::optional<FieldError> set(Experiment& experiment, const QString& name, const QString& text);

// The condition `name` counts only under, when `experiment` does not meet it: a duration under
// the orders stop, say. Nothing when the field counts (or always does).
std::optional<FieldCondition> unusedIn(const QString& name, const Experiment& experiment);

// Whether the field's value is a number, written as one in an experiment file.
bool isNumeric(const QString& name);
// The error for a key that names no field.
FieldError unknownField(const QString& name);

// "10s", "250ms", "2m", "1h" or a plain number of seconds.
std::optional<std::int64_t> parseDurationMs(const QString& text);
QString formatDurationMs(std::int64_t ms);

} // namespace ExperimentFields
