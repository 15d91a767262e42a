#pragma once

#include <QString>
#include <QStringList>

// What the experiment's fields and their named values are called for people: one table, read by
// the window's form, the report's experiment table and anything else that shows an experiment.
// The names files and the command line use (ExperimentFields) stay as they are in every language.
namespace FieldLabels {

// "Clients" for "threads"; the name itself for a field the table does not know.
QString label(const QString& field);

// The values a field with named choices takes, in the order the form offers them; empty for a
// field whose value is typed.
QStringList choices(const QString& field);

// A value as ExperimentFields prints it, for readers: "closed loop (each client waits for its
// reply)" for arrival "closed", durations and skews in the reader's language; the value itself
// when it has no words of its own (a number, a name).
QString valueLabel(const QString& field, const QString& value);

} // namespace FieldLabels
