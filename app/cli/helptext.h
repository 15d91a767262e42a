#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

// The --help text, laid out in terminal columns. QCommandLineParser counts characters: a
// Chinese character fills two columns, so its lines ran past the terminal's edge, and with no
// spaces to break at it cut English words (flag values, SQL) in two.
namespace HelpText {

struct Positional {
    QString name;
    QString description;
    QString syntax; // as the usage line shows it, e.g. "[run|sweep|lesson NAME]"
};

QString format(const QString& program, const QString& description, const QList<QCommandLineOption>& options,
    const Positional& positional);

// Lines of at most `columns` terminal columns (a longer word stands alone): breaks at spaces
// and between Chinese characters, never inside a run of Latin letters, digits or symbols, and
// never before closing punctuation such as "，" or "）".
QStringList wrap(const QString& text, qsizetype columns);

} // namespace HelpText
