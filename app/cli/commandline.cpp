#include "commandline.h"

#include "../engine/experimentfields.h"
#include "../../strategies/strategyregistry.h"

#include <QCommandLineParser>

namespace {

QString description()
{
    return QStringLiteral(
        "lockbench: runs an inventory workload against a MySQL-protocol server with different locking\n"
        "strategies and reports throughput, latency, lock waits and an oversell audit.\n\n"
        "Commands:\n"
        "  run      run the experiment headlessly (the default when no command is given)\n\n"
        "Strategies: %1; all (every one but the two-SKU deadlock demonstrations) or deadlocks (those two).\n"
        "Exit status: 0 done, 1 the run failed, 2 bad input, 3 a safe strategy oversold or lost an order.")
        .arg(StrategyRegistry::ids().join(QStringLiteral(", ")));
}

} // namespace

CommandLine CommandLine::parse(const QStringList& arguments)
{
    CommandLine result;
    QCommandLineParser parser;
    parser.setApplicationDescription(description());
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Show the version."));
    const QCommandLineOption strategy(QStringLiteral("strategy"),
        QStringLiteral("Strategies to run, comma-separated, all or deadlocks (default: all)."), QStringLiteral("list"));
    const QCommandLineOption server(QStringLiteral("server"),
        QStringLiteral("embedded (the lab's private MariaDB, default) or mysql://user:password@host:port/database. "
                       "The password may come from LOCKBENCH_PASSWORD instead."),
        QStringLiteral("where"));
    const QCommandLineOption experimentFile(QStringLiteral("experiment"),
        QStringLiteral("Load the experiment from a JSON file; flags given as well override it."), QStringLiteral("file"));
    const QCommandLineOption saveExperiment(QStringLiteral("save-experiment"),
        QStringLiteral("Write the experiment, as given, to a JSON file."), QStringLiteral("file"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Write summary and time series as JSON."), QStringLiteral("file"));
    const QCommandLineOption csv(QStringLiteral("csv"),
        QStringLiteral("Write the time series as CSV, and the summary beside it as <name>-summary.csv."), QStringLiteral("file"));
    const QCommandLineOption locksJson(QStringLiteral("locks-json"),
        QStringLiteral("Log every lock-inspector sample (who holds and who waits for row locks, several a second) "
                       "to a file, one JSON object per line."),
        QStringLiteral("file"));
    const QCommandLineOption quiet({ QStringLiteral("q"), QStringLiteral("quiet") }, QStringLiteral("No live line per second."));
    parser.addOptions({ help, version, strategy, server, experimentFile, saveExperiment, json, csv, locksJson, quiet });
    QList<QCommandLineOption> fieldOptions;
    for (const ExperimentField& field : ExperimentFields::all()) {
        fieldOptions.append(QCommandLineOption(field.name,
            QStringLiteral("%1 (default: %2)").arg(field.help, field.print(Experiment {})), field.valueName));
        parser.addOption(fieldOptions.last());
    }
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("run (default)"), QStringLiteral("[run]"));
    result.helpText = parser.helpText();

    if (!parser.parse(arguments)) {
        result.action = Action::Fail;
        result.errors << parser.errorText();
        return result;
    }
    if (parser.isSet(help)) {
        result.action = Action::Help;
        return result;
    }
    if (parser.isSet(version)) {
        result.action = Action::Version;
        return result;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1 || (positional.size() == 1 && positional.first() != QLatin1String("run")))
        result.errors << QStringLiteral("unknown command \"%1\"; the command is run").arg(positional.join(QLatin1Char(' ')));

    if (parser.isSet(experimentFile)) {
        QList<FieldError> fileErrors;
        if (auto loaded = ExperimentFields::loadFile(parser.value(experimentFile), fileErrors))
            result.experiment = *loaded;
        for (const FieldError& error : fileErrors)
            result.errors << QStringLiteral("%1: %2").arg(error.field, error.message);
    }
    for (const ExperimentField& field : ExperimentFields::all()) {
        if (!parser.isSet(field.name))
            continue;
        if (auto error = ExperimentFields::set(result.experiment, field.name, parser.value(field.name)))
            result.errors << QStringLiteral("--%1: %2").arg(error->field, error->message);
    }
    if (result.errors.isEmpty()) {
        for (const FieldError& error : validateExperiment(result.experiment))
            result.errors << QStringLiteral("--%1: %2").arg(error.field, error.message);
    }

    QString strategyError;
    result.strategies = StrategyRegistry::parseList(parser.isSet(strategy) ? parser.value(strategy) : QStringLiteral("all"), &strategyError);
    if (!strategyError.isEmpty())
        result.errors << QStringLiteral("--strategy: ") + strategyError;

    if (parser.isSet(server))
        result.server = parser.value(server);
    result.jsonPath = parser.value(json);
    result.csvPath = parser.value(csv);
    result.saveExperimentPath = parser.value(saveExperiment);
    result.locksJsonPath = parser.value(locksJson);
    result.quiet = parser.isSet(quiet);
    if (!result.errors.isEmpty())
        result.action = Action::Fail;
    return result;
}
