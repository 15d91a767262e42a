#pragma once

#include <QCommandLineOption>
#include <QList>

// The command line's flags as QCommandLineParser and the help text take them: the command
// line's own, from one table of names, value names and help, then one per experiment field.
namespace CommandLineFlags {

QList<QCommandLineOption> all();

} // namespace CommandLineFlags
