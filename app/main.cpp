#include "app/cli/commandline.h"
#include "app/cli/headlessrun.h"
#include "app/cli/processarguments.h"
#include "app/cli/windowmodule.h"
#include "app/cli/windowmoduleloader.h"
#include "app/core/shutdownsignal.h"
#include "app/core/translation.h"
#include "app/db/driverwarnings.h"
#include "app/lesson/lessonlibrary.h"

#include <QCoreApplication>
#include <QTextStream>

#include <memory>
#include <optional>

namespace {

bool displayAvailable()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

void describeApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("lockbench"));
    QCoreApplication::setApplicationName(QStringLiteral("lockbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKBENCH_VERSION));
}

// The window's module, or a message on the terminal saying why there is none.
WindowModule* windowModule()
{
    QString error;
    WindowModule* module = WindowModuleLoader::load(&error);
    if (!module)
        QTextStream(stderr) << "lockbench: " << error << Qt::endl;
    return module;
}

int runWindow(int argc, char* argv[])
{
    WindowModule* module = windowModule();
    if (!module)
        return 1;
    describeApplication();
    return module->runWindow(argc, argv);
}

// Help, the version, refused flags and the list of lessons: what the command line answers without
// running anything (no value for a run).
std::optional<int> answerWithoutRun(const CommandLine& commandLine)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    switch (commandLine.action) {
    case CommandLine::Action::Help:
        out << commandLine.helpText;
        return 0;
    case CommandLine::Action::Version:
        out << "lockbench " << LOCKBENCH_VERSION << Qt::endl;
        return 0;
    case CommandLine::Action::Fail:
        for (const QString& error : commandLine.errors)
            err << "lockbench: " << error << Qt::endl;
        err << QCoreApplication::translate("Main", "Run lockbench --help for the flags.") << Qt::endl;
        return 2;
    case CommandLine::Action::ListLessons:
        for (const Lesson& lesson : LessonLibrary::load())
            out << lesson.id << "  " << lesson.title << " "
                << (lesson.steps.size() == 1
                           ? QCoreApplication::translate("Main", "(1 step)")
                           : QCoreApplication::translate("Main", "(%1 steps)").arg(lesson.steps.size()))
                << Qt::endl;
        out << QCoreApplication::translate("Main", "Run one with: lockbench lesson NAME") << Qt::endl;
        return 0;
    case CommandLine::Action::Run:
    case CommandLine::Action::Sweep:
    case CommandLine::Action::Lesson:
        break;
    }
    return std::nullopt;
}

int runHeadless(int argc, char* argv[], bool defaultExperiment)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (defaultExperiment) {
        QTextStream(stderr) << QCoreApplication::translate("Main",
            "lockbench: no display, so running the default experiment headless "
            "(every strategy for 5 s). See lockbench --help.")
                            << Qt::endl;
        arguments << QStringLiteral("run") << QStringLiteral("--duration") << QStringLiteral("5s");
    }
    // The parsed flags decide which application object the run needs: reports and chart
    // files are drawn with Qt Charts in the window's module, which needs a QApplication (the
    // offscreen platform draws without a display); any other run stays a QCoreApplication and
    // loads no module. The parser's help text needs an application object too, so a plain one
    // parses, and gives way when charts are drawn.
    auto app = std::make_unique<QCoreApplication>(argc, argv);
    // The help and the refusals in the reader's language; reports and charts too, below.
    Translation::install(Translation::bestFor(QLocale::system()));
    const CommandLine parsed = CommandLine::parse(arguments);
    ProcessArguments::maskPasswords(argc, argv); // parsed: from here on `ps` shows *** instead
    WindowModule* module = nullptr;
    const bool runs = parsed.action == CommandLine::Action::Run || parsed.action == CommandLine::Action::Sweep
        || parsed.action == CommandLine::Action::Lesson;
    if (runs && parsed.drawsCharts()) {
        module = windowModule(); // before the run: a report asked for and impossible runs nothing
        if (!module)
            return 2;
        app.reset();
        app = module->drawingApplication(argc, argv);
    }
    describeApplication();
    Translation::install(Translation::bestFor(QLocale::system())); // again: a new application object has none
    CommandLine commandLine = parsed;
    if (commandLine.lesson) // read again, now in the reader's language
        commandLine.lesson = LessonLibrary::find(commandLine.lesson->id);
    if (const std::optional<int> status = answerWithoutRun(commandLine))
        return *status;
    HeadlessRun run(commandLine, module ? &module->reportDrawing() : nullptr);
    return run.exec();
}

} // namespace

int main(int argc, char* argv[])
{
    DriverWarnings::quietenLostStatementFrees();
    // No arguments: the window. Any argument: the command line (lockbench run ..., --help).
    if (argc <= 1) {
        if (displayAvailable())
            return runWindow(argc, argv);
        return runHeadless(argc, argv, true);
    }
    return runHeadless(argc, argv, false);
}
