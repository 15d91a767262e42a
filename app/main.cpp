#include "app/cli/commandline.h"
#include "app/cli/headlessrun.h"
#include "app/cli/processarguments.h"
#include "app/core/shutdownsignal.h"
#include "app/core/translation.h"
#include "app/db/driverwarnings.h"
#include "app/lesson/lessonlibrary.h"
#include "ui/languagemenu.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QProcess>
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

int runWindow(int argc, char* argv[])
{
    QApplication app(argc, argv);
    describeApplication();
    Translation::install(LanguageMenu::startupLanguage());
    bool restart = false;
    int status = 0;
    {
        MainWindow window;
        ShutdownSignal shutdown; // Ctrl-C in the terminal closes the window, stopping run and server cleanly
        QObject::connect(&shutdown, &ShutdownSignal::requested, &window, &QWidget::close);
        window.show();
        status = app.exec();
        restart = window.restartRequested();
    } // the window's session, and with it the lab's server, is gone before a new lab starts
    if (restart && !QProcess::startDetached(QCoreApplication::applicationFilePath(), {}))
        QTextStream(stderr) << "lockbench: could not start again; start it by hand to use the new language"
                            << Qt::endl;
    return status;
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
    // files are drawn with Qt Charts, which needs a QApplication (the offscreen platform draws
    // without a display); any other run stays a QCoreApplication. The parser's help text needs
    // an application object too, so a plain one parses, and gives way when charts are drawn.
    auto app = std::make_unique<QCoreApplication>(argc, argv);
    // The help and the refusals in the reader's language; reports and charts too, below.
    Translation::install(Translation::bestFor(QLocale::system()));
    const CommandLine parsed = CommandLine::parse(arguments);
    ProcessArguments::maskPasswords(argc, argv); // parsed: from here on `ps` shows *** instead
    if (parsed.drawsCharts()) {
        app.reset();
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
    }
    describeApplication();
    Translation::install(Translation::bestFor(QLocale::system())); // again: a new application object has none
    CommandLine commandLine = parsed;
    if (commandLine.lesson) // read again, now in the reader's language
        commandLine.lesson = LessonLibrary::find(commandLine.lesson->id);
    if (const std::optional<int> status = answerWithoutRun(commandLine))
        return *status;
    HeadlessRun run(commandLine);
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
