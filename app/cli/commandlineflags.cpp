#include "app/cli/commandlineflags.h"

#include "app/core/experimentfields.h"

#include <QCoreApplication>

namespace {

struct Flag {
    QStringList names;
    const char* valueName; // nullptr: a switch
    const char* help; // English, marked for lupdate; translated when the options are made
};

// The flags outside the experiment's fields, in the order --help lists them.
const QList<Flag>& ownFlags()
{
    static const QList<Flag> flags = {
        { { QStringLiteral("h"), QStringLiteral("help") }, nullptr,
            QT_TRANSLATE_NOOP("CommandLine", "Show this help.") },
        { { QStringLiteral("version") }, nullptr, QT_TRANSLATE_NOOP("CommandLine", "Show the version.") },
        { { QStringLiteral("strategy") }, "list",
            QT_TRANSLATE_NOOP(
                "CommandLine", "Strategies to run, comma-separated, all or deadlocks (default: all).") },
        { { QStringLiteral("strategy-file") }, "file",
            QT_TRANSLATE_NOOP("CommandLine",
                "Run the strategy a strategy file describes (your own transaction, in pgbench's script "
                "syntax); repeat it for several. Beside --strategy, or alone to run only the files' "
                "strategies.") },
        { { QStringLiteral("server") }, "where",
            QT_TRANSLATE_NOOP("CommandLine",
                "embedded (the lab's private MariaDB, default), cluster:N (the lab's private Galera cluster "
                "of N nodes, 2 to 9), postgres (the lab's private PostgreSQL), "
                "mysql://user:password@host:port/database (several hosts, host1:port,host2:port, are a "
                "cluster's nodes) or postgres://user:password@host:5432/database. The password may come "
                "from LOCKBENCH_PASSWORD instead.") },
        { { QStringLiteral("experiment") }, "file",
            QT_TRANSLATE_NOOP(
                "CommandLine", "Load the experiment from a JSON file; flags given as well override it.") },
        { { QStringLiteral("save-experiment") }, "file",
            QT_TRANSLATE_NOOP("CommandLine", "Write the experiment, as given, to a JSON file.") },
        { { QStringLiteral("json") }, "file",
            QT_TRANSLATE_NOOP("CommandLine", "Write summary and time series as JSON.") },
        { { QStringLiteral("csv") }, "file",
            QT_TRANSLATE_NOOP("CommandLine",
                "Write the time series as CSV, and the summary beside it as <name>-summary.csv.") },
        { { QStringLiteral("locks-json") }, "file",
            QT_TRANSLATE_NOOP("CommandLine",
                "Log every lock-inspector sample (who holds and who waits for row locks, several a second) "
                "to a file, one JSON object per line.") },
        { { QStringLiteral("report") }, "file",
            QT_TRANSLATE_NOOP("CommandLine",
                "Write a self-contained report (experiment, server, settings, table with verdicts, every "
                "chart): "
                ".html with the charts as SVG, or .pdf.") },
        { { QStringLiteral("charts") }, "folder",
            QT_TRANSLATE_NOOP("CommandLine", "Write every chart into this folder as PNG, SVG and PDF.") },
        { { QStringLiteral("chart-size") }, "WxH",
            QT_TRANSLATE_NOOP("CommandLine", "Chart size in pixels for --charts (default: 1200x700).") },
        { { QStringLiteral("dpi") }, "n",
            QT_TRANSLATE_NOOP("CommandLine", "PNG resolution for --charts (default: 144).") },
        { { QStringLiteral("redis") }, "url",
            QT_TRANSLATE_NOOP("CommandLine",
                "The Redis of redis-split: redis://[:password@]host[:port] or unix:///path/redis.sock "
                "(default: "
                "the lab starts "
                "its own private redis-server).") },
        { { QStringLiteral("q"), QStringLiteral("quiet") }, nullptr,
            QT_TRANSLATE_NOOP("CommandLine", "No live line per second.") },
        { { QStringLiteral("predict") }, nullptr,
            QT_TRANSLATE_NOOP("CommandLine",
                "Before the run, time each strategy with one client for a moment and print the orders/s "
                "the lab predicts for the experiment; the results show predicted against measured.") },
    };
    return flags;
}

} // namespace

namespace CommandLineFlags {

QList<QCommandLineOption> all()
{
    QList<QCommandLineOption> options;
    for (const Flag& flag : ownFlags()) {
        const QString help = QCoreApplication::translate("CommandLine", flag.help);
        options.append(flag.valueName ? QCommandLineOption(flag.names, help, QLatin1String(flag.valueName))
                                      : QCommandLineOption(flag.names, help));
    }
    for (const ExperimentField& field : ExperimentFields::all()) {
        QStringList names { field.name };
        if (field.name == QLatin1String("threads"))
            names << QStringLiteral("clients"); // with the event-driven clients, not a thread each
        options.append(QCommandLineOption(names,
            QCoreApplication::translate(
                "CommandLine", "%1 (default: %2)", "a flag's help, then its default value")
                .arg(field.help.text(), field.print(Experiment {})),
            field.valueName));
    }
    return options;
}

} // namespace CommandLineFlags
