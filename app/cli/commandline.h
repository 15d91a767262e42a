#pragma once

#include "../engine/experiment.h"

#include <QStringList>

// What the user asked for on the command line, parsed and checked.
struct CommandLine {
    enum class Action { Run, Help, Version, Fail };
    Action action = Action::Run;
    Experiment experiment;
    QStringList strategies;
    QString server = QStringLiteral("embedded"); // or a mysql:// URL
    QString jsonPath;
    QString csvPath;
    QString saveExperimentPath;
    QString locksJsonPath;
    bool quiet = false;
    QStringList errors; // one line per problem, each naming its flag
    QString helpText;

    // `arguments` includes the program name, as QCoreApplication::arguments() gives it.
    static CommandLine parse(const QStringList& arguments);
};
