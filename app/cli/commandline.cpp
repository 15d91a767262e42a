#include "app/cli/commandline.h"

#include "app/cli/commandlineflags.h"
#include "app/cli/helptext.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/quotedvalue.h"
#include "app/core/serverfit.h"
#include "app/db/connectionparams.h"
#include "app/lesson/lessonlibrary.h"
#include "app/server/embeddedcluster.h"
#include "strategies/strategyregistry.h"

#include <QJsonArray>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace {

QString description()
{
    return QCoreApplication::translate("CommandLine",
        "lockbench: runs an inventory workload against a MySQL-protocol server with\n"
        "different locking strategies and reports throughput, latency, lock waits and an\n"
        "oversell audit.\n\n"
        "Commands:\n"
        "  run      run the experiment headlessly (the default when no command is given)\n"
        "  sweep    run every strategy at every client count of --clients 1,4,16,64\n"
        "           (and, optionally, every value of --slots 1,8,64 or --skus\n"
        "           1,100,10000), each cell on fresh data\n\n"
        "Strategies: %1; all (every one but the two-SKU deadlock demonstrations) or deadlocks (those two), "
        "alone or in a list: all,deadlocks runs every one.\n"
        "Exit status: 0 done, 1 the run failed, 2 bad input, 3 a safe strategy oversold\n"
        "or lost an order.")
        .arg(StrategyRegistry::ids().join(QStringLiteral(", ")));
}

// Output files are checked before the run, not found unwritable after it: a folder that is
// missing or a name that is a folder would otherwise cost the whole run's results.
QString outputFileProblem(const QString& path)
{
    if (path.trimmed().isEmpty())
        return QCoreApplication::translate("CommandLine", "needs a file name");
    const QFileInfo info(path);
    const QString shown = QuotedValue::shortened(path);
    if (info.isDir())
        return QCoreApplication::translate("CommandLine", "%1 is a folder, not a file").arg(shown);
    const QFileInfo folder(info.absolutePath());
    if (!folder.isDir())
        return QCoreApplication::translate("CommandLine", "the folder %1 does not exist")
            .arg(QuotedValue::shortened(QDir::toNativeSeparators(folder.filePath())));
    if (!folder.isWritable() || (info.exists() && !info.isWritable()))
        return QCoreApplication::translate("CommandLine", "%1 is not writable").arg(shown);
    return {};
}

// The charts folder is created when missing, so its nearest existing ancestor must be a
// writable folder.
QString outputFolderProblem(const QString& path)
{
    if (path.trimmed().isEmpty())
        return QCoreApplication::translate("CommandLine", "needs a folder name");
    QFileInfo info(path);
    if (info.exists() && !info.isDir())
        return QCoreApplication::translate("CommandLine", "%1 is a file, not a folder")
            .arg(QuotedValue::shortened(path));
    QString existing = info.absoluteFilePath();
    while (!QFileInfo::exists(existing))
        existing = QFileInfo(existing).absolutePath();
    info = QFileInfo(existing);
    if (!info.isDir())
        return QCoreApplication::translate("CommandLine", "%1 is a file, not a folder")
            .arg(QuotedValue::shortened(existing));
    if (!info.isWritable())
        return QCoreApplication::translate("CommandLine", "%1 is not writable")
            .arg(QuotedValue::shortened(existing));
    return {};
}

// A flag given without its value takes the next flag as its value: `--json --quiet` would
// write the results to a file named --quiet and run without --quiet. That is refused, one line
// per flag, rather than guessed at.
QStringList flagsTakenAsValues(const QCommandLineParser& parser, const QList<QCommandLineOption>& options)
{
    static const QRegularExpression flagLike(QStringLiteral("^--?([A-Za-z][A-Za-z-]*)(=.*)?$"));
    QStringList names;
    for (const QCommandLineOption& option : options)
        names << option.names();
    QStringList errors;
    for (const QCommandLineOption& option : options) {
        if (option.valueName().isEmpty() || !parser.isSet(option))
            continue;
        // Its own long name: "-q, --quiet" is --quiet, and "--threads, --clients" is --threads.
        const QStringList own = option.names();
        const QString name
            = *std::find_if(own.begin(), own.end(), [](const QString& n) { return n.size() > 1; });
        for (const QString& value : parser.values(option)) {
            const QRegularExpressionMatch match = flagLike.match(value);
            if (match.hasMatch() && names.contains(match.captured(1)))
                errors << QCoreApplication::translate(
                    "CommandLine", "--%1: needs a value, but the next argument is the flag %2")
                              .arg(name, QuotedValue::shortened(value));
        }
    }
    return errors;
}

// QCommandLineParser quotes an unknown option whole: cut what it quotes, as every message here does.
QString parserError(const QString& text)
{
    static const QRegularExpression quotedName(
        QStringLiteral("'([^']{%1,})'").arg(QuotedValue::kMaxShown + 1));
    QString result = text;
    QRegularExpressionMatch match;
    while ((match = quotedName.match(result)).hasMatch())
        result.replace(match.capturedStart(), match.capturedLength(), QuotedValue::quoted(match.captured(1)));
    return result;
}

// duration, orders, time-limit and rate count only under one stop or arrival mode: given on the
// command line where they do not count, they would be silently ignored. Refused instead, naming
// the flag that decides, and where its value came from when that was not the command line.
QString unusedFlag(
    const QString& name, const FieldCondition& condition, const Experiment& experiment, bool fromFile)
{
    const QString current = ExperimentFields::find(condition.field)->print(experiment);
    QStringList values = condition.values;
    const QString last = values.takeLast();
    const QString wanted = values.isEmpty()
        ? last
        : QCoreApplication::translate(
            "CommandLine", "%1 or %2", "values of a flag: the first ones comma-separated, then the last")
              .arg(values.join(QStringLiteral(", ")), last);
    return (fromFile ? QCoreApplication::translate("CommandLine",
                "--%1: only used with --%2 %3, but the %2 is %4 (from --experiment); leave out --%1 or "
                "choose --%2 %3")
                     : QCoreApplication::translate("CommandLine",
                         "--%1: only used with --%2 %3, but the %2 is %4; leave out --%1 or choose --%2 %3"))
        .arg(name, condition.field, wanted, current);
}

// `lesson NAME`: the lesson's steps are the experiments and strategies, so flags that would set
// them are refused rather than ignored. `lesson` alone lists the lessons.
void chooseLesson(const QCommandLineParser& parser, const QStringList& positional, CommandLine& result)
{
    QStringList ids;
    for (const Lesson& lesson : LessonLibrary::load())
        ids << lesson.id;
    if (positional.size() == 1) {
        result.action = CommandLine::Action::ListLessons;
        return;
    }
    const QString name = positional.mid(1).join(QLatin1Char(' '));
    result.lesson = LessonLibrary::find(name);
    if (!result.lesson) {
        result.errors << QCoreApplication::translate("CommandLine", "unknown lesson %1; the lessons are %2")
                             .arg(QuotedValue::quoted(name), ids.join(QStringLiteral(", ")));
        return;
    }
    result.action = CommandLine::Action::Lesson;
    QStringList ownFlags { QStringLiteral("strategy"), QStringLiteral("experiment"),
        QStringLiteral("save-experiment") };
    for (const ExperimentField& field : ExperimentFields::all())
        ownFlags << field.name;
    for (const QString& flag : ownFlags) {
        if (parser.isSet(flag))
            result.errors << QCoreApplication::translate(
                "CommandLine", "--%1: a lesson sets its own experiments and strategies; leave out --%1")
                                 .arg(flag);
    }
}

// The command and, in a sweep, the flags given as lists (--threads, --slots, --skus): the
// experiment keeps each list's first value.
struct Command {
    bool sweep = false;
    QHash<QString, QString> listFields;
};

Command readCommand(const QCommandLineParser& parser, CommandLine& result)
{
    Command command;
    const QStringList positional = parser.positionalArguments();
    command.sweep = positional.size() == 1 && positional.first() == QLatin1String("sweep");
    const bool lesson = !positional.isEmpty() && positional.first() == QLatin1String("lesson");
    if (lesson)
        chooseLesson(parser, positional, result);
    else if (positional.size() > 1
        || (positional.size() == 1 && positional.first() != QLatin1String("run") && !command.sweep))
        result.errors << CommandLine::tr("unknown command %1; the commands are run, sweep and lesson")
                             .arg(QuotedValue::quoted(positional.join(QLatin1Char(' '))));
    if (!command.sweep)
        return command;
    for (const QString& name :
        { QStringLiteral("threads"), QStringLiteral("slots"), QStringLiteral("skus") }) {
        if (parser.isSet(name) && parser.value(name).contains(QLatin1Char(',')))
            command.listFields.insert(name, parser.value(name));
    }
    return command;
}

// An experiment file may name its strategies as the flags do: "strategy" (a list, as
// --strategy) and "strategy-file" (a path, or a list of them, relative to the experiment file).
void takeStrategies(QJsonObject& object, const QDir& folder, CommandLine& result, QList<FieldError>& errors)
{
    const QJsonValue strategy = object.take(QStringLiteral("strategy"));
    if (strategy.isString())
        result.experimentStrategy = strategy.toString();
    else if (!strategy.isUndefined())
        errors.append({ QStringLiteral("strategy"),
            QCoreApplication::translate(
                "CommandLine", "a list of strategies in one text, as for --strategy") });
    const QJsonValue files = object.take(QStringLiteral("strategy-file"));
    const QJsonArray paths = files.isArray() ? files.toArray()
        : files.isUndefined()                ? QJsonArray()
                                             : QJsonArray { files };
    for (const QJsonValue& path : paths) {
        if (!path.isString() || path.toString().isEmpty())
            errors.append({ QStringLiteral("strategy-file"),
                QCoreApplication::translate("CommandLine", "a file's path, or a list of them") });
        else
            result.experimentStrategyFiles << QDir::cleanPath(folder.absoluteFilePath(path.toString()));
    }
}

// The experiment: from --experiment, then each field's flag over it; the fields whose value
// was refused, so that a later check does not refuse them again.
QStringList readExperiment(const QCommandLineParser& parser, const Command& command, CommandLine& result)
{
    const QString experimentFile = QStringLiteral("experiment");
    if (parser.isSet(experimentFile)) {
        QList<FieldError> fileErrors;
        if (std::optional<QJsonObject> object
            = ExperimentJson::loadObject(parser.value(experimentFile), fileErrors)) {
            takeStrategies(*object, QFileInfo(parser.value(experimentFile)).dir(), result, fileErrors);
            if (auto loaded = ExperimentJson::fromObject(*object, fileErrors))
                result.experiment = *loaded;
        }
        for (const FieldError& error : fileErrors) {
            result.errors << (error.field == QLatin1String("experiment")
                    ? QStringLiteral("--experiment: %1").arg(error.message)
                    : QStringLiteral("--experiment: %1: %2").arg(error.field, error.message));
        }
    }
    QStringList refusedFields;
    for (const ExperimentField& field : ExperimentFields::all()) {
        if (!parser.isSet(field.name))
            continue;
        const QString value = command.listFields.contains(field.name)
            ? command.listFields.value(field.name).section(QLatin1Char(','), 0, 0)
            : parser.value(field.name);
        if (auto error = ExperimentFields::set(result.experiment, field.name, value)) {
            result.errors << QStringLiteral("--%1: %2").arg(error->field, error->message);
            refusedFields << field.name;
        }
    }
    for (const ExperimentField& field : ExperimentFields::all()) {
        if (!parser.isSet(field.name) || refusedFields.contains(field.name))
            continue;
        if (const auto condition = ExperimentFields::unusedIn(field.name, result.experiment)) {
            const bool fromFile = parser.isSet(experimentFile) && !parser.isSet(condition->field);
            result.errors << unusedFlag(field.name, *condition, result.experiment, fromFile);
        }
    }
    return refusedFields;
}

void readSweep(const QCommandLineParser& parser, const Command& command, const QStringList& refusedFields,
    CommandLine& result)
{
    result.action = CommandLine::Action::Sweep;
    const bool bySlots = command.listFields.contains(QStringLiteral("slots"));
    const bool bySkus = command.listFields.contains(QStringLiteral("skus"));
    if (bySlots && bySkus)
        result.errors << CommandLine::tr(
            "a sweep varies the slots or the SKU count besides the clients, not both");
    const QString dimensionFlag = bySlots ? QStringLiteral("slots")
        : bySkus                          ? QStringLiteral("skus")
                                          : QString();
    const SweepPlan::Dimension dimension = bySlots ? SweepPlan::Dimension::Slots
        : bySkus                                   ? SweepPlan::Dimension::Skus
                                                   : SweepPlan::Dimension::None;
    const QString clients = parser.isSet(QStringLiteral("threads"))
        ? parser.value(QStringLiteral("threads"))
        : QString::number(result.experiment.threads);
    SweepPlan::List bad = SweepPlan::List::Clients;
    QString listError;
    if (const auto plan
        = SweepPlan::parse(clients, dimension, command.listFields.value(dimensionFlag), &bad, &listError)) {
        result.sweep = *plan;
    } else {
        const QString flag = bad == SweepPlan::List::Clients ? QStringLiteral("threads") : dimensionFlag;
        if (!refusedFields.contains(flag))
            result.errors << QStringLiteral("--%1: %2").arg(flag, listError);
    }
}

// The strategies, and the experiment checked for them: slots above the stock matter only to
// the slotted ones, a single SKU only to the two-SKU ones.
void readStrategies(const QCommandLineParser& parser, bool sweep, CommandLine& result)
{
    const QString strategy = QStringLiteral("strategy");
    QStringList files = parser.values(QStringLiteral("strategy-file"));
    for (const QString& file : result.experimentStrategyFiles)
        if (!files.contains(file))
            files << file;
    const bool named = parser.isSet(strategy) || !result.experimentStrategy.isEmpty();
    QString strategyError;
    if (named || files.isEmpty())
        result.strategies = StrategyRegistry::parseList(parser.isSet(strategy) ? parser.value(strategy)
                : named                                                        ? result.experimentStrategy
                                                                               : QStringLiteral("all"),
            &strategyError, result.experiment.workload);
    for (const QString& file : files) {
        QString fileError;
        const QString id = StrategyRegistry::addFile(file, &fileError);
        if (id.isEmpty())
            result.errors << QStringLiteral("--strategy-file: ") + fileError;
        else if (!result.strategies.contains(id))
            result.strategies << id;
    }
    if (result.errors.isEmpty()) {
        const StrategyNeeds needs = StrategyRegistry::needsOf(result.strategies);
        if (sweep)
            result.errors << result.sweep.validate(result.experiment, needs);
        else
            for (const FieldError& error : validateExperiment(result.experiment, needs))
                result.errors << QStringLiteral("--%1: %2").arg(error.field, error.message);
    }
    if (!strategyError.isEmpty())
        result.errors << QStringLiteral("--strategy: ") + strategyError;
}

// The server, and what the experiment asks of its nodes (placement, the node to take down);
// the Redis of the strategies that keep stock there.
void readServer(const QCommandLineParser& parser, CommandLine& result)
{
    result.servers = { result.server };
    if (parser.isSet(QStringLiteral("server"))) {
        QString serverError;
        if (const auto choices = ServerChoice::parseList(parser.value(QStringLiteral("server")),
                result.experiment.database, QString(), &serverError)) {
            result.servers = *choices;
            result.server = choices->first();
        } else {
            result.errors << QStringLiteral("--server: ") + serverError;
        }
    }
    QStringList problems; // each said once, however many servers it applies to
    for (const ServerChoice& server : std::as_const(result.servers)) {
        for (const ServerFit::Problem& problem : ServerFit::of(result.experiment, server.shape()))
            problems << QStringLiteral("--%1: %2").arg(problem.field, problem.text);
    }
    problems.removeDuplicates();
    result.errors << problems;
    if (parser.isSet(QStringLiteral("redis"))) {
        QString redisError;
        result.redis = RedisEndpoint::fromUrl(parser.value(QStringLiteral("redis")), &redisError);
        if (!result.redis)
            result.errors << QStringLiteral("--redis: ") + redisError;
    }
}

// The files a run writes; a lesson without --report writes its hand-out as HTML and PDF.
void readOutputFiles(const QCommandLineParser& parser, CommandLine& result)
{
    const auto outputFile = [&](const QString& flag, QString& path) {
        if (!parser.isSet(flag))
            return;
        path = parser.value(flag);
        if (const QString problem = outputFileProblem(path); !problem.isEmpty())
            result.errors << QStringLiteral("--%1: %2").arg(flag, problem);
    };
    outputFile(QStringLiteral("json"), result.jsonPath);
    outputFile(QStringLiteral("csv"), result.csvPath);
    outputFile(QStringLiteral("save-experiment"), result.saveExperimentPath);
    outputFile(QStringLiteral("locks-json"), result.locksJsonPath);
    outputFile(QStringLiteral("report"), result.reportPath);
    if (result.lesson && result.reportPath.isEmpty()) {
        result.reportPath = result.lesson->id + QStringLiteral("-handout.html");
        result.pdfHandoutToo = true;
    }
    if (!result.reportPath.isEmpty()
        && !result.reportPath.endsWith(QLatin1String(".html"), Qt::CaseInsensitive)
        && !result.reportPath.endsWith(QLatin1String(".htm"), Qt::CaseInsensitive)
        && !result.reportPath.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
        result.errors << CommandLine::tr("--report: the file name must end in .html or .pdf (got %1)")
                             .arg(QuotedValue::shortened(result.reportPath));
}

// --charts, with the size and resolution of its PNG files (without it those would be ignored).
void readChartFiles(const QCommandLineParser& parser, CommandLine& result)
{
    const bool charts = parser.isSet(QStringLiteral("charts"));
    if (charts) {
        result.chartsDir = parser.value(QStringLiteral("charts"));
        if (const QString problem = outputFolderProblem(result.chartsDir); !problem.isEmpty())
            result.errors << QStringLiteral("--charts: ") + problem;
    }
    if (parser.isSet(QStringLiteral("chart-size"))) {
        static const QRegularExpression size(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
        const QRegularExpressionMatch match = size.match(parser.value(QStringLiteral("chart-size")));
        const int width = match.captured(1).toInt();
        const int height = match.captured(2).toInt();
        if (!match.hasMatch() || width < 50 || height < 50 || width > 20000 || height > 20000)
            result.errors << CommandLine::tr(
                "--chart-size: must be WIDTHxHEIGHT in pixels, 50 to 20000 each, e.g. 1200x700");
        else
            result.chartSize = QSize(width, height);
    }
    if (parser.isSet(QStringLiteral("dpi"))) {
        bool ok = false;
        result.chartDpi = parser.value(QStringLiteral("dpi")).toInt(&ok);
        if (!ok || result.chartDpi < 36 || result.chartDpi > 1200)
            result.errors << CommandLine::tr("--dpi: must be a whole number from 36 to 1200");
    }
    for (const QString& flag : { QStringLiteral("chart-size"), QStringLiteral("dpi") }) {
        if (parser.isSet(flag) && !charts)
            result.errors
                << CommandLine::tr("--%1: only used with --charts DIR; add it, or leave this out").arg(flag);
    }
}

} // namespace

CommandLine CommandLine::parse(const QStringList& arguments)
{
    CommandLine result;
    QCommandLineParser parser;
    parser.setApplicationDescription(description());
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QList<QCommandLineOption> options = CommandLineFlags::all();
    parser.addOptions(options);
    const HelpText::Positional command { tr("command"),
        tr("run (default), sweep, or lesson NAME: run a lesson's steps and write its hand-out (--report, or "
           "NAME-handout.html and .pdf); lesson alone lists the lessons"),
        QStringLiteral("[run|sweep|lesson NAME]") };
    parser.addPositionalArgument(command.name, command.description, command.syntax);
    result.helpText
        = HelpText::format(arguments.value(0, QStringLiteral("lockbench")), description(), options, command);

    if (!parser.parse(arguments)) {
        result.action = Action::Fail;
        result.errors << parserError(parser.errorText());
        return result;
    }
    if (const QStringList swallowed = flagsTakenAsValues(parser, options); !swallowed.isEmpty()) {
        result.action = Action::Fail;
        result.errors << swallowed;
        return result;
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("version"))) {
        result.action = parser.isSet(QStringLiteral("help")) ? Action::Help : Action::Version;
        return result;
    }
    const Command given = readCommand(parser, result);
    const QStringList refusedFields = readExperiment(parser, given, result);
    if (given.sweep)
        readSweep(parser, given, refusedFields, result);
    readStrategies(parser, given.sweep, result);
    readServer(parser, result);
    readOutputFiles(parser, result);
    readChartFiles(parser, result);
    result.quiet = parser.isSet(QStringLiteral("quiet"));
    result.predict = parser.isSet(QStringLiteral("predict"));
    if (result.lesson)
        result.strategies.clear(); // the steps name their own
    if (!result.errors.isEmpty())
        result.action = Action::Fail;
    return result;
}

QList<CommandLine::Leg> CommandLine::legs() const
{
    QList<Leg> legs;
    if (action == Action::Lesson
        && std::any_of(lesson->steps.cbegin(), lesson->steps.cend(),
            [](const LessonStep& step) { return !step.server.isEmpty(); })) {
        for (const LessonStep& step : lesson->steps) {
            const ServerChoice on = step.server.isEmpty()  ? server
                : step.server == QLatin1String("postgres") ? ServerChoice::postgres()
                                                           : ServerChoice::embedded();
            const QList<RunCell> stepCells = RunCell::plainRun(step.experiment, step.strategies);
            if (!legs.isEmpty() && legs.last().server == on)
                legs.last().cells += stepCells;
            else
                legs.append({ on, stepCells });
        }
        return legs;
    }
    for (const ServerChoice& each : servers)
        legs.append({ each, cells() });
    return legs;
}

QList<RunCell> CommandLine::cells() const
{
    if (action == Action::Sweep)
        return sweep.cells(experiment, strategies);
    if (action == Action::Lesson) {
        QList<RunCell> all;
        for (const LessonStep& step : lesson->steps)
            all += RunCell::plainRun(step.experiment, step.strategies);
        return all;
    }
    return RunCell::plainRun(experiment, strategies);
}
