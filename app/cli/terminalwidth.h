#pragma once

#include <QList>
#include <QString>

// The width of text in a terminal's columns: Chinese characters take two, so padding by
// QString::size() would push every column after a Chinese header out of line.
namespace TerminalWidth {

qsizetype of(const QString& text);
// Pads with spaces on the right (left-aligned) or on the left (right-aligned) to `columns`.
QString leftJustified(const QString& text, qsizetype columns);
QString rightJustified(const QString& text, qsizetype columns);

} // namespace TerminalWidth
