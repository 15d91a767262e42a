#pragma once

#include "app/cli/commandline.h"

#include <QDir>
#include <QFile>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

// What the command-line parser's tests share: the parser as the executable calls it, its
// refusal as stderr would show it, and the flags outside the field table with bad values.
namespace CommandLineCases {

// What the executable would print on stderr for these arguments, when it refuses them.
inline QString refusal(const CommandLine& cli)
{
    return cli.errors.join(QLatin1Char('\n'));
}

inline CommandLine parse(const QStringList& arguments)
{
    return CommandLine::parse(QStringList { QStringLiteral("lockbench") } + arguments);
}

inline QString asText(const QJsonValue& value)
{
    return value.isDouble() ? QString::number(value.toDouble()) : value.toString();
}

// The flags outside the field table, each with values it must refuse and the flag its message
// names. `folder` and `file` stand for an existing folder and an existing file.
struct FlagCase {
    const char* flag;
    QStringList values;
};

inline QList<FlagCase> cliOnlyFlags(const QString& folder, const QString& file)
{
    const QString missing = QStringLiteral("/nonexistent/lockbench/out");
    return {
        { "--server",
            { QString(), QStringLiteral("http://u:secretpw@h/db"),
                QStringLiteral("mysql://u:secretpw@h:99999/db"), QStringLiteral("mysql://h/db"),
                QStringLiteral("mysql://u:secretpw@h/a-b"), QStringLiteral("embeded") } },
        { "--strategy",
            { QString(), QStringLiteral("bogus"), QStringLiteral(","), QStringLiteral("all,bogus"),
                QStringLiteral("conditional,,naive"), QStringLiteral("conditional,") } },
        { "--json", { QString(), folder, missing + QStringLiteral(".json") } },
        { "--csv", { QString(), folder, missing + QStringLiteral(".csv") } },
        { "--locks-json", { QString(), folder, missing + QStringLiteral(".jsonl") } },
        { "--save-experiment", { QString(), folder, missing + QStringLiteral(".json") } },
        { "--report", { QString(), QStringLiteral("out.txt"), missing + QStringLiteral(".html"), folder } },
        { "--charts", { QString(), file, file + QStringLiteral("/charts") } },
        { "--chart-size",
            { QString(), QStringLiteral("big"), QStringLiteral("10x10"), QStringLiteral("1200x0"),
                QStringLiteral("99999x700"), QStringLiteral("1200x700x3"), QStringLiteral("-1200x700") } },
        { "--dpi",
            { QString(), QStringLiteral("x"), QStringLiteral("0"), QStringLiteral("35"),
                QStringLiteral("1201"), QStringLiteral("1e3") } },
        { "--experiment", { QString(), missing + QStringLiteral(".json"), folder } },
    };
}

// Makes `dir` the current folder, so that output a wrongly accepted flag might write lands
// there and not in the build tree, with an existing file in it (`file`) for where a folder is
// expected; false when that cannot be done.
inline bool enterScratchDir(const QTemporaryDir& dir, QString* file)
{
    *file = dir.filePath(QStringLiteral("a-file"));
    QFile out(*file);
    return dir.isValid() && QDir::setCurrent(dir.path()) && out.open(QIODevice::WriteOnly);
}

} // namespace CommandLineCases
