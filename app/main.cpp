#include "cli/commandline.h"
#include "cli/headlessrun.h"

#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lockbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKBENCH_VERSION));

    QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() == 1) {
        // No arguments: the default experiment, every strategy for 5 s each.
        arguments << QStringLiteral("run") << QStringLiteral("--duration") << QStringLiteral("5s");
    }
    const CommandLine commandLine = CommandLine::parse(arguments);
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
        err << "Run lockbench --help for the flags." << Qt::endl;
        return 2;
    case CommandLine::Action::Run:
        break;
    }
    HeadlessRun run(commandLine);
    return run.exec();
}
