#include "app/cli/helptext.h"

#include "app/cli/terminalwidth.h"

#include <QCoreApplication>

namespace HelpText {

namespace {

constexpr qsizetype kLineColumns = 79;
constexpr qsizetype kNamesColumns = 35; // the flags' column, as QCommandLineParser lays it out
constexpr qsizetype kIndent = 2;

bool isWideChar(QChar c)
{
    return TerminalWidth::of(QString(c)) == 2;
}

// Punctuation that must not begin a line.
bool closes(QChar c)
{
    return QStringLiteral("，。、；：！？）」』】》,.;:!?)").contains(c);
}

bool opens(QChar c)
{
    return QStringLiteral("（「『【《(").contains(c);
}

// Units a line may break between: a run of non-space narrow characters (a word, a flag, a
// number with its unit), one wide character, or a space. Closing punctuation stays with what
// it closes, opening punctuation with what it opens.
QStringList units(const QString& text)
{
    QStringList out;
    QString current;
    bool opened = false; // current ends in opening punctuation: what follows joins it
    const auto flush = [&] {
        if (!current.isEmpty())
            out << current;
        current.clear();
    };
    for (const QChar c : text) {
        if (c.isSpace()) {
            flush();
            out << QStringLiteral(" ");
        } else if (closes(c)) {
            if (current.isEmpty() && !out.isEmpty() && out.last() != QLatin1String(" "))
                out.last() += c;
            else
                current += c;
        } else if (opens(c)) {
            if (!opened)
                flush();
            current += c;
            opened = true;
            continue;
        } else if (isWideChar(c)) {
            if (!opened)
                flush();
            current += c;
            flush();
        } else {
            if (!opened && !current.isEmpty() && isWideChar(current.back()))
                flush();
            current += c;
        }
        opened = false;
    }
    flush();
    return out;
}

QString namesOf(const QCommandLineOption& option)
{
    QStringList names;
    for (const QString& name : option.names())
        names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    QString text = names.join(QStringLiteral(", "));
    if (!option.valueName().isEmpty())
        text += QStringLiteral(" <%1>").arg(option.valueName());
    return text;
}

// A name in the left column and its description wrapped beside it.
QString entry(const QString& name, const QString& description)
{
    const qsizetype column = kIndent + kNamesColumns;
    QString out = QString(kIndent, QLatin1Char(' ')) + name;
    const QStringList lines = wrap(description, kLineColumns - column);
    if (TerminalWidth::of(out) >= column)
        out += QLatin1Char('\n') + QString(column, QLatin1Char(' '));
    else
        out = TerminalWidth::leftJustified(out, column);
    out += lines.join(QLatin1Char('\n') + QString(column, QLatin1Char(' ')));
    return out + QLatin1Char('\n');
}

} // namespace

QStringList wrap(const QString& text, qsizetype columns)
{
    QStringList lines;
    QString line;
    for (const QString& unit : units(text)) {
        if (unit == QLatin1String(" ")) {
            if (!line.isEmpty())
                line += unit;
            continue;
        }
        if (!line.isEmpty() && TerminalWidth::of(line) + TerminalWidth::of(unit) > columns) {
            lines << line.trimmed();
            line.clear();
        }
        line += unit;
    }
    if (!line.trimmed().isEmpty())
        lines << line.trimmed();
    return lines;
}

QString format(const QString& program, const QString& description, const QList<QCommandLineOption>& options,
    const Positional& positional)
{
    QString out
        = QCoreApplication::translate("HelpText", "Usage: %1 [options] %2").arg(program, positional.syntax)
        + QLatin1Char('\n');
    for (const QString& line : description.split(QLatin1Char('\n'))) {
        // The description's own lines keep their indentation; only a line too long is wrapped.
        if (TerminalWidth::of(line) <= kLineColumns) {
            out += line + QLatin1Char('\n');
            continue;
        }
        qsizetype indent = 0;
        while (line.at(indent).isSpace())
            ++indent; // a line this long is not all spaces
        for (const QString& part : wrap(line.trimmed(), kLineColumns - indent))
            out += QString(indent, QLatin1Char(' ')) + part + QLatin1Char('\n');
    }
    out += QLatin1Char('\n') + QCoreApplication::translate("HelpText", "Options:") + QLatin1Char('\n');
    for (const QCommandLineOption& option : options)
        out += entry(namesOf(option), option.description());
    out += QLatin1Char('\n') + QCoreApplication::translate("HelpText", "Arguments:") + QLatin1Char('\n');
    out += entry(positional.name, positional.description);
    return out;
}

} // namespace HelpText
